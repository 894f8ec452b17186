import { Module } from '@nestjs/common';
import { GatingStore } from './gating-store';
import { JournalStore } from './journal-store';
import { LockHeartbeat } from './lock-heartbeat';
import { PoolStore } from './pool-store';
import { TokenUsageStore } from './token-usage-store';

/**
 * beacon-ops' own database in one room: its schema and migrations (journal-schema, migrations/), its
 * connection (JournalStore), every statement on it as a named prepared statement (PoolStore: wallets,
 * transactions, beacon locks, idempotency claims; TokenUsageStore; GatingStore), and the heartbeat of
 * the locks and claims held in it. Nothing outside this folder writes SQL.
 */
@Module({
  providers: [JournalStore, PoolStore, TokenUsageStore, GatingStore, LockHeartbeat],
  exports: [JournalStore, PoolStore, TokenUsageStore, GatingStore, LockHeartbeat],
})
export class JournalModule {}
