import { Body, Controller, Query } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { ApiEnvelopeResponse } from '@perp/http';
import { OperationRoute } from '../http/operation-route.decorator';
import { IdempotencyKey } from '../idempotency/idempotency-key.header';
import { PerpTouches } from '../touch/perp-touches';
import { BatchUpdateService, pendingBatchResult } from './batch-update.service';
import { unlessUnconfirmed, updateAnswer, UpdateEnvelope } from './confirmation';
import { BatchUpdateBody, BatchUpdateResultDto } from './dto/batch-update.dto';
import { ConfirmationQuery } from './dto/confirmation-query.dto';
import { touchConfirmed } from './touch-confirmed';
import { CONFIRMED } from './update-route-docs';

/** POST /batch_update_beacon: 1-100 ZK beacons in one transaction. */
@ApiTags('updates')
@Controller()
export class BatchUpdateController {
  constructor(
    private readonly batch: BatchUpdateService,
    private readonly touches: PerpTouches,
  ) {}

  @OperationRoute('batch_update_beacon', 'Update 1-100 ZK beacons in one transaction; each entry succeeds or fails on its own', {
    404: "Beacon not found: none of the batch's beacons has code (nothing sent)",
    422: 'A field is invalid (each beacon at most once), no entry can be applied (nothing sent), or the batch does not fit one transaction',
    503: 'BATCH_UPDATER_ADDRESS not configured, or insufficient gas',
  })
  @ApiEnvelopeResponse(BatchUpdateResultDto, CONFIRMED)
  async batchUpdate(
    @Body() body: BatchUpdateBody,
    @IdempotencyKey() key: string | undefined,
    @Query() query: ConfirmationQuery,
  ): Promise<UpdateEnvelope<BatchUpdateResultDto>> {
    const outcome = touchConfirmed(this.touches, await unlessUnconfirmed(() => this.batch.update(body, key)), (result) =>
      result.results.filter((entry) => entry.success).map((entry) => entry.beacon_address),
    );
    return updateAnswer(
      outcome,
      query.require_confirmation,
      (result) => result,
      (hash) => pendingBatchResult(body, hash),
    );
  }
}
