import { Module } from '@nestjs/common';
import { AuthModule } from '../auth/auth.module';
import { ChainModule } from '../chain/chain.module';
import { IdempotencyModule } from '../idempotency/idempotency.module';
import { OnchainModule } from '../onchain/onchain.module';
import { RateLimitsModule } from '../rate-limits/rate-limits.module';
import { WalletPoolModule } from '../wallet-pool/wallet-pool.module';
import { BatchCreationService } from './batch-creation.service';
import { BeaconCreationController } from './beacon-creation.controller';
import { BeaconCreationService } from './beacon-creation.service';
import { BeaconRegistrationController } from './beacon-registration.controller';
import { BeaconRegistrationService } from './beacon-registration.service';

/** Creating and registering beacons: operation routes (token, Idempotency-Key, rate limits) that send through the pool. */
@Module({
  imports: [AuthModule, IdempotencyModule, RateLimitsModule, ChainModule, OnchainModule, WalletPoolModule],
  controllers: [BeaconCreationController, BeaconRegistrationController],
  providers: [BeaconCreationService, BatchCreationService, BeaconRegistrationService],
})
export class BeaconsModule {}
