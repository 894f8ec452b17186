import { Inject, Injectable, OnApplicationShutdown } from '@nestjs/common';
import { postgresPoolOptions, StoreConnection } from '@perp/store';
import { MARKET_DATA_SETTINGS, MarketDataSettings } from '../settings';
import { KEY_STORE_OPTIONS } from './key-store-options';

/**
 * The Key store: market-data's own database (the api_keys table), the one store it writes
 * and migrates. Kept beside its schema, apart from the index and source stores it only reads.
 */
@Injectable()
export class KeyStore implements OnApplicationShutdown {
  readonly connection: StoreConnection;

  constructor(@Inject(MARKET_DATA_SETTINGS) settings: MarketDataSettings) {
    const timeoutMs = settings.storeTimeoutMs;
    this.connection = new StoreConnection(
      'Key store',
      { type: 'postgres', url: settings.keysDatabaseUrl, extra: postgresPoolOptions({ timeoutMs, max: 5 }), ...KEY_STORE_OPTIONS },
      { timeoutMs },
    );
  }

  async onApplicationShutdown(): Promise<void> {
    await this.connection.close();
  }
}
