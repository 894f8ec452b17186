import { migrateUnderLock } from '@perp/store';
import { DataSource } from 'typeorm';
import { storeDataSourceOptions, StoreName } from './store-options';

export interface StoreMigrationResult {
  store: StoreName;
  applied: string[];
}

/** Connection settings of a migration run: the pool's `extra` (e.g. a connect timeout). */
export type MigrationConnectionOptions = Record<string, unknown>;

async function withDataSource<T>(store: StoreName, url: string, work: (source: DataSource) => Promise<T>, extra?: MigrationConnectionOptions): Promise<T> {
  const source = new DataSource(storeDataSourceOptions(store, url, { name: `index-db-migrate-${store}`, extra }));
  await source.initialize();
  try {
    return await work(source);
  } finally {
    await source.destroy();
  }
}

/**
 * Applies the pending migrations of one store under its advisory lock (see migrateUnderLock):
 * market-data's migrate job, the indexer and the dev stack may run it at once. Returns the names applied.
 */
export async function migrateStore(store: StoreName, url: string, extra?: MigrationConnectionOptions): Promise<StoreMigrationResult> {
  const applied = await withDataSource(store, url, (source) => migrateUnderLock(source, `index-db:${store}-store-migrations`, 'each'), extra);
  return { store, applied };
}

/** Reverts the latest `steps` applied migrations of one store (newest first); returns the names reverted. */
export async function revertStore(store: StoreName, url: string, steps = 1): Promise<StoreMigrationResult> {
  return withDataSource(store, url, async (source) => {
    const reverted: string[] = [];
    for (let i = 0; i < steps; i++) {
      const executed = await source.query(`SELECT name FROM "${source.options.migrationsTableName}" ORDER BY id DESC LIMIT 1`).catch(() => []);
      if (executed.length === 0) break;
      await source.undoLastMigration({ transaction: 'each' });
      reverted.push(executed[0].name as string);
    }
    return { store, applied: reverted };
  });
}

/**
 * Brings both stores up to date, index then source. The dev stack and the simulator call
 * this; deployments run the `migrate` target (same code) before starting the API.
 */
export async function runIndexDbMigrations(indexUrl: string, sourceUrl: string): Promise<StoreMigrationResult[]> {
  return [await migrateStore('index', indexUrl), await migrateStore('source', sourceUrl)];
}
