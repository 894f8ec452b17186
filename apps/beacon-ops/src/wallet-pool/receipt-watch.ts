import { Inject, Injectable } from '@nestjs/common';
import { JsonRpcProvider, TransactionReceipt } from 'ethers';
import { ChainUnavailableError } from '../chain/chain-unavailable.error';
import { TxJournalRow } from '../journal/tx-journal.entity';
import { BEACON_OPS_SETTINGS, BeaconOpsSettings } from '../settings';
import { countedRpc } from './counted-rpc';
import { RowReconciler } from './row-reconciler';

/** A waiter not seen in any block looks at its transaction this often (dropped? stuck?). */
const CHECK_MS = 1_000;
/** More new blocks than this at one poll: every waiter looks for itself instead of reading each block. */
const MAX_BLOCKS_READ = 16;

/**
 * Waits for one journal row's receipt, never longer than RECEIPT_TIMEOUT_MS, nor longer than
 * RPC_TIMEOUT_MS once the node stops answering (null: the caller answers 504 with the hash). One loop per
 * process polls the block number (RECEIPT_POLL_INTERVAL_MS) and reads each new block's
 * transaction hashes once, waking only the sends whose transaction it holds: one RPC call per
 * block, not one per waiting send per block. A send not seen for a second looks at its
 * transaction: unknown to the node (dropped), or unmined RESEND_AFTER_BLOCKS blocks and as many
 * seconds after its send (stuck), it is re-sent with the same nonce and a fee bump, after the
 * wallet's lower nonces are healed (RowReconciler).
 */
@Injectable()
export class ReceiptWatch {
  /** Lowercase hash -> the sends waiting for it. */
  private readonly byHash = new Map<string, Set<() => void>>();
  private readonly everyone = new Set<() => void>();
  private polling = false;
  private lastBlock = -1;

  constructor(
    @Inject(BEACON_OPS_SETTINGS) private readonly settings: BeaconOpsSettings,
    private readonly rows: RowReconciler,
  ) {}

  /** The receipt (any of the row's hashes; a re-send updates the row's hash), or null at the deadline or on `signal`. */
  async wait(row: TxJournalRow, provider: JsonRpcProvider, chainId: bigint, signal: AbortSignal): Promise<TransactionReceipt | null> {
    const deadline = Date.now() + this.settings.receiptTimeoutMs;
    let sent = { block: this.lastBlock, at: Date.now() };
    let seenInBlock = true; // the first look is right away: with instant mining the receipt is there
    for (;;) {
      const before = this.lastBlock;
      if (seenInBlock) {
        const look = await this.rows.receiptOf(provider, row).then(
          (receipt) => ({ receipt, chainDown: false }),
          (error: unknown) => ({ receipt: null, chainDown: error instanceof ChainUnavailableError }),
        );
        if (look.receipt) return look.receipt;
        // The node did not answer within RPC_TIMEOUT_MS (or its breaker is open): answer 504 with the hash now rather than
        // after RECEIPT_TIMEOUT_MS; the journal reconciler settles the row once the node is back.
        if (look.chainDown) return null;
      }
      if (Date.now() >= deadline || signal.aborted) return null;
      seenInBlock = await this.included(row, provider, before, Math.min(CHECK_MS, deadline - Date.now()));
      if (seenInBlock || Date.now() >= deadline) {
        seenInBlock = true;
        continue;
      }
      if (sent.block < 0) sent = { block: this.lastBlock, at: sent.at };
      const blocksWaited = this.lastBlock - sent.block;
      // A lower nonce the node lacks holds this one back: heal that first.
      await this.rows.healBelow(row.wallet, row.nonce, provider, chainId).catch(() => undefined);
      if (await this.stuck(row, provider, blocksWaited, Date.now() - sent.at)) {
        if (await this.rows.resend(row, provider).catch(() => null)) sent = { block: this.lastBlock, at: Date.now() };
      }
      seenInBlock = true; // the heal may have unblocked it: look again
    }
  }

  /** Not mined, and either unknown to the node (dropped) or waiting RESEND_AFTER_BLOCKS blocks and as many seconds since its send. */
  private async stuck(row: TxJournalRow, provider: JsonRpcProvider, blocksWaited: number, msWaited: number): Promise<boolean> {
    if (await this.rows.receiptOf(provider, row).catch(() => null)) return false;
    const known = await countedRpc(() => provider.getTransaction(row.txHash)).catch(() => undefined);
    if (known === undefined) return false; // the node did not answer: nothing to conclude
    if (known === null) return true;
    // Both: on an instantly mining chain blocks come per transaction, and a few of them pass while a send waits its turn.
    return blocksWaited >= this.settings.resendAfterBlocks && msWaited >= this.settings.resendAfterBlocks * 1_000;
  }

  /**
   * True when a block holding one of the row's hashes arrives within `ms` (or any block arrived
   * since `since`, the last block seen before the caller's receipt look), false after `ms`.
   */
  private included(row: TxJournalRow, provider: JsonRpcProvider, since: number, ms: number): Promise<boolean> {
    const hashes = [row.txHash, ...(row.previousHashes ?? [])].map((h) => h.toLowerCase());
    return new Promise<boolean>((resolve) => {
      const done = (found: boolean): void => {
        clearTimeout(timer);
        for (const hash of hashes) {
          const set = this.byHash.get(hash);
          set?.delete(wake);
          if (set?.size === 0) this.byHash.delete(hash);
        }
        this.everyone.delete(wake);
        resolve(found);
      };
      const wake = () => done(true);
      const timer = setTimeout(() => done(false), Math.max(0, ms));
      for (const hash of hashes) {
        let set = this.byHash.get(hash);
        if (!set) this.byHash.set(hash, (set = new Set()));
        set.add(wake);
      }
      this.everyone.add(wake);
      if (!this.polling) void this.poll(provider);
      // A block read between the caller's receipt look and this registration may have held it.
      if (this.lastBlock > since) wake();
    });
  }

  private async poll(provider: JsonRpcProvider): Promise<void> {
    this.polling = true;
    try {
      while (this.everyone.size > 0) {
        const block = await countedRpc(() => provider.getBlockNumber()).catch(() => null);
        if (block !== null && block > this.lastBlock) {
          // Reading the blocks costs a call each; when fewer sends wait than blocks came (a chain that mines per
          // transaction), each send asking for its own receipt is cheaper.
          const newBlocks = block - this.lastBlock;
          const from = this.lastBlock < 0 || newBlocks > MAX_BLOCKS_READ || this.everyone.size <= newBlocks ? null : this.lastBlock + 1;
          this.lastBlock = block;
          if (from === null) {
            for (const wake of [...this.everyone]) wake();
          } else {
            for (let n = from; n <= block; n++) await this.wakeIncluded(provider, n);
          }
        } else if (block !== null && block < this.lastBlock) {
          this.lastBlock = block; // the chain was reset
        }
        await new Promise((resolve) => setTimeout(resolve, this.settings.receiptPollIntervalMs));
      }
    } finally {
      this.polling = false;
    }
  }

  /** Wakes the sends whose transaction block `n` holds (all of them when the block cannot be read). */
  private async wakeIncluded(provider: JsonRpcProvider, n: number): Promise<void> {
    const block = await countedRpc(() => provider.getBlock(n)).catch(() => null);
    if (!block) {
      for (const wake of [...this.everyone]) wake();
      return;
    }
    for (const hash of block.transactions) for (const wake of [...(this.byHash.get(hash.toLowerCase()) ?? [])]) wake();
  }
}
