import { Module } from '@nestjs/common';
import { BatchCreationService } from './batch-creation.service';
import { BeaconCreationController } from './beacon-creation.controller';
import { BeaconCreationService } from './beacon-creation.service';
import { BeaconRegistrationController } from './beacon-registration.controller';
import { BeaconRegistrationService } from './beacon-registration.service';

/** Creating and registering beacons. */
@Module({
  controllers: [BeaconCreationController, BeaconRegistrationController],
  providers: [BeaconCreationService, BatchCreationService, BeaconRegistrationService],
})
export class BeaconsModule {}
