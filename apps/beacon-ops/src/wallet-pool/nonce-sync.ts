import { Injectable } from '@nestjs/common';
import { JsonRpcProvider } from 'ethers';
import { rpc } from '../chain/rpc-errors';
import { RowReconciler } from './row-reconciler';
import { TxJournal } from './tx-journal';
import { WalletLease, WalletLeases } from './wallet-leases';

/**
 * The nonce to sign with, checked under the wallet's lease. The wallet row's `next_nonce`
 * is the coordination record; before each use it is checked against the chain and the
 * journal, and resynced when they disagree:
 * - the base is the node's pending count, after handing the node back any of our pending
 *   transactions it lost (same bytes), so a stored nonce that ran ahead of the chain
 *   cannot leave a gap that strands later transactions;
 * - never below our last mined nonce + 1 while its receipt is on chain: a node's count can
 *   lag (nodes behind a load balancer, any response cache), and signing a used nonce again
 *   would be refused at best;
 * - never a nonce one of our pending rows holds: signing it again could replace it.
 */
@Injectable()
export class NonceSync {
  constructor(
    private readonly journal: TxJournal,
    private readonly leases: WalletLeases,
    private readonly rows: RowReconciler,
  ) {}

  async nonceFor(lease: WalletLease, provider: JsonRpcProvider): Promise<number> {
    let pending = await this.journal.pending({ wallet: lease.address });
    let nonce = await rpc(() => provider.getTransactionCount(lease.address, 'pending'));
    const lost = pending.filter((row) => row.nonce >= nonce);
    if (lost.length > 0) {
      for (const row of lost) await this.rows.reconcile(row, provider);
      pending = await this.journal.pending({ wallet: lease.address });
      nonce = await rpc(() => provider.getTransactionCount(lease.address, 'pending'));
    }
    const lastMined = await this.journal.lastMined(lease.address);
    // A chain that no longer has that receipt was reset or reorganised: the chain wins then.
    if (lastMined && lastMined.nonce >= nonce && (await rpc(() => provider.getTransactionReceipt(lastMined.txHash)))) {
      nonce = lastMined.nonce + 1;
    }
    const held = new Set(pending.map((row) => row.nonce));
    while (held.has(nonce)) nonce++;
    if (nonce !== lease.nextNonce) await this.leases.setNextNonce(lease, nonce);
    return nonce;
  }
}
