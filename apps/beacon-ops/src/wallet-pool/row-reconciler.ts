import { setTimeout as sleep } from 'node:timers/promises';
import { Injectable, Logger } from '@nestjs/common';
import { JsonRpcProvider, TransactionReceipt } from 'ethers';
import { Chain } from '../chain/chain.module';
import { TxJournalRow } from '../journal/tx-journal.entity';
import { poolMetrics } from '../metrics/pool-metrics';
import { JournalConflictError, PoolStore } from '../journal/pool-store';
import { countedRpc } from './counted-rpc';
import { broadcastRaw, errorText } from './broadcast';
import { PoolKeys } from './pool-keys';
import { TransactionBuilder } from './transaction-builder';

export type RowOutcome =
  | 'confirmed'
  /** Mined and reverted (journal: failed, with its block). */
  | 'reverted'
  | 'replaced'
  /** The node refused the stored transaction for good (journal: failed, never mined). */
  | 'refused'
  /** Still pending: the node holds it. */
  | 'in-mempool'
  /** Still pending: handed to the node again. */
  | 'rebroadcast'
  /** Still pending: the node refused it for its nonce (mined meanwhile, or outbid in the mempool). */
  | 'nonce-taken';

/** The kind of the no-op transaction that fills a nonce no journal row holds. */
export const GAP_FILLER_KIND = 'nonce_gap_filler';

/**
 * Settles pending journal rows against the chain, for the sender (a receipt wait that sees its
 * transaction dropped or stuck) and for the reconciler (rows whose sender died or gave up):
 * - a receipt for any of the row's hashes: confirmed (status 1) or failed (reverted);
 * - the wallet's mined count is past the row's nonce and no receipt: another transaction took
 *   the nonce, it can never be mined: replaced;
 * - the node does not know it (dropped, or never broadcast because its sender died after
 *   journaling): the same bytes again (same nonce and hash: it lands at most once); refused
 *   for good (e.g. no funds): failed, never mined.
 * `resend` re-signs the row's nonce with a fee bump instead (a transaction the node keeps but
 * does not mine); `healBelow` settles the rows under a nonce and fills a nonce no row holds,
 * so that no gap strands the wallet's later transactions. Safe to run concurrently with the
 * sender and other replicas: every write is guarded by `status = 'pending'`.
 */
/** How long a row whose nonce is used but whose receipt is missing waits for a second look. */
export const REPLACED_RECHECK_MS = 250;

@Injectable()
export class RowReconciler {
  private readonly logger = new Logger('RowReconciler');

  constructor(
    private readonly chain: Chain,
    private readonly store: PoolStore,
    private readonly keys: PoolKeys,
    private readonly builder: TransactionBuilder,
  ) {}

  async reconcile(row: TxJournalRow, provider?: JsonRpcProvider): Promise<RowOutcome> {
    const node = provider ?? (await this.chain.provider());
    // Mined count first, receipt second: a transaction mined in between then has its receipt
    // seen, and is never mistaken for replaced.
    const minedCount = await this.call(() => node.getTransactionCount(row.wallet, 'latest'));
    let receipt = await this.receiptOf(node, row);
    // A node may count a transaction of the block it is still mining before that block's
    // receipts can be read (anvil does: npm run bench:anvil-head-race): a row mined there was
    // once taken for replaced (the replicas e2e, under a full test run's load). Before calling
    // it replaced, look for its receipt once more, after that block has had time to land.
    if (!receipt && minedCount > row.nonce) {
      await sleep(REPLACED_RECHECK_MS);
      receipt = await this.receiptOf(node, row);
    }
    if (receipt) {
      await this.store.markMined(row.id, receipt);
      return receipt.status === 1 ? 'confirmed' : 'reverted';
    }
    if (minedCount > row.nonce) {
      // A row re-sent meanwhile (a new hash) is not marked: the next pass finds its receipt.
      if (!(await this.store.markReplaced(row.id, `nonce ${row.nonce} was used by another transaction`, row.txHash))) return 'in-mempool';
      poolMetrics.failed.inc({ reason: 'dropped' });
      return 'replaced';
    }
    if (await this.call(() => node.getTransaction(row.txHash))) return 'in-mempool';
    const outcome = await broadcastRaw(node, row.rawTx);
    switch (outcome.kind) {
      case 'accepted':
        await this.store.markBroadcast(row.id);
        return 'rebroadcast';
      case 'nonce-taken':
        return 'nonce-taken';
      case 'insufficient-funds':
      case 'refused':
        await this.store.markRefused(row.id, `refused by the node: ${errorText(outcome.error)}`);
        poolMetrics.failed.inc({ reason: 'rejected' });
        return 'refused';
    }
  }

