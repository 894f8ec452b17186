import { Module } from '@nestjs/common';
import { TouchModule } from '../touch/touch.module';
import { GatingController } from './gating.controller';
import { GatingOverrides } from './gating-overrides';
import { PublishGate } from './publish-gate';

/** Publish gating of ECDSA updates and its per-beacon overrides (the tier is read through touch's market-data cache). */
@Module({
  imports: [TouchModule],
  controllers: [GatingController],
  providers: [PublishGate, GatingOverrides],
  exports: [PublishGate],
})
export class GatingModule {}
