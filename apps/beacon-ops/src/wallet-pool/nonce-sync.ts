import { Injectable } from '@nestjs/common';
import { JsonRpcProvider } from 'ethers';
import { rpc } from '../chain/rpc-errors';
import { RowReconciler } from './row-reconciler';
import { TxJournal } from './tx-journal';
import { WalletLease, WalletLeases } from './wallet-leases';

/** How long a wallet's nonce stays trusted after this process saw its last transaction mined. */
const TRUST_MS = 10_000;

interface Trusted {
  token: number;
  nextNonce: number;
  until: number;
}

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
 *
 * Fast path (no database or chain read): this process held the wallet's previous lease, saw
 * that lease's transaction mined, and nobody leased the wallet since (the fencing token is
 * exactly one higher, so no replica, no reconciler). Then next_nonce is what we wrote and no
 * pending row of ours can hold it. A nonce used outside the pool still surfaces as
 * "nonce too low" at the broadcast, which re-checks the full way.
 */
@Injectable()
export class NonceSync {
  constructor(
    private readonly journal: TxJournal,
    private readonly leases: WalletLeases,
    private readonly rows: RowReconciler,
  ) {}

  private readonly trusted = new Map<string, Trusted>();

  /** The lease's transaction was mined: the next lease of this wallet, if it is the very next, may skip the checks. */
  trust(lease: WalletLease): void {
    if (lease.nextNonce === null) return;
    this.trusted.set(lease.address, { token: lease.token, nextNonce: lease.nextNonce, until: Date.now() + TRUST_MS });
  }

  /** Back to full checks for one wallet, or all (e.g. after the chain was unreachable: it may have been reset). */
  forget(address?: string): void {
    if (address === undefined) this.trusted.clear();
    else this.trusted.delete(address);
  }

  async nonceFor(lease: WalletLease, provider: JsonRpcProvider): Promise<number> {
    // Used once: a retry under the same lease (nonce trouble) always checks the full way.
    const trusted = this.trusted.get(lease.address);
    this.trusted.delete(lease.address);
    if (trusted && trusted.until > Date.now() && lease.token === trusted.token + 1 && lease.nextNonce === trusted.nextNonce) return trusted.nextNonce;

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
