import { Module } from '@nestjs/common';
import { AuthModule } from '../auth/auth.module';
import { StoresModule } from '../stores/stores.module';
import { LiquidationCandidatesService } from './liquidation-candidates.service';
import { PositionResponsesService } from './position-responses.service';
import { PositionsController } from './positions.controller';
import { PositionsRepository } from './positions.repository';
import { PositionsService } from './positions.service';

/** GET /positions, /positions/liquidatable, /positions/{id}. */
@Module({
  imports: [StoresModule, AuthModule],
  controllers: [PositionsController],
  providers: [PositionsRepository, PositionsService, LiquidationCandidatesService, PositionResponsesService],
  // The frozen /v1 forms answer from the same services; the stream's candidates channel watches the same refresh.
  exports: [PositionsService, LiquidationCandidatesService],
})
export class PositionsModule {}
