import { Inject, Injectable } from '@nestjs/common';
import { TokenUsageStore } from '../journal/token-usage-store';
import { BEACON_OPS_SETTINGS, BeaconOpsSettings } from '../settings';
import { RateLimitedError } from './rate-limited.error';

const PRUNE_EVERY_MS = 60_000;

/** Per-token transactions per minute and gas per hour, kept in Postgres so every replica shares them. */
@Injectable()
export class TokenUsage {
  private prunedAt = 0;

  constructor(
    @Inject(BEACON_OPS_SETTINGS) private readonly settings: BeaconOpsSettings,
    private readonly store: TokenUsageStore,
  ) {}

  /**
   * Counts one transaction of up to `gasLimit` gas against the token, both or neither;
   * RateLimitedError (429) when either limit would be passed.
   */
  async charge(tokenHash: string, gasLimit: bigint): Promise<void> {
    const { transactionsPerMinute, gasPerHour } = this.settings;
    if (gasLimit > gasPerHour) return this.refuse(`a transaction of ${gasLimit} gas is above the ${gasPerHour} gas per hour per token`, 'hour');
    const added = await this.store.charge(tokenHash, gasLimit, this.settings);
    if (!added.tx) return this.refuse(`at most ${transactionsPerMinute} transactions per minute per token`, 'minute');
    if (!added.gas) {
      // Both or neither: until this lands the count is one too high, which can only refuse, never overshoot.
      await this.store.uncount(tokenHash, added.tx);
      return this.refuse(`at most ${gasPerHour} gas per hour per token`, 'hour');
    }
    this.prune();
  }

  private async refuse(what: string, unit: 'minute' | 'hour'): Promise<never> {
    throw new RateLimitedError(what, await this.store.secondsLeftIn(unit));
  }

  /** Past windows are dead weight; any replica may drop them, now and then. */
  private prune(): void {
    if (Date.now() - this.prunedAt < PRUNE_EVERY_MS) return;
    this.prunedAt = Date.now();
    this.store.prune().catch(() => undefined);
  }
}
