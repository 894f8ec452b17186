import { Inject, Injectable } from '@nestjs/common';
import { BEACON_OPS_SETTINGS, BeaconOpsSettings } from '../settings';
import { JournalStore } from '../journal/journal-store';
import { RateLimitedError } from './rate-limited.error';

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
    const { transactionsPerMinute, gasPerHour } = this.settings;
    if (gasLimit > gasPerHour) await this.refuse(`a transaction of ${gasLimit} gas is above the ${gasPerHour} gas per hour per token`, 'hour');
    // One round trip on the common path (it was four: begin, two inserts, commit), as a named prepared statement
    // (planned once per connection; the CTE cost Postgres about 2.5 times more CPU unnamed). Inside the store's
    // time bound and breaker: a hung journal answers 503 in time.
    const {
      rows: [added],
    } = await this.store.prepared<{ tx: Date | null; gas: boolean }>('token_charge', CHARGE_SQL, [
      tokenHash,
      gasLimit.toString(),
      String(transactionsPerMinute),
      gasPerHour.toString(),
    ]);
    if (!added.tx) await this.refuse(`at most ${transactionsPerMinute} transactions per minute per token`, 'minute');
    if (!added.gas) {
      // Both or neither: until this lands the count is one too high, which can only refuse, never overshoot.
      await this.store.prepared('token_uncount', UNCOUNT_SQL, [tokenHash, added.tx]);
      await this.refuse(`at most ${gasPerHour} gas per hour per token`, 'hour');
    }
    this.prune();
  }

  private async refuse(what: string, unit: 'minute' | 'hour'): Promise<never> {
    const {
      rows: [{ seconds }],
    } = await this.store.prepared<{ seconds: number }>('token_retry_after', RETRY_AFTER_SQL, [unit]);
    throw new RateLimitedError(what, seconds);
  }

  /** Past windows are dead weight; any replica may drop them, now and then. */
  private prune(): void {
    if (Date.now() - this.prunedAt < PRUNE_EVERY_MS) return;
    this.prunedAt = Date.now();
    this.store.prepared('token_prune', PRUNE_SQL, []).catch(() => undefined);
  }
}
