import { Inject, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { BEACON_OPS_SETTINGS, BeaconOpsSettings } from '../settings';
import { JournalStore } from '../stores/journal-store.module';
import { RateLimitedError } from './rate-limited.error';

/**
 * Adds to one token's window unless that would pass the limit: the row lock ON CONFLICT takes
 * makes the check and the add one step, so replicas sharing the database never overshoot.
 * $1 token hash, $2 metric, $3 window unit ('minute' | 'hour'), $4 amount, $5 limit.
 */
const CHARGE_SQL = `INSERT INTO token_usage (token_hash, metric, window_start, amount)
VALUES ($1, $2, date_trunc($3, now()), $4::numeric)
ON CONFLICT (token_hash, metric, window_start) DO UPDATE SET amount = token_usage.amount + EXCLUDED.amount
  WHERE token_usage.amount + EXCLUDED.amount <= $5::numeric
RETURNING amount`;

/** Whole seconds until the current window of unit $1 ends (at least 1). */
const RETRY_AFTER_SQL = `SELECT greatest(1, ceil(extract(epoch FROM date_trunc($1, now()) + ('1 ' || $1)::interval - now())))::int AS seconds`;

const PRUNE_SQL = `DELETE FROM token_usage WHERE window_start < now() - interval '2 hours'`;
const PRUNE_EVERY_MS = 60_000;

/** Per-token transactions per minute and gas per hour, kept in Postgres so every replica shares them. */
@Injectable()
export class TokenUsage {
  private prunedAt = 0;

  constructor(
    @Inject(BEACON_OPS_SETTINGS) private readonly settings: BeaconOpsSettings,
    private readonly store: JournalStore,
  ) {}

  /**
   * Counts one transaction of up to `gasLimit` gas against the token, both or neither;
   * RateLimitedError (429) when either limit would be passed.
   */
  async charge(tokenHash: string, gasLimit: bigint): Promise<void> {
    // Inside the store's time bound (and breaker): a hung journal answers 503 in time.
    const db = await this.store.run(async (source) => {
      await this.chargeIn(source, tokenHash, gasLimit);
      return source;
    });
    this.prune(db);
  }

  private async chargeIn(db: DataSource, tokenHash: string, gasLimit: bigint): Promise<void> {
    const { transactionsPerMinute, gasPerHour } = this.settings;
    const runner = db.createQueryRunner();
    let over: { what: string; unit: 'minute' | 'hour' } | undefined;
    try {
      await runner.startTransaction();
      const tx = (await runner.query(CHARGE_SQL, [tokenHash, 'transactions', 'minute', '1', String(transactionsPerMinute)])) as unknown[];
      if (tx.length === 0) over = { what: `at most ${transactionsPerMinute} transactions per minute per token`, unit: 'minute' };
      else if (gasLimit > gasPerHour) over = { what: `a transaction of ${gasLimit} gas is above the ${gasPerHour} gas per hour per token`, unit: 'hour' };
      else {
        const gas = (await runner.query(CHARGE_SQL, [tokenHash, 'gas', 'hour', gasLimit.toString(), gasPerHour.toString()])) as unknown[];
        if (gas.length === 0) over = { what: `at most ${gasPerHour} gas per hour per token`, unit: 'hour' };
      }
      if (over) {
        const [{ seconds }] = (await runner.query(RETRY_AFTER_SQL, [over.unit])) as { seconds: number }[];
        await runner.rollbackTransaction();
        throw new RateLimitedError(over.what, seconds);
      }
      await runner.commitTransaction();
    } catch (error) {
      if (runner.isTransactionActive) await runner.rollbackTransaction().catch(() => undefined);
      throw error;
    } finally {
      await runner.release();
    }
  }

  /** Past windows are dead weight; any replica may drop them, now and then. */
  private prune(db: { query: (sql: string) => Promise<unknown> }): void {
    if (Date.now() - this.prunedAt < PRUNE_EVERY_MS) return;
    this.prunedAt = Date.now();
    db.query(PRUNE_SQL).catch(() => undefined);
  }
}
