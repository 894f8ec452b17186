import { Module } from '@nestjs/common';
import { V1PositionsController } from '../v1/v1-positions.controller';
import { V1PositionsService } from '../v1/v1-positions.service';
import { LiquidationCandidatesService } from './liquidation-candidates.service';
import { PositionResponsesService } from './position-responses.service';
import { PositionsController } from './positions.controller';
import { PositionsRepository } from './positions.repository';
import { PositionsService } from './positions.service';

/** GET /positions, /positions/liquidatable, /positions/{id} and their frozen /v1 forms. Stores and settings come from the global StoresModule. */
@Module({
  controllers: [PositionsController, V1PositionsController],
  providers: [PositionsRepository, PositionsService, LiquidationCandidatesService, PositionResponsesService, V1PositionsService],
  // The stream's candidates channel watches the same refresh.
  exports: [LiquidationCandidatesService],
})
export class PositionsModule {}
