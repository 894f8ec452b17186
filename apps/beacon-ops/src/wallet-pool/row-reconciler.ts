import { Injectable } from '@nestjs/common';
import { JsonRpcProvider } from 'ethers';
import { Chain } from '../chain/chain.module';
import { rpc } from '../chain/rpc-errors';
import { TxJournalRow } from '../journal/tx-journal.entity';
import { broadcastRaw, errorText } from './broadcast';
import { TxJournal } from './tx-journal';

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

/**
 * Settles one pending journal row against the chain:
 * - a receipt exists: confirmed (status 1) or failed (reverted);
 * - the wallet's mined nonce count is past the row's nonce and there is no receipt: its
 *   nonce went to another transaction, so it can never be mined: replaced;
 * - otherwise, if the node does not know the transaction (lost from its mempool, or never
 *   broadcast because the sender died after journaling): broadcast the stored raw
 *   transaction again (same nonce, same hash: it can land at most once); refused for good
 *   (e.g. no funds): failed, never mined.
 * Safe to run concurrently with the sender and other replicas: every write is guarded by
 * `status = 'pending'`, and a repeated broadcast of the same bytes is harmless.
 */
@Injectable()
export class RowReconciler {
  constructor(
    private readonly chain: Chain,
    private readonly journal: TxJournal,
  ) {}

  async reconcile(row: TxJournalRow, provider?: JsonRpcProvider): Promise<RowOutcome> {
    const node = provider ?? (await this.chain.provider());
    // Mined count first, receipt second: a transaction mined in between then has its receipt
    // seen, and is never mistaken for replaced.
    const minedCount = await rpc(() => node.getTransactionCount(row.wallet, 'latest'));
    const receipt = await rpc(() => node.getTransactionReceipt(row.txHash));
    if (receipt) {
      await this.journal.markMined(row.id, receipt);
      return receipt.status === 1 ? 'confirmed' : 'reverted';
    }
    if (minedCount > row.nonce) {
      await this.journal.markReplaced(row.id, `nonce ${row.nonce} was used by another transaction`);
      return 'replaced';
    }
    if (await rpc(() => node.getTransaction(row.txHash))) return 'in-mempool';
    const outcome = await broadcastRaw(node, row.rawTx);
    switch (outcome.kind) {
      case 'accepted':
        await this.journal.markBroadcast(row.id);
        return 'rebroadcast';
      case 'nonce-taken':
        // Mined meanwhile (the next pass finds the receipt) or outbid by another transaction.
        return 'nonce-taken';
      case 'insufficient-funds':
      case 'refused':
        await this.journal.markRefused(row.id, `refused by the node: ${errorText(outcome.error)}`);
        return 'refused';
    }
  }
}
