import { Inject, Injectable } from '@nestjs/common';
import { Transaction } from 'ethers';
import { BEACON_OPS_SETTINGS, BeaconOpsSettings } from '../settings';
import { BalanceCache } from './balance-cache';
import { TxJournal } from './tx-journal';

/** A wallet's accounted funds: the balance last read from the chain, and what may still leave beyond it. */
export interface AccountedFunds {
  /** Null: never read. */
  balance: bigint | null;
  /** The most the pool's transactions not reflected in `balance` may still cost. */
  committed: bigint;
}

/** The most a signed transaction can take from its sender: gasLimit * max fee per gas + value. */
export function maxCostOf(rawTx: string): bigint {
  const tx = Transaction.from(rawTx);
  return tx.gasLimit * (tx.maxFeePerGas ?? tx.gasPrice ?? 0n) + tx.value;
}

/**
 * The balance floor without a chain read per send. The wallet row (shared by every replica)
 * holds `balance_wei`, read from the chain, and `committed_wei`, the maximum cost of the pool's
 * transactions that reading may not reflect. A send may go only if
 *
 *     balance_wei - committed_wei - maxCost(this transaction) >= WALLET_MIN_BALANCE_WEI
 *
 * and its journal insert adds its maxCost to committed_wei, in the same fenced statement
 * (TxJournal.insertPendingUnderLease) that checks this again. Why the wallet never goes below
 * the floor through the pool's own spending:
 * - only the lease holder signs for a wallet, and every write of these columns is fenced by
 *   the lease, so no two senders (of any replica) account against the same figures at once;
 * - a refresh (below) lists the wallet's pending rows FIRST and reads the balance SECOND. A
 *   transaction mined before the read is in the balance; one not mined by then was pending at
 *   the listing (rows only leave `pending` once mined or dead, and no other row can appear:
 *   we hold the lease) or is journaled after it, by us, adding its cost. A row mined between
 *   the two steps is counted twice: conservative, never zero times;
 * - a transaction costs at most its maxCost (EIP-1559: gasUsed <= gasLimit, effective price
 *   <= maxFeePerGas), so the final balance is at least balance_wei - committed_wei.
 * Between refreshes, mined transactions keep counting at their maximum (conservative), and a
 * top-up is seen at the next refresh. A refresh happens when the read is older than
 * WALLET_BALANCE_CACHE_MS (0: before every send, as without this accounting), and before a
 * send is refused (it may fit once the real costs are known). What the accounting cannot see
 * is money leaving the wallet outside the pool (someone else using its key): that shows at the
 * next refresh, as it would have shown only at the next read before.
 */
@Injectable()
export class WalletFunds {
  constructor(
    @Inject(BEACON_OPS_SETTINGS) private readonly settings: BeaconOpsSettings,
    private readonly journal: TxJournal,
    private readonly balances: BalanceCache,
  ) {}

  /** Whether `funds` pay `maxCost` and stay at or above the floor. */
  covers(funds: AccountedFunds, maxCost: bigint): boolean {
    return funds.balance !== null && funds.balance - funds.committed - maxCost >= this.settings.walletMinBalanceWei;
  }

  /** Fresh figures for a wallet this process holds the lease of (see the ordering argument above). */
  async refresh(address: string): Promise<{ balance: bigint; committed: bigint }> {
    const pending = await this.journal.pending({ wallet: address });
    const balance = await this.balances.balance(address, { fresh: true });
    return { balance, committed: pending.reduce((sum, row) => sum + maxCostOf(row.rawTx), 0n) };
  }
}
