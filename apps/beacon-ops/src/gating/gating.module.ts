import { Module } from '@nestjs/common';
import { AuthModule } from '../auth/auth.module';
import { ChainModule } from '../chain/chain.module';
import { IdempotencyModule } from '../idempotency/idempotency.module';
import { JournalModule } from '../journal/journal.module';
import { OnchainModule } from '../onchain/onchain.module';
import { RateLimitsModule } from '../rate-limits/rate-limits.module';
import { TouchModule } from '../touch/touch.module';
import { GatingController } from './gating.controller';
import { GatingOverrides } from './gating-overrides';
import { PublishGate } from './publish-gate';

/** Publish gating of ECDSA updates and its per-beacon overrides (the tier is read through touch's market-data cache). */
@Module({
  imports: [AuthModule, IdempotencyModule, RateLimitsModule, JournalModule, ChainModule, OnchainModule, TouchModule],
  controllers: [GatingController],
  providers: [PublishGate, GatingOverrides],
  exports: [PublishGate],
})
export class GatingModule {}
