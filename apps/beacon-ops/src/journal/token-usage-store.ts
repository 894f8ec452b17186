import { Injectable } from '@nestjs/common';
import { BeaconOpsSettings } from '../settings';
import { JournalStore } from './journal-store';

/**
 * Adds one transaction to the token's minute window and its gas to the hour window, in one
 * statement: the row lock ON CONFLICT takes makes each check and add one step, so replicas
 * sharing the database never overshoot; the gas is added only if the transaction was (`FROM
 * tx`). $1 token hash, $2 gas, $3 transactions per minute, $4 gas per hour. Answers whether each
 * was added (the transaction: its window).
 */
const CHARGE_SQL = `WITH tx AS (
  INSERT INTO token_usage (token_hash, metric, window_start, amount) VALUES ($1, 'transactions', date_trunc('minute', now()), 1)
  ON CONFLICT (token_hash, metric, window_start) DO UPDATE SET amount = token_usage.amount + 1
    WHERE token_usage.amount + 1 <= $3::numeric
  RETURNING window_start),
gas AS (
  INSERT INTO token_usage (token_hash, metric, window_start, amount) SELECT $1, 'gas', date_trunc('hour', now()), $2::numeric FROM tx
  ON CONFLICT (token_hash, metric, window_start) DO UPDATE SET amount = token_usage.amount + EXCLUDED.amount
    WHERE token_usage.amount + EXCLUDED.amount <= $4::numeric
  RETURNING 1)
SELECT (SELECT window_start FROM tx) AS tx, EXISTS (SELECT 1 FROM gas) AS gas`;

/** Takes back a transaction counted by CHARGE_SQL whose gas did not fit ($1 token hash, $2 its window). */
const UNCOUNT_SQL = `UPDATE token_usage SET amount = amount - 1 WHERE token_hash = $1 AND metric = 'transactions' AND window_start = $2`;

/** Whole seconds until the current window of unit $1 ends (at least 1). */
const RETRY_AFTER_SQL = `SELECT greatest(1, ceil(extract(epoch FROM date_trunc($1, now()) + ('1 ' || $1)::interval - now())))::int AS seconds`;

const PRUNE_SQL = `DELETE FROM token_usage WHERE window_start < now() - interval '2 hours'`;

/** What CHARGE_SQL added: the transaction's minute window (null: over the minute limit), and whether its gas fit the hour. */
export interface TokenCharge {
  tx: Date | null;
  gas: boolean;
}

/** Every statement on token_usage (per-token windows shared by the replicas), each a named prepared statement. */
@Injectable()
export class TokenUsageStore {
  constructor(private readonly store: JournalStore) {}

  /**
   * One round trip on the common path (it was four: begin, two inserts, commit), planned once per
   * connection (the CTE cost Postgres about 2.5 times more CPU unnamed); inside the store's time bound
   * and breaker: a hung journal answers 503 in time.
   */
  async charge(tokenHash: string, gasLimit: bigint, limits: Pick<BeaconOpsSettings, 'transactionsPerMinute' | 'gasPerHour'>): Promise<TokenCharge> {
    const {
      rows: [added],
    } = await this.store.prepared<TokenCharge>('token_charge', CHARGE_SQL, [
      tokenHash,
      gasLimit.toString(),
      String(limits.transactionsPerMinute),
      limits.gasPerHour.toString(),
    ]);
    return added;
  }

  async uncount(tokenHash: string, window: Date): Promise<void> {
    await this.store.prepared('token_uncount', UNCOUNT_SQL, [tokenHash, window]);
  }

  async secondsLeftIn(unit: 'minute' | 'hour'): Promise<number> {
    const {
      rows: [{ seconds }],
    } = await this.store.prepared<{ seconds: number }>('token_retry_after', RETRY_AFTER_SQL, [unit]);
    return seconds;
  }

  async prune(): Promise<void> {
    await this.store.prepared('token_prune', PRUNE_SQL, []);
  }
}
