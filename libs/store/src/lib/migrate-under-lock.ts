import { DataSource } from 'typeorm';

/**
 * Applies pending migrations under a session advisory lock held on a separate connection:
 * replicas (or a migrate job and a replica) that start together take turns, and the later
 * ones find nothing left to do. A string key is hashed by Postgres (`hashtext`); a number is
 * used as is, so locks taken before this helper existed keep their key. Returns the names applied.
 */
export async function migrateUnderLock(source: DataSource, lockKey: string | number, transaction: 'all' | 'each'): Promise<string[]> {
  const lock = source.createQueryRunner();
  const key = typeof lockKey === 'string' ? 'hashtext($1)' : '$1::bigint';
  await lock.connect();
  try {
    await lock.query(`SELECT pg_advisory_lock(${key})`, [lockKey]);
    try {
      const applied = await source.runMigrations({ transaction });
      return applied.map((migration) => migration.name);
    } finally {
      await lock.query(`SELECT pg_advisory_unlock(${key})`, [lockKey]);
    }
  } finally {
    await lock.release();
  }
}
