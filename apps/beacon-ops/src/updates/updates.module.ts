import { Module } from '@nestjs/common';
import { AuthModule } from '../auth/auth.module';
import { ChainModule } from '../chain/chain.module';
import { GatingModule } from '../gating/gating.module';
import { IdempotencyModule } from '../idempotency/idempotency.module';
import { OnchainModule } from '../onchain/onchain.module';
import { RateLimitsModule } from '../rate-limits/rate-limits.module';
import { TouchModule } from '../touch/touch.module';
import { WalletPoolModule } from '../wallet-pool/wallet-pool.module';
import { BatchUpdateService } from './batch-update.service';
import { EcdsaAdapters } from './ecdsa/ecdsa-adapters';
import { EcdsaUpdateController } from './ecdsa/ecdsa-update.controller';
import { EcdsaUpdateService } from './ecdsa/ecdsa-update.service';
import { BatchUpdateController } from './batch-update.controller';
import { ZkUpdateController } from './zk-update.controller';
import { ZkUpdateService } from './zk-update.service';

/** Updating beacons: by proof, by signed measurement, in batches; each send through the pool, publish-gated, then touched. */
@Module({
  imports: [AuthModule, IdempotencyModule, RateLimitsModule, ChainModule, OnchainModule, WalletPoolModule, GatingModule, TouchModule],
  // One controller per kind, in the order their routes appear in the OpenAPI document.
  controllers: [ZkUpdateController, EcdsaUpdateController, BatchUpdateController],
  providers: [ZkUpdateService, EcdsaUpdateService, BatchUpdateService, EcdsaAdapters],
})
export class UpdatesModule {}
