import { BeforeApplicationShutdown, Inject, Injectable, Logger, OnApplicationBootstrap } from '@nestjs/common';
import { MARKET_DATA_SETTINGS, MarketDataSettings } from '../settings';
import { ApiKeysRepository } from './api-keys.repository';

/**
 * Keeps each key's last use in memory and writes them all in one batched UPDATE every
 * API_KEY_LAST_USED_FLUSH_MS and at shutdown, instead of one write per request. A failed
 * flush (store down) keeps the times for the next one; a crash loses at most one interval.
 */
@Injectable()
export class LastUsedRecorder implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly logger = new Logger('LastUsedRecorder');
  private pending = new Map<number, Date>();
  private timer?: NodeJS.Timeout;
  private flushing: Promise<void> = Promise.resolve();

  constructor(
    @Inject(MARKET_DATA_SETTINGS) private readonly settings: MarketDataSettings,
    private readonly repository: ApiKeysRepository,
  ) {}

  onApplicationBootstrap(): void {
    this.timer = setInterval(() => void this.flush(), this.settings.apiKeyLastUsedFlushMs);
    this.timer.unref();
  }

  async beforeApplicationShutdown(): Promise<void> {
    clearInterval(this.timer);
    await this.flush();
  }

  record(keyId: number, at: Date = new Date()): void {
    const known = this.pending.get(keyId);
    if (!known || known < at) this.pending.set(keyId, at);
  }

  /** Writes what is pending now; flushes never overlap. */
  flush(): Promise<void> {
    this.flushing = this.flushing.then(() => this.write());
    return this.flushing;
  }

  private async write(): Promise<void> {
    if (this.pending.size === 0) return;
    const batch = this.pending;
    this.pending = new Map();
    try {
      await this.repository.recordLastUsed(batch);
    } catch (error) {
      for (const [id, at] of batch) this.record(id, at);
      this.logger.warn(
        `last_used_at of ${batch.size} key(s) not written, retried at the next flush: ${error instanceof Error ? error.message : String(error)}`,
      );
    }
  }
}
