import { BeforeApplicationShutdown, Inject, Injectable, Logger } from '@nestjs/common';
import { encodeAggregate3 } from '@perp/contracts';
import { perpInterface } from '@perp/perp-city-abi';
import { getAddress, TransactionReceipt } from 'ethers';
import { Chain } from '../chain/chain.module';
import { outsideToken } from '../rate-limits/token-context';
import { BEACON_OPS_SETTINGS, BeaconOpsSettings } from '../settings';
import { ReceiptTimeoutError } from '../wallet-pool/pool-errors';
import { WalletPool } from '../wallet-pool/wallet-pool.service';
import { PerpsOfBeacon } from './perps-of-beacon';
import { touchMetrics } from './touch-metrics';

/** touch() and rates() are the same functions in every Perp build. */
const PERP = perpInterface('v0.2.2-upgradeable');
const TOUCH_CALLDATA = PERP.encodeFunctionData('touch');
const RATES_CALLDATA = PERP.encodeFunctionData('rates');

/**
 * Touch after update: the perps of every beacon whose update was confirmed within one window
 * (TOUCH_FLUSH_MS, from the first) get one `touch()` each at its end, so their funding and EMAs
 * follow the new index now rather than at the next trade. The touches go in Multicall3
 * aggregate3 transactions (allowFailure: one perp's revert does not stop the others) of at most
 * TOUCH_MAX_BATCH perps, with an explicit gas limit, through the wallet pool (journaled, crash-safe,
 * as every other transaction). Best effort: nothing here throws into an update, nor is charged to
 * the caller's token.
 */
@Injectable()
export class PerpTouches implements BeforeApplicationShutdown {
  private readonly logger = new Logger('PerpTouches');
  private readonly enabled: boolean;
  /** Beacons of the open window. */
  private pending = new Set<string>();
  private timer?: NodeJS.Timeout;
  private readonly flushing = new Set<Promise<void>>();
  private stopped = false;

  constructor(
    @Inject(BEACON_OPS_SETTINGS) private readonly settings: BeaconOpsSettings,
    private readonly perps: PerpsOfBeacon,
    private readonly pool: WalletPool,
    private readonly chain: Chain,
  ) {
    this.enabled = Boolean(settings.touchMarketDataUrl && settings.multicall3Address);
  }

  /** After a confirmed update of `beacons`: their perps are touched at the end of the window. Never throws. */
  afterUpdate(beacons: readonly string[]): void {
    if (!this.enabled || this.stopped || beacons.length === 0) return;
    for (const beacon of beacons) this.pending.add(beacon.toLowerCase());
    // The timer and the flush run outside the request's token: the pool charges touches to nobody.
    this.timer ??= outsideToken(() => setTimeout(() => this.endWindow(), this.settings.touchFlushMs));
  }

  /** Resolves when every touch of the windows closed so far has its outcome (tests). */
  async settled(): Promise<void> {
    while (this.flushing.size > 0) await Promise.allSettled([...this.flushing]);
  }

  async beforeApplicationShutdown(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    if (this.pending.size > 0) this.logger.warn(`shutting down: ${this.pending.size} beacons' perps not touched`);
    this.pending = new Set();
    // The pool waits for its in-flight sends (and their receipts) itself.
  }

  private endWindow(): void {
    this.timer = undefined;
    const beacons = [...this.pending];
    this.pending = new Set();
    const flush = this.flush(beacons).catch((error: unknown) =>
      this.logger.error(`touch flush failed: ${error instanceof Error ? error.message : String(error)}`),
    );
    this.flushing.add(flush);
    void flush.finally(() => this.flushing.delete(flush));
  }

  private async flush(beacons: string[]): Promise<void> {
    const perps = new Set<string>();
    for (const list of await Promise.all(beacons.map((b) => this.perps.resolve(b)))) for (const perp of list) perps.add(perp);
    const all = [...perps].sort();
    const size = this.settings.touchMaxBatch;
    const batches: string[][] = [];
    for (let i = 0; i < all.length; i += size) batches.push(all.slice(i, i + size));
    await Promise.all(batches.map((batch) => this.send(batch, beacons)));
  }

  /**
   * A perp of a mined batch that left no log either had nothing to do (a trade or another touch
   * had accrued it in a block of the same second: its rates().lastTouch is that block's time, and a
   * touch accrues only when time moves) or failed (its touch() reverted). Read at the batch's own
   * block: one eth_call per quiet perp and the block's header, only when a perp was quiet.
   */
  private async judgeQuiet(hash: string, receipt: TransactionReceipt, quiet: string[]): Promise<void> {
    const provider = await this.chain.provider();
    const block = await provider.getBlock(receipt.blockNumber).catch(() => null);
    const current = await Promise.all(
      quiet.map(async (perp) => {
        if (!block) return false;
        const answer = await provider.call({ to: perp, data: RATES_CALLDATA, blockTag: receipt.blockNumber }).catch(() => null);
        if (answer === null) return false;
        try {
          return (PERP.decodeFunctionResult('rates', answer)[3] as bigint) >= BigInt(block.timestamp);
        } catch {
          return false; // not a perp's answer: its touch() cannot have run
        }
      }),
    );
    const failed = quiet.filter((_, i) => !current[i]);
    const alreadyCurrent = quiet.length - failed.length;
    if (alreadyCurrent > 0) touchMetrics.perpsAlreadyCurrent.inc(alreadyCurrent);
    if (failed.length > 0) {
      touchMetrics.failures.inc({ reason: 'perp' }, failed.length);
      this.logger.warn(`touch batch ${hash}: no log from ${failed.join(', ')}, which had not accrued at its block's time (touch() reverted)`);
    }
  }

  private async send(perps: string[], beacons: string[]): Promise<void> {
    const multicall3 = this.settings.multicall3Address as string;
    const gasLimit = this.settings.touchGasBase + this.settings.touchGasPerPerp * BigInt(perps.length);
    const data = encodeAggregate3(perps.map((target) => ({ target, allowFailure: true, callData: TOUCH_CALLDATA })));
    touchMetrics.perpsPerBatch.observe(perps.length);
    try {
      const sent = await this.pool.send({
        kind: 'touch_perps',
        request: { perps, beacons },
        build: () => ({ to: multicall3, data, gasLimit }),
      });
      touchMetrics.perpsSent.inc(perps.length);
      if (sent.status === 'failed') {
        touchMetrics.failures.inc({ reason: 'reverted' });
        this.logger.warn(`touch batch ${sent.hash} reverted: ${perps.length} perps not touched`);
        return;
      }
      // A touched perp logs (CumulativesAccrued); none: its touch() reverted, or it had already accrued at that block's time.
      const logged = new Set(sent.receipt.logs.map((log) => getAddress(log.address)));
      const quiet = perps.filter((perp) => !logged.has(getAddress(perp)));
      if (quiet.length > 0) await this.judgeQuiet(sent.hash, sent.receipt, quiet);
    } catch (error) {
      if (error instanceof ReceiptTimeoutError) {
        touchMetrics.perpsSent.inc(perps.length);
        touchMetrics.failures.inc({ reason: 'timeout' });
        this.logger.warn(`touch batch ${error.hash}: no receipt within the wait; the journal settles it`);
        return;
      }
      touchMetrics.failures.inc({ reason: 'send' });
      this.logger.warn(`touch batch of ${perps.length} perps not sent: ${error instanceof Error ? error.message : String(error)}`);
    }
  }
}
