import { DynamicModule, Global, Module, Provider } from '@nestjs/common';
import { IdempotencyInterceptor } from '../idempotency/idempotency.interceptor';
import { IdempotencyService } from '../idempotency/idempotency.service';
import { TokenContextInterceptor } from '../rate-limits/token-context.interceptor';
import { TokenUsage } from '../rate-limits/token-usage';
import { PoolStore } from '../journal/pool-store';
import { BalanceCache } from './balance-cache';
import { BeaconLocks } from './beacon-locks';
import { JournalReconciler } from './journal-reconciler.service';
import { LockHeartbeat } from '../journal/lock-heartbeat';
import { NonceSync } from './nonce-sync';
import { PoolKeys } from './pool-keys';
import { ReceiptWatch } from './receipt-watch';
import { RowReconciler } from './row-reconciler';
import { TransactionBuilder } from './transaction-builder';
import { WalletLanes } from './wallet-lanes';
import { WALLET_POOL_HOOKS, WalletPoolHooks } from './wallet-pool-hooks';
import { WalletPool } from './wallet-pool.service';

const EXPORTED = [WalletPool, PoolKeys, JournalReconciler, IdempotencyService, IdempotencyInterceptor, TokenUsage, TokenContextInterceptor];

/**
 * The wallet pool, its journal and idempotency. Needs the global JournalStoreModule (settings,
 * store) and ChainModule. Global, so route modules inject WalletPool and use
 * IdempotencyInterceptor without importing it.
 */
@Global()
@Module({})
export class WalletPoolModule {
  static register(options: { hooks?: WalletPoolHooks } = {}): DynamicModule {
    const providers: Provider[] = [
      ...EXPORTED,
      PoolStore,
      LockHeartbeat,
      BalanceCache,
      BeaconLocks,
      NonceSync,
      ReceiptWatch,
      RowReconciler,
      TransactionBuilder,
      WalletLanes,
      { provide: WALLET_POOL_HOOKS, useValue: options.hooks ?? {} },
    ];
    return { module: WalletPoolModule, providers, exports: EXPORTED };
  }
}
