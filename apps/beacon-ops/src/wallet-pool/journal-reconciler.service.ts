import { Inject, Injectable, Logger, OnApplicationBootstrap, OnModuleDestroy } from '@nestjs/common';
import { Chain } from '../chain/chain.module';
import { ChainUnavailableError } from '../chain/chain-unavailable.error';
import { poolMetrics } from '../metrics/pool-metrics';
import { BEACON_OPS_SETTINGS, BeaconOpsSettings } from '../settings';
import { PoolStore } from '../journal/pool-store';
import { errorText } from './broadcast';
import { NonceSync } from './nonce-sync';
import { PoolKeys } from './pool-keys';
import { RowOutcome, RowReconciler } from './row-reconciler';

export type ReconcileSummary = Record<RowOutcome, number> & { checked: number; resynced: number };

/**
 * Finishes what the senders could not: at start-up (after a crash, every pending row is
 * settled against the chain, oldest nonce first, then every wallet's next nonce is checked
 * against the chain), and then every RECONCILE_INTERVAL_MS (rows whose sender answered 504 or
 * died). Passes never overlap in a process; across replicas they may, which RowReconciler tolerates.
 */
@Injectable()
export class JournalReconciler implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger('JournalReconciler');
  private timer?: NodeJS.Timeout;
  private running?: Promise<ReconcileSummary>;

  constructor(
    @Inject(BEACON_OPS_SETTINGS) private readonly settings: BeaconOpsSettings,
    private readonly chain: Chain,
    private readonly keys: PoolKeys,
    private readonly store: PoolStore,
    private readonly rows: RowReconciler,
    private readonly nonces: NonceSync,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    // The service starts even with the database or the chain down; the interval catches up.
    await this.reconcileNow({ resyncNonces: true }).catch((error: unknown) => this.logger.warn(`start-up reconciliation postponed: ${errorText(error)}`));
    this.timer = setInterval(() => {
      this.reconcileNow().catch((error: unknown) => this.logger.warn(`reconciliation pass failed: ${errorText(error)}`));
    }, this.settings.reconcileIntervalMs);
    this.timer.unref();
  }

  async onModuleDestroy(): Promise<void> {
    clearInterval(this.timer);
    await this.running?.catch(() => undefined);
  }

  /** One pass over every pending row (and, on request, a nonce resync of every wallet). */
  reconcileNow({ resyncNonces = false } = {}): Promise<ReconcileSummary> {
    this.running ??= this.pass(resyncNonces).finally(() => (this.running = undefined));
    return this.running;
  }

  private async pass(resyncNonces: boolean): Promise<ReconcileSummary> {
    const summary: ReconcileSummary = {
      checked: 0,
      resynced: 0,
      confirmed: 0,
      reverted: 0,
      replaced: 0,
      refused: 0,
      'in-mempool': 0,
      rebroadcast: 0,
      'nonce-taken': 0,
    };
    await this.store.registerWallets(this.keys.addresses);
    const provider = await this.chain.provider();
    for (const row of await this.store.pending()) {
      summary.checked++;
      try {
        const outcome = await this.rows.reconcile(row, provider);
        summary[outcome]++;
        if (outcome !== 'in-mempool') this.logger.log(`journal row ${row.id} (${row.txHash}, ${row.wallet} nonce ${row.nonce}): ${outcome}`);
      } catch (error) {
        if (error instanceof ChainUnavailableError) throw error;
        this.logger.warn(`journal row ${row.id}: ${errorText(error)}`);
      }
    }
    if (resyncNonces) {
      for (const address of this.keys.addresses) {
        const before = await this.store.nextNonce(address);
        const after = await this.nonces.sync(address, provider);
        if (after !== before) {
          summary.resynced++;
          this.logger.log(`wallet ${address}: next nonce ${before ?? 'unknown'} -> ${after} (from the chain)`);
        }
      }
    }
    poolMetrics.journalPending.set(await this.store.pendingCount());
    return summary;
  }
}
