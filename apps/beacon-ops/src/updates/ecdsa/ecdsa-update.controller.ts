import { Body, Controller, Query } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { ApiEnvelopeResponse } from '@perp/http';
import { PublishGatedError } from '../../gating/publish-gated';
import { OperationRoute } from '../../http/operation-route.decorator';
import { IdempotencyKey } from '../../idempotency/idempotency-key.header';
import { PerpTouches } from '../../touch/perp-touches';
import { unlessUnconfirmed, updateAnswer, UpdateEnvelope, UpdateOutcome } from '../confirmation';
import { ConfirmationQuery } from '../dto/confirmation-query.dto';
import { touchConfirmed } from '../touch-confirmed';
import { CONFIRMED, TX_HASH, txData } from '../update-route-docs';
import { EcdsaUpdateBody } from './ecdsa-update.dto';
import { EcdsaUpdateService } from './ecdsa-update.service';

/** POST /update_beacon_with_ecdsa_adapter: the service signs the measurement, a pool wallet sends it. */
@ApiTags('updates')
@Controller()
export class EcdsaUpdateController {
  constructor(
    private readonly ecdsa: EcdsaUpdateService,
    private readonly touches: PerpTouches,
  ) {}

  @OperationRoute('update_beacon_with_ecdsa_adapter', 'The service signs the measurement (EIP-712) and submits it to an ECDSA-adapter beacon', {
    404: 'Beacon not found: no contract at beacon_address',
    422: 'Invalid proof: signer mismatch, measurement out of range; or not an ECDSA-adapter beacon the service signs for, a measurement of the wrong form or length for the beacon (an array for a single-value beacon, not exactly its size for a group: the message names the expected length), or a field is invalid',
  })
  @ApiEnvelopeResponse(TX_HASH, {
    ...CONFIRMED,
    description:
      'Envelope with success true. With PUBLISH_GATING on, an update held back (an unchanged measurement within the heartbeat, or any within the minimum interval) answers data null, confirmed true and a message naming the rule and the time from which a publish goes through: nothing was sent, no gas spent, no token budget charged',
  })
  async updateWithEcdsa(
    @Body() body: EcdsaUpdateBody,
    @IdempotencyKey() key: string | undefined,
    @Query() query: ConfirmationQuery,
  ): Promise<UpdateEnvelope<string | null>> {
    let outcome: UpdateOutcome<string>;
    try {
      outcome = await unlessUnconfirmed(() => this.ecdsa.update(body, key));
    } catch (error) {
      // Held back by publish gating: nothing sent, nothing pending, so the answer is final (confirmed: true).
      if (error instanceof PublishGatedError) return { success: true, data: null, message: error.message, confirmed: true };
      throw error;
    }
    return updateAnswer(
      touchConfirmed(this.touches, outcome, () => [body.beacon_address]),
      query.require_confirmation,
      txData,
      txData,
    );
  }
}
