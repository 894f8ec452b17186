import { Body, Controller } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { ApiEnvelopeResponse, Envelope, ok } from '@perp/http';
import { OperationRoute } from '../http/operation-route.decorator';
import { IdempotencyKey } from '../idempotency/idempotency-key.header';
import { BatchUpdateService } from './batch-update.service';
import { BatchUpdateBody, BatchUpdateResultDto } from './dto/batch-update.dto';
import { EcdsaUpdateBody } from './dto/ecdsa-update.dto';
import { UpdateBeaconBody } from './dto/update-beacon.dto';
import { EcdsaUpdateService } from './ecdsa-update.service';
import { ZkUpdateService } from './zk-update.service';

const TX_HASH = { type: 'string', example: 'Transaction hash: 0x3c1f...' } as const;

@ApiTags('updates')
@Controller()
export class UpdatesController {
  constructor(
    private readonly zk: ZkUpdateService,
    private readonly ecdsa: EcdsaUpdateService,
    private readonly batch: BatchUpdateService,
  ) {}

  @OperationRoute('update_beacon', 'Update a ZK beacon with a proof; public_signals carries the new value', {
    404: 'Beacon not found: no contract at beacon_address',
    422: 'Invalid proof (rejected, replayed, malformed signals), or a field is invalid',
  })
  @ApiEnvelopeResponse(TX_HASH)
  async update(@Body() body: UpdateBeaconBody, @IdempotencyKey() key: string | undefined): Promise<Envelope<string>> {
    return ok(`Transaction hash: ${await this.zk.update(body, key)}`);
  }

  @OperationRoute('update_beacon_with_ecdsa_adapter', 'The service signs the measurement (EIP-712) and submits it to an ECDSA-adapter beacon', {
    404: 'Beacon not found: no contract at beacon_address',
    422: 'Invalid proof: signer mismatch, measurement out of range; or not an ECDSA-adapter beacon, or a field is invalid',
  })
  @ApiEnvelopeResponse(TX_HASH)
  async updateWithEcdsa(@Body() body: EcdsaUpdateBody, @IdempotencyKey() key: string | undefined): Promise<Envelope<string>> {
    return ok(`Transaction hash: ${await this.ecdsa.update(body, key)}`);
  }

  @OperationRoute('batch_update_beacon', 'Update 1-100 ZK beacons in one transaction; each entry succeeds or fails on its own', {
    404: "Beacon not found: none of the batch's beacons has code (nothing sent)",
    422: 'A field is invalid (each beacon at most once), no entry can be applied (nothing sent), or the batch does not fit one transaction',
    503: 'BATCH_UPDATER_ADDRESS not configured, or insufficient gas',
  })
  @ApiEnvelopeResponse(BatchUpdateResultDto)
  async batchUpdate(@Body() body: BatchUpdateBody, @IdempotencyKey() key: string | undefined): Promise<Envelope<BatchUpdateResultDto>> {
    return ok(await this.batch.update(body, key));
  }
}
