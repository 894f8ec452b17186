import { Injectable } from '@nestjs/common';
import { JsonRpcProvider } from 'ethers';
import { PoolStore } from '../journal/pool-store';
import { countedRpc } from './counted-rpc';

/**
 * A wallet's next nonce, from the shared `wallets` row, aligned with the chain when the row
 * does not know it yet or a broadcast found its nonce taken (someone used the key outside the
 * pool, or the chain was reset):
 * - behind the node's pending count: the node's count (nonces used elsewhere are skipped);
 * - ahead of it with none of our pending rows at or above the count: back to the count (the
 *   transactions that would have filled the difference never made it, nothing of ours waits on them);
 * - ahead with pending rows above: kept (the reconciler re-sends the rows the node lost, and
 *   fills a nonce no row holds: RowReconciler.healBelow).
 * The write is a compare-and-set: a concurrent journal insert (any replica) wins, and we read again.
 */
@Injectable()
export class NonceSync {
  constructor(private readonly store: PoolStore) {}

  async sync(wallet: string, provider: JsonRpcProvider): Promise<number> {
    for (let round = 0; round < 5; round++) {
      const stored = await this.store.nextNonce(wallet);
      const count = await countedRpc(() => provider.getTransactionCount(wallet, 'pending'));
      const pending = await this.store.pending({ wallet });
      const highest = pending.reduce((max, row) => Math.max(max, row.nonce), -1);
      let next: number;
      if (stored === null) next = Math.max(count, highest + 1);
      else if (stored < count) next = count;
      else if (highest < count) next = count;
      else next = stored;
      if (next === stored || (await this.store.setNextNonce(wallet, stored, next))) return next;
    }
    throw new Error(`Wallet ${wallet}: next nonce kept moving during its resync`);
  }
}
