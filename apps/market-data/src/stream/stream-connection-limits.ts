import { Inject, Injectable } from '@nestjs/common';
import { DetailHttpException } from '@perp/http';
import type { ApiKeyPrincipal } from '../auth';
import { MARKET_DATA_SETTINGS, MarketDataSettings } from '../settings';
import { streamMetrics } from './stream-metrics';

/**
 * Open streams per key on this replica (in memory, like the request rate limit: N replicas allow
 * N x the limit): STREAM_CONNECTIONS_PER_KEY per bot key, STREAM_ADMIN_CONNECTIONS for all admin
 * keys together. Beyond it: 429.
 */
@Injectable()
export class StreamConnectionLimits {
  private readonly open = new Map<string, number>();

  constructor(@Inject(MARKET_DATA_SETTINGS) private readonly settings: MarketDataSettings) {}

  /** Takes a connection of the key's allowance; the returned function gives it back (once). */
  acquire(principal: ApiKeyPrincipal): () => void {
    const admin = principal.kind === 'admin';
    const key = admin ? 'admin' : String(principal.keyId);
    const limit = admin ? this.settings.streamAdminConnections : this.settings.streamConnectionsPerKey;
    const used = this.open.get(key) ?? 0;
    if (used >= limit) {
      streamMetrics.refused.inc();
      throw new DetailHttpException(429, `Too many open streams for this API key (at most ${limit})`, { 'Retry-After': '5' });
    }
    this.open.set(key, used + 1);
    let released = false;
    return () => {
      if (released) return;
      released = true;
      const left = (this.open.get(key) ?? 1) - 1;
      if (left <= 0) this.open.delete(key);
      else this.open.set(key, left);
    };
  }
}