  /** The receipt of whichever of the row's hashes was mined, if any. */
  async receiptOf(provider: JsonRpcProvider, row: TxJournalRow): Promise<TransactionReceipt | null> {
    for (const hash of [row.txHash, ...(row.previousHashes ?? [])]) {
      const receipt = await this.call(() => provider.getTransactionReceipt(hash));
      if (receipt) return receipt;
    }
    return null;
  }

  /**
   * The row's nonce re-signed with a fee bump and sent (the row keeps the old hash among its
   * previous ones): for a transaction dropped from the mempool or unmined past
   * RESEND_AFTER_BLOCKS. Returns the new hash, or null when the row was settled meanwhile.
   */
  async resend(row: TxJournalRow, provider: JsonRpcProvider): Promise<string | null> {
    const bumped = await this.builder.bump(this.keys.wallet(row.wallet), row.rawTx, provider);
    if (!(await this.store.replaceTransaction(row.id, row.txHash, bumped))) return null;
    row.previousHashes = [...(row.previousHashes ?? []), row.txHash];
    row.txHash = bumped.hash;
    row.rawTx = bumped.rawTx;
    poolMetrics.replaced.inc();
    const outcome = await broadcastRaw(provider, bumped.rawTx);
    if (outcome.kind !== 'accepted') this.logger.warn(`re-send of ${row.wallet} nonce ${row.nonce} refused: ${errorText(outcome.error)}`);
    return bumped.hash;
  }

  /**
   * Before `nonce` of `wallet` can be mined, every lower nonce must be: the pending rows below
   * it are settled (re-sent if the node lost them), and a nonce between the chain's count and
   * `nonce` that no pending row holds gets a no-op filler (a 0-value transfer to itself).
   */
  async healBelow(wallet: string, nonce: number, provider: JsonRpcProvider, chainId: bigint): Promise<void> {
    const minedCount = await this.call(() => provider.getTransactionCount(wallet, 'latest'));
    if (minedCount >= nonce) return;
    const below = await this.store.pending({ wallet, belowNonce: nonce });
    const held = new Set(below.map((r) => r.nonce));
    for (const row of below) if (row.nonce >= minedCount) await this.reconcile(row, provider);
    for (let gap = minedCount; gap < nonce; gap++) if (!held.has(gap)) await this.fill(wallet, gap, provider, chainId);
  }

  private async fill(wallet: string, nonce: number, provider: JsonRpcProvider, chainId: bigint): Promise<void> {
    const prepared = await this.builder.prepare(provider, wallet, { to: wallet, value: 0n, gasLimit: 21_000n });
    const signed = await this.builder.sign(this.keys.wallet(wallet), prepared, nonce, chainId);
    const request = { wallet, nonce };
    try {
      await this.store.journalGapFiller({
        kind: GAP_FILLER_KIND,
        request,
        idempotencyKey: null,
        beacons: [],
        wallet,
        nonce,
        chainId: Number(chainId),
        hash: signed.hash,
        rawTx: signed.rawTx,
        maxCost: prepared.maxCost,
        signedVerifier: null,
        signedDigest: null,
      });
    } catch (error) {
      if (error instanceof JournalConflictError) return; // another sender or replica filled it, or a row holds it after all
      throw error;
    }
    this.logger.warn(`wallet ${wallet}: nonce ${nonce} had no transaction; filled with a no-op`);
    await broadcastRaw(provider, signed.rawTx);
  }

  private call<T>(work: () => Promise<T>): Promise<T> {
    return countedRpc(work);
  }
}
