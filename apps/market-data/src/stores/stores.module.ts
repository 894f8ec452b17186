import { DynamicModule, Global, Inject, Injectable, Module, OnApplicationShutdown } from '@nestjs/common';
import { indexStoreDataSourceOptions, sourceStoreDataSourceOptions } from '@perp/index-db';
import { postgresPoolOptions, StoreConnection } from '@perp/store';
import { KEY_STORE_OPTIONS } from '../keys/key-store-options';
import { MARKET_DATA_SETTINGS, MarketDataSettings } from '../settings';

/** The three stores market-data reads (index, source) and writes (its own key table). */
@Injectable()
export class Stores implements OnApplicationShutdown {
  readonly index: StoreConnection;
  readonly source: StoreConnection;
  readonly keys: StoreConnection;

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
    this.keys = new StoreConnection(
      'Key store',
      { type: 'postgres', url: settings.keysDatabaseUrl, extra: postgresPoolOptions({ timeoutMs, max: 5 }), ...KEY_STORE_OPTIONS },
      { timeoutMs },
    );
  }

  async onApplicationShutdown(): Promise<void> {
    await Promise.all([this.index.close(), this.source.close(), this.keys.close()]);
  }
}

@Global()
@Module({})
export class StoresModule {
  static register(settings: MarketDataSettings): DynamicModule {
    return {
      module: StoresModule,
      providers: [{ provide: MARKET_DATA_SETTINGS, useValue: settings }, Stores],
      exports: [MARKET_DATA_SETTINGS, Stores],
    };
  }
}
