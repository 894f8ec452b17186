import { Module } from '@nestjs/common';
import { TouchModule } from '../touch/touch.module';
import { BatchUpdateService } from './batch-update.service';
import { EcdsaAdapters } from './ecdsa-adapters';
import { EcdsaUpdateService } from './ecdsa-update.service';
import { UpdatesController } from './updates.controller';
import { ZkUpdateService } from './zk-update.service';
import { GatingModule } from '../gating/gating.module';

/** Updating beacons: by proof, by signed measurement, in batches. */
@Module({
  imports: [TouchModule, GatingModule],
  controllers: [UpdatesController],
  providers: [ZkUpdateService, EcdsaUpdateService, BatchUpdateService, EcdsaAdapters],
})
export class UpdatesModule {}
