import { migrateStore } from '@perp/index-db';
import { runMigrateCommand, StoreMigration } from '@perp/service';
import { MIGRATE_POOL_OPTIONS, withDataSource } from '@perp/store';
import { KEY_STORE_OPTIONS } from './key-store/key-store-options';
import { migrateKeyStore } from './key-store/key-store-schema';
import { loadMarketDataSettings, MarketDataSettings } from './settings';

/**
 * market-data's three stores: its own Key store, and the index and source stores, whose schema
 * (libs/index-db) ships with this bundle (the indexer that writes them lives elsewhere).
 */
export function marketDataMigrations(settings: MarketDataSettings): StoreMigration[] {
  return [
    {
      store: 'key store',
      url: settings.keysDatabaseUrl,
      migrate: () => withDataSource({ type: 'postgres', url: settings.keysDatabaseUrl, extra: MIGRATE_POOL_OPTIONS, ...KEY_STORE_OPTIONS }, migrateKeyStore),
    },
    {
      store: 'index store',
      url: settings.indexDatabaseUrl,
      migrate: async () => (await migrateStore('index', settings.indexDatabaseUrl, MIGRATE_POOL_OPTIONS)).applied,
    },
    {
      store: 'source store',
      url: settings.sourceDatabaseUrl,
      migrate: async () => (await migrateStore('source', settings.sourceDatabaseUrl, MIGRATE_POOL_OPTIONS)).applied,
    },
  ];
}

/** `node main.js migrate`, with the same settings (environment variables) as the service. */
export function migrateMarketData(env: NodeJS.ProcessEnv = process.env): Promise<number> {
  return runMigrateCommand('market-data', () => marketDataMigrations(loadMarketDataSettings(env)));
}
