import { Inject, Injectable, Module, OnApplicationShutdown } from '@nestjs/common';
import { indexStoreDataSourceOptions, sourceStoreDataSourceOptions } from '@perp/index-db';
import { postgresPoolOptions, StoreConnection } from '@perp/store';
import { MARKET_DATA_SETTINGS, MarketDataSettings } from '../settings';

/** The two stores market-data only reads, index and source (its own Key store is key-store/'s). */
@Injectable()
export class Stores implements OnApplicationShutdown {
  readonly index: StoreConnection;
  readonly source: StoreConnection;

  constructor(@Inject(MARKET_DATA_SETTINGS) settings: MarketDataSettings) {
    const timeoutMs = settings.storeTimeoutMs;
    // market-data only reads the index and source stores: their schema is index-db's (never migrated from here).
    this.index = new StoreConnection('Index store', indexStoreDataSourceOptions(settings.indexDatabaseUrl, { extra: postgresPoolOptions({ timeoutMs }) }), {
      timeoutMs,
    });
    this.source = new StoreConnection(
      'Source store',
      sourceStoreDataSourceOptions(settings.sourceDatabaseUrl, { extra: postgresPoolOptions({ timeoutMs, max: 5 }) }),
      { timeoutMs },
    );
  }

  async onApplicationShutdown(): Promise<void> {
    await Promise.all([this.index.close(), this.source.close()]);
  }
}

/** The index and source stores, for the modules whose repositories read them. */
@Module({ providers: [Stores], exports: [Stores] })
export class StoresModule {}
