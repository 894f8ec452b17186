import { Module } from '@nestjs/common';
import { ChainModule } from '../chain/chain.module';
import { JournalModule } from '../journal/journal.module';
import { RateLimitsModule } from '../rate-limits/rate-limits.module';
import { BalanceCache } from './balance-cache';
import { BeaconLocks } from './beacon-locks';
import { JournalReconciler } from './journal-reconciler.service';
import { NonceSync } from './nonce-sync';
import { PoolKeys } from './pool-keys';
import { ReceiptWatch } from './receipt-watch';
import { RowReconciler } from './row-reconciler';
import { PoolWallets, SendPolicy, SendRecords } from './send-collaborators';
import { TransactionBuilder } from './transaction-builder';
import { WalletLanes } from './wallet-lanes';
import { PoolObservers } from './wallet-pool-hooks';
import { WalletPool } from './wallet-pool.service';

/** Every transaction: the wallet pool, its reconciler and its keys (the journal, the chain and each caller's rate limits underneath). */
@Module({
  imports: [JournalModule, ChainModule, RateLimitsModule],
  providers: [
    WalletPool,
    PoolKeys,
    JournalReconciler,
    PoolObservers,
    BalanceCache,
    BeaconLocks,
    NonceSync,
    ReceiptWatch,
    RowReconciler,
    TransactionBuilder,
    WalletLanes,
    PoolWallets,
    SendRecords,
    SendPolicy,
  ],
  exports: [WalletPool, PoolKeys, JournalReconciler, PoolObservers],
})
export class WalletPoolModule {}
