import { Module } from '@nestjs/common';
import { TouchModule } from '../touch/touch.module';
import { BatchUpdateService } from './batch-update.service';
import { EcdsaAdapters } from './ecdsa-adapters';
import { EcdsaUpdateService } from './ecdsa-update.service';
import { UpdatesController } from './updates.controller';
import { ZkUpdateService } from './zk-update.service';
import { PublishGate } from '../gating/publish-gate';

/** Updating beacons: by proof, by signed measurement, in batches. */
@Module({
  imports: [TouchModule],
  controllers: [UpdatesController],
  providers: [ZkUpdateService, EcdsaUpdateService, BatchUpdateService, EcdsaAdapters, PublishGate],
})
export class UpdatesModule {}
