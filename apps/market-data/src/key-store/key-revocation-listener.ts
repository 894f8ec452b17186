import { Inject, Injectable, Logger, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import { Client } from 'pg';
import { MARKET_DATA_SETTINGS, MarketDataSettings } from '../settings';
import { ApiKeyCache } from './api-key-cache';

/** The Postgres channel a revocation is announced on; the payload is the key's SHA-256 in hex. */
export const KEY_REVOKED_CHANNEL = 'market_data_api_key_revoked';

const RECONNECT_MS = 1_000;

/**
 * LISTENs on the Key store for revocations made by any replica and drops the key from this
 * replica's cache at once. While the connection is down the cache TTL is the bound; on every
 * (re)connection the whole cache is dropped, as a notice may have been missed meanwhile.
 */
@Injectable()
export class KeyRevocationListener implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('KeyRevocationListener');
  private client?: Client;
  private retry?: NodeJS.Timeout;
  private stopped = false;
  private warned = false;

  constructor(
    @Inject(MARKET_DATA_SETTINGS) private readonly settings: MarketDataSettings,
    private readonly cache: ApiKeyCache,
  ) {}

  onApplicationBootstrap(): void {
    void this.connect();
  }

  async onApplicationShutdown(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.retry);
    await this.client?.end().catch(() => undefined);
  }

  /** Resolves once listening (tests); false if the store is unreachable now. */
  async connect(): Promise<boolean> {
    if (this.stopped) return false;
    const client = new Client({ connectionString: this.settings.keysDatabaseUrl, connectionTimeoutMillis: 5_000 });
    client.on('notification', (message) => {
      if (message.channel === KEY_REVOKED_CHANNEL && message.payload) this.cache.invalidate(Buffer.from(message.payload, 'hex'));
    });
    client.on('error', () => this.lost(client));
    client.on('end', () => this.lost(client));
    try {
      await client.connect();
      await client.query(`LISTEN ${KEY_REVOKED_CHANNEL}`);
    } catch (error) {
      if (!this.warned) this.logger.warn(`Not listening for key revocations (retrying; the cache TTL bounds them meanwhile): ${(error as Error).message}`);
      this.warned = true;
      this.lost(client);
      return false;
    }
    if (this.stopped) {
      await client.end().catch(() => undefined);
      return false;
    }
    this.client = client;
    this.warned = false;
    this.cache.clear();
    return true;
  }

  private lost(client: Client): void {
    if (this.client === client) this.client = undefined;
    client.removeAllListeners('end');
    void client.end().catch(() => undefined);
    if (this.stopped || this.retry) return;
    this.retry = setTimeout(() => {
      this.retry = undefined;
      void this.connect();
    }, RECONNECT_MS);
    this.retry.unref();
  }
}
