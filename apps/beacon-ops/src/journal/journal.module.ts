import { Module } from '@nestjs/common';
import { JournalStore } from './journal-store';
import { LockHeartbeat } from './lock-heartbeat';
import { PoolStore } from './pool-store';

/** beacon-ops' own database: its connection (migrated on first use), its statements, and the heartbeat of the locks and claims held in it. */
@Module({
  providers: [JournalStore, PoolStore, LockHeartbeat],
  exports: [JournalStore, PoolStore, LockHeartbeat],
})
export class JournalModule {}
