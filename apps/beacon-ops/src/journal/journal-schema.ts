import { DataSource } from 'typeorm';
import { BeaconLockRow } from './beacon-lock.entity';
import { IdempotencyKeyRow } from './idempotency-key.entity';
import { TxJournalRow } from './tx-journal.entity';
import { WalletRow } from './wallet.entity';

export const JOURNAL_ENTITIES = [WalletRow, TxJournalRow, IdempotencyKeyRow, BeaconLockRow];
export const JOURNAL_MIGRATIONS_TABLE = 'schema_migrations';

// Any constant both replicas agree on: it names "the beacon_ops schema migration" lock.
const MIGRATION_LOCK_KEY = 7_240_118_001;

/**
 * Applies pending migrations (each in its own transaction). beacon-ops owns this database
 * and migrates it when it first connects; a session advisory lock makes two replicas that
 * start together take turns, and the second then finds nothing left to do.
 */
export async function migrateJournal(source: DataSource): Promise<string[]> {
  const runner = source.createQueryRunner();
  await runner.connect();
  try {
    await runner.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
    try {
      const applied = await source.runMigrations({ transaction: 'each' });
      return applied.map((migration) => migration.name);
    } finally {
      await runner.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]);
    }
  } finally {
    await runner.release();
  }
}
