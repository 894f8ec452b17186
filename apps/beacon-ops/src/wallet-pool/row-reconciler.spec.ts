import type { JsonRpcProvider, TransactionReceipt } from 'ethers';
import type { Chain } from '../chain/chain.module';
import type { PoolStore } from '../journal/pool-store';
import { TxJournalRow } from '../journal/tx-journal.entity';
import type { PoolKeys } from './pool-keys';
import { RowReconciler } from './row-reconciler';
import type { TransactionBuilder } from './transaction-builder';

const row = Object.assign(new TxJournalRow(), {
  id: 7,
  wallet: '0x00000000000000000000000000000000000000aa',
  nonce: 3,
  txHash: '0xh1',
  rawTx: '0x',
  previousHashes: [],
});
const receipt = { hash: '0xh1', status: 1 } as unknown as TransactionReceipt;

/** A node that counts the row's nonce as used at once, and shows its receipt only from the `visibleFrom`-th lookup. */
function node(visibleFrom: number): JsonRpcProvider {
  let lookups = 0;
  return {
    getTransactionCount: async () => row.nonce + 1,
    getTransactionReceipt: async () => (++lookups >= visibleFrom ? receipt : null),
  } as unknown as JsonRpcProvider;
}

function reconciler() {
  const marked: string[] = [];
  const store = {
    markMined: async () => void marked.push('mined'),
    markReplaced: async () => (marked.push('replaced'), true),
  } as unknown as PoolStore;
  return { marked, rows: new RowReconciler({} as Chain, store, {} as PoolKeys, {} as TransactionBuilder) };
}

describe('RowReconciler.reconcile', () => {
  it('looks for the receipt again before calling a used nonce replaced: a node may count a block it is still mining', async () => {
    const { marked, rows } = reconciler();
    expect(await rows.reconcile({ ...row } as TxJournalRow, node(2))).toBe('confirmed');
    expect(marked).toEqual(['mined']);
  });

  it('calls it replaced when the receipt is still missing on the second look', async () => {
    const { marked, rows } = reconciler();
    expect(await rows.reconcile({ ...row } as TxJournalRow, node(Number.POSITIVE_INFINITY))).toBe('replaced');
    expect(marked).toEqual(['replaced']);
  });
});
