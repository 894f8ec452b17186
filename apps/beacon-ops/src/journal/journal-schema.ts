import { migrateUnderLock } from '@perp/store';
import { DataSource } from 'typeorm';
import type { PostgresConnectionOptions } from 'typeorm/driver/postgres/PostgresConnectionOptions';
import { BeaconGatingRow } from './beacon-gating.entity';
import { BeaconLockRow } from './beacon-lock.entity';
import { IdempotencyKeyRow } from './idempotency-key.entity';
import { TxJournalRow } from './tx-journal.entity';
import { WalletRow } from './wallet.entity';
import { JOURNAL_MIGRATIONS } from './migrations';

export const JOURNAL_ENTITIES = [WalletRow, TxJournalRow, IdempotencyKeyRow, BeaconLockRow, BeaconGatingRow];
export const JOURNAL_MIGRATIONS_TABLE = 'schema_migrations';

// Any constant both replicas agree on: it names "the beacon_ops schema migration" lock.
const MIGRATION_LOCK_KEY = 7_240_118_001;

/** Entities and migrations of the journal's data source (classes, not globs: the app is bundled). Never `synchronize`. */
export const JOURNAL_STORE_OPTIONS = {
  entities: JOURNAL_ENTITIES,
  migrations: JOURNAL_MIGRATIONS,
  migrationsTableName: JOURNAL_MIGRATIONS_TABLE,
  migrationsTransactionMode: 'each',
  migrationsRun: false,
  synchronize: false,
} satisfies Partial<PostgresConnectionOptions>;

/**
 * Applies pending migrations (each in its own transaction). beacon-ops owns this database:
 * `node main.js migrate` applies them before a deploy, and a replica again when it first
 * connects; the advisory lock (see migrateUnderLock) makes them take turns.
 */
export function migrateJournal(source: DataSource): Promise<string[]> {
  return migrateUnderLock(source, MIGRATION_LOCK_KEY, 'each');
}
