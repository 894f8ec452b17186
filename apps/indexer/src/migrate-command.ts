import { migrateStore } from '@perp/index-db';
import { runMigrateCommand, StoreMigration } from '@perp/service';
import { MIGRATE_POOL_OPTIONS } from '@perp/store';
import { IndexerSettings, loadIndexerSettings } from './settings';

/** The indexer's one store: the index store, whose schema (libs/index-db) includes its cursor. */
export function indexerMigrations(settings: IndexerSettings): StoreMigration[] {
  return [
    { store: 'index store', url: settings.databaseUrl, migrate: async () => (await migrateStore('index', settings.databaseUrl, MIGRATE_POOL_OPTIONS)).applied },
  ];
}

/** `node main.js migrate`, with the same settings (environment variables) as the service. */
export function migrateIndexer(env: NodeJS.ProcessEnv = process.env): Promise<number> {
  return runMigrateCommand('indexer', () => indexerMigrations(loadIndexerSettings(env)));
}
