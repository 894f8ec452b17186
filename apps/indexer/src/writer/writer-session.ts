import type { DataSource, EntityManager, QueryRunner } from 'typeorm';

/** pg_try_advisory_lock's first key: "perp" in ASCII; the second is the chain id (one writer per chain). */
const LOCK_CLASS = 0x70657270;

/**
 * One connection of the writer: it holds the session advisory lock AND runs every block
 * transaction. The lock is then a fence, not only a flag: if this connection dies the lock goes
 * with it, and a transaction of a writer that lost its lock can no longer commit.
 */
export class WriterSession {
  private constructor(private readonly runner: QueryRunner) {}

  static async open(source: DataSource): Promise<WriterSession> {
    const runner = source.createQueryRunner();
    await runner.connect();
    return new WriterSession(runner);
  }

  /** Reads outside a transaction (cursor, watches), on the same connection. */
  get manager(): EntityManager {
    return this.runner.manager;
  }

  /** True when this session now holds the chain's writer lock (re-entrant: asking again keeps it). */
  async tryLock(chainId: number): Promise<boolean> {
    const rows: { locked: boolean }[] = await this.runner.query(`SELECT pg_try_advisory_lock($1, $2) AS locked`, [LOCK_CLASS, chainId % 2 ** 31]);
    return rows[0]?.locked === true;
  }

  /** A cheap round trip, so an idle writer notices a store that went away. */
  async ping(): Promise<void> {
    await this.runner.query('SELECT 1');
  }

  async transaction<T>(work: (tx: EntityManager) => Promise<T>): Promise<T> {
    await this.runner.startTransaction();
    try {
      const result = await work(this.runner.manager);
      await this.runner.commitTransaction();
      return result;
    } catch (error) {
      if (this.runner.isTransactionActive) await this.runner.rollbackTransaction().catch(() => undefined);
      throw error;
    }
  }

  /** Gives the lock up (a live connection goes back to the pool without it); a dead connection already lost it. */
  async release(): Promise<void> {
    await this.runner.query('SELECT pg_advisory_unlock_all()').catch(() => undefined);
    await this.runner.release().catch(() => undefined);
  }
}
