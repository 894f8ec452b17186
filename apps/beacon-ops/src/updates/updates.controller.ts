import { Body, Controller, Query } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { ApiEnvelopeResponse } from '@perp/http';
import { OperationRoute } from '../http/operation-route.decorator';
import { IdempotencyKey } from '../idempotency/idempotency-key.header';
import { PerpTouches } from '../touch/perp-touches';
import { BatchUpdateService, pendingBatchResult } from './batch-update.service';
import { unlessUnconfirmed, updateAnswer, UpdateEnvelope, UpdateOutcome } from './confirmation';
import { BatchUpdateBody, BatchUpdateResultDto } from './dto/batch-update.dto';
import { ConfirmationQuery } from './dto/confirmation-query.dto';
import { EcdsaUpdateBody } from './ecdsa/ecdsa-update.dto';
import { UpdateBeaconBody } from './dto/update-beacon.dto';
import { EcdsaUpdateService } from './ecdsa/ecdsa-update.service';
import { ZkUpdateService } from './zk-update.service';
import { PublishGatedError } from '../gating/publish-gated';

const TX_HASH = { type: 'string', example: 'Transaction hash: 0x3c1f...' } as const;
const txData = (hash: string) => `Transaction hash: ${hash}`;
/** The update routes' envelope field besides the three (the-beaconator's EcdsaUpdateResponse has it). */
const CONFIRMED = {
  extra: {
    confirmed: {
      type: 'boolean',
      description:
        'true: the receipt came within the wait. false: the transaction was sent and journaled, its receipt had not come (data carries its hash; a retry with the same Idempotency-Key answers the outcome; ?require_confirmation=true makes this a 504)',
    },
  },
} as const;

@ApiTags('updates')
@Controller()
export class UpdatesController {
  constructor(
    private readonly zk: ZkUpdateService,
    private readonly ecdsa: EcdsaUpdateService,
    private readonly batch: BatchUpdateService,
    private readonly touches: PerpTouches,
  ) {}

  /** A confirmed update's beacons get their perps touched (touch/); an unconfirmed one's do not. */
  private touched<T>(outcome: UpdateOutcome<T>, beacons: (result: T) => string[]): UpdateOutcome<T> {
    if (outcome.confirmed) this.touches.afterUpdate(beacons(outcome.result));
    return outcome;
  }

  @OperationRoute('update_beacon', 'Update a ZK beacon with a proof; public_signals carries the new value', {
    404: 'Beacon not found: no contract at beacon_address',
    422: 'Invalid proof (rejected, replayed, malformed signals), or a field is invalid',
  })
  @ApiEnvelopeResponse(TX_HASH, CONFIRMED)
  async update(@Body() body: UpdateBeaconBody, @IdempotencyKey() key: string | undefined, @Query() query: ConfirmationQuery): Promise<UpdateEnvelope<string>> {
    const outcome = this.touched(await unlessUnconfirmed(() => this.zk.update(body, key)), () => [body.beacon_address]);
    return updateAnswer(outcome, query.require_confirmation, txData, txData);
  }

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
      this.touched(outcome, () => [body.beacon_address]),
      query.require_confirmation,
      txData,
      txData,
    );
  }

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
    const outcome = this.touched(await unlessUnconfirmed(() => this.batch.update(body, key)), (result) =>
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
