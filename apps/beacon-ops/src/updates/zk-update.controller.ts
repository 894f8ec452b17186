import { Body, Controller, Query } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { ApiEnvelopeResponse } from '@perp/http';
import { OperationRoute } from '../http/operation-route.decorator';
import { IdempotencyKey } from '../idempotency/idempotency-key.header';
import { PerpTouches } from '../touch/perp-touches';
import { unlessUnconfirmed, updateAnswer, UpdateEnvelope } from './confirmation';
import { ConfirmationQuery } from './dto/confirmation-query.dto';
import { UpdateBeaconBody } from './dto/update-beacon.dto';
import { touchConfirmed } from './touch-confirmed';
import { CONFIRMED, TX_HASH, txData } from './update-route-docs';
import { ZkUpdateService } from './zk-update.service';

/** POST /update_beacon: a ZK beacon updated with a proof. */
@ApiTags('updates')
@Controller()
export class ZkUpdateController {
  constructor(
    private readonly zk: ZkUpdateService,
    private readonly touches: PerpTouches,
  ) {}

  @OperationRoute('update_beacon', 'Update a ZK beacon with a proof; public_signals carries the new value', {
    404: 'Beacon not found: no contract at beacon_address',
    422: 'Invalid proof (rejected, replayed, malformed signals), or a field is invalid',
  })
  @ApiEnvelopeResponse(TX_HASH, CONFIRMED)
  async update(@Body() body: UpdateBeaconBody, @IdempotencyKey() key: string | undefined, @Query() query: ConfirmationQuery): Promise<UpdateEnvelope<string>> {
    const outcome = touchConfirmed(this.touches, await unlessUnconfirmed(() => this.zk.update(body, key)), () => [body.beacon_address]);
    return updateAnswer(outcome, query.require_confirmation, txData, txData);
  }
}
