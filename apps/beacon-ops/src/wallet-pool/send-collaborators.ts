import { Injectable } from '@nestjs/common';
import { PoolStore } from '../journal/pool-store';
import { TokenUsage } from '../rate-limits/token-usage';
import { BalanceCache } from './balance-cache';
import { BeaconLocks } from './beacon-locks';
import { NonceSync } from './nonce-sync';
import { PoolKeys } from './pool-keys';
import { ReceiptWatch } from './receipt-watch';
import { RowReconciler } from './row-reconciler';
import { TransactionBuilder } from './transaction-builder';
import { WalletLanes } from './wallet-lanes';
import { PoolObservers } from './wallet-pool-hooks';

/**
 * WalletPool's collaborators by role, so a send reads as the steps it takes (WalletPool) rather
 * than a list of thirteen services.
 */

/** The wallets a send picks from: their keys, their lanes (pipeline and next nonce), cached balances, and the nonce resync from the chain. */
@Injectable()
export class PoolWallets {
  constructor(
    readonly keys: PoolKeys,
    readonly lanes: WalletLanes,
    readonly balances: BalanceCache,
    readonly nonces: NonceSync,
  ) {}
}

/** What a send records and waits on: the journal's statements, the beacon locks, the receipt wait, and the reconciliation of one row. */
@Injectable()
export class SendRecords {
  constructor(
    readonly store: PoolStore,
    readonly beaconLocks: BeaconLocks,
    readonly receipts: ReceiptWatch,
    readonly rows: RowReconciler,
  ) {}
}

/** What a send asks on the caller's behalf: the transaction estimated and signed, the token's rate limits, and the observers of the send path. */
@Injectable()
export class SendPolicy {
  constructor(
    readonly builder: TransactionBuilder,
    readonly usage: TokenUsage,
    readonly observers: PoolObservers,
  ) {}
}
