import { Inject, Injectable } from '@nestjs/common';
import { JsonRpcProvider, TransactionReceipt } from 'ethers';
import { TxJournalRow } from '../journal/tx-journal.entity';
import { BEACON_OPS_SETTINGS, BeaconOpsSettings } from '../settings';
import { boundedRpc } from './bounded-rpc';
import { RowReconciler } from './row-reconciler';

/** Without a new block, a waiter still looks at its transaction this often (a chain that mines on demand, a dropped transaction). */
const IDLE_CHECK_MS = 1_000;

/**
 * Waits for one journal row's receipt, never longer than RECEIPT_TIMEOUT_MS. One poll of the
 * block number per process (RECEIPT_POLL_INTERVAL_MS) wakes every waiter when a block arrives,
 * so a receipt is asked for once per block per transaction, not once per poll. A transaction
 * the node dropped, or left unmined RESEND_AFTER_BLOCKS blocks after its send, is re-sent with
 * the same nonce and a fee bump, after the wallet's lower nonces are healed (RowReconciler).
 */
@Injectable()
export class ReceiptWatch {
  private blockWaiters: (() => void)[] = [];
  private polling = false;
  private lastBlock = -1;

  constructor(
    @Inject(BEACON_OPS_SETTINGS) private readonly settings: BeaconOpsSettings,
    private readonly rows: RowReconciler,
  ) {}

  /** The receipt (any of the row's hashes; the row's hash is updated by a re-send), or null at the deadline or on `signal`. */
  async wait(row: TxJournalRow, provider: JsonRpcProvider, chainId: bigint, signal: AbortSignal): Promise<TransactionReceipt | null> {
    const deadline = Date.now() + this.settings.receiptTimeoutMs;
    let sentAtBlock: number | null = null;
    // The last block seen, and since when: a second without a new one is an idle chain.
    const seen = { block: this.lastBlock, at: Date.now() };
    for (;;) {
      const receipt = await this.rows.receiptOf(provider, row).catch(() => null);
      if (receipt) return receipt;
      if (Date.now() >= deadline || signal.aborted) return null;
      await this.nextBlock(provider, Math.min(IDLE_CHECK_MS, deadline - Date.now()));
      const block = this.lastBlock;
      if (block !== seen.block) Object.assign(seen, { block, at: Date.now() });
      sentAtBlock ??= block;
      // Looked at again after RESEND_AFTER_BLOCKS blocks, or after a second without any block (a chain that mines on demand).
      const idle = Date.now() - seen.at >= IDLE_CHECK_MS;
      if (block - sentAtBlock >= this.settings.resendAfterBlocks || idle) {
        seen.at = Date.now();
        // A lower nonce the node lacks holds this one back: heal that first.
        await this.rows.healBelow(row.wallet, row.nonce, provider, chainId).catch(() => undefined);
        if (await this.stuck(row, provider, block - sentAtBlock)) {
          if (await this.rows.resend(row, provider).catch(() => null)) sentAtBlock = this.lastBlock;
        }
      }
    }
  }

  /** Not mined, and either unknown to the node (dropped) or still waiting RESEND_AFTER_BLOCKS blocks after its send. */
  private async stuck(row: TxJournalRow, provider: JsonRpcProvider, blocksWaited: number): Promise<boolean> {
    if (await this.rows.receiptOf(provider, row).catch(() => null)) return false;
    const known = await boundedRpc(this.settings.rpcTimeoutMs, () => provider.getTransaction(row.txHash)).catch(() => undefined);
    if (known === undefined) return false; // the node did not answer: nothing to conclude
    return known === null || blocksWaited >= this.settings.resendAfterBlocks;
  }

  /** Resolves at the next block this process sees, or after `ms`. */
  private nextBlock(provider: JsonRpcProvider, ms: number): Promise<void> {
    return new Promise<void>((resolve) => {
      const done = (): void => {
        clearTimeout(timer);
        const at = this.blockWaiters.indexOf(done);
        if (at >= 0) this.blockWaiters.splice(at, 1);
        resolve();
      };
      const timer = setTimeout(done, Math.max(0, ms));
      this.blockWaiters.push(done);
      if (!this.polling) void this.poll(provider);
    });
  }

  private async poll(provider: JsonRpcProvider): Promise<void> {
    this.polling = true;
    try {
      while (this.blockWaiters.length > 0) {
        const block = await boundedRpc(this.settings.rpcTimeoutMs, () => provider.getBlockNumber()).catch(() => null);
        if (block !== null && block !== this.lastBlock) {
          this.lastBlock = block;
          for (const wake of [...this.blockWaiters]) wake();
        }
        await new Promise((resolve) => setTimeout(resolve, this.settings.receiptPollIntervalMs));
      }
    } finally {
      this.polling = false;
    }
  }
}
