import { Body, Controller } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { ApiEnvelopeResponse, Envelope, ok } from '@perp/http';
import { OperationRoute } from '../http/operation-route.decorator';
import { IdempotencyKey } from '../idempotency/idempotency-key.header';
import { BatchCreationService } from './batch-creation.service';
import { BeaconCreationService } from './beacon-creation.service';
import { BatchCreateBody, BatchCreateResultDto } from './dto/batch-create.dto';
import { CreateBeaconBody } from './dto/create-beacon.dto';
import { CreateGroupEcdsaBeaconBody } from './dto/create-group-ecdsa-beacon.dto';
import { CreateVerifiableBeaconBody } from './dto/create-verifiable-beacon.dto';

const ADDRESS_STRING = { type: 'string', example: '0x5fbdb2315678afecb367f032d93f642f64180aa3' } as const;
const ADDRESS_AND_TX = { type: 'string', example: 'Beacon address: 0x5fbd..., tx: 0x3c1f...' } as const;

@ApiTags('beacons')
@Controller()
export class BeaconCreationController {
  constructor(
    private readonly creation: BeaconCreationService,
    private readonly batches: BatchCreationService,
  ) {}

  @OperationRoute('create_beacon', 'Create a ZK beacon (BeaconFactory.createBeacon), not registered; data: its address', {
    503: 'BEACON_FACTORY_ADDRESS not configured, or insufficient gas',
  })
  @ApiEnvelopeResponse(ADDRESS_STRING)
  async createBeacon(@Body() body: CreateBeaconBody, @IdempotencyKey() key: string | undefined): Promise<Envelope<string>> {
    const created = await this.creation.createBeacon(body, key);
    return ok(created.address);
  }

  @OperationRoute('create_registry_beacon', 'Create a ZK beacon and register it in the registry, in one transaction (no body)', {
    503: 'BEACON_FACTORY_ADDRESS not configured, or insufficient gas',
  })
  @ApiEnvelopeResponse(ADDRESS_AND_TX)
  async createRegistryBeacon(@IdempotencyKey() key: string | undefined): Promise<Envelope<string>> {
    const created = await this.creation.createRegistryBeacon(key);
    return ok(`Beacon address: ${created.address}, tx: ${created.hash}`);
  }

  @OperationRoute('batch_create_registry_beacon', 'Create and register 1-100 beacons in one atomic Multicall3 transaction: all or none', {
    422: 'Invalid count, or the batch would fail / failed on chain: nothing was created',
    503: 'MULTICALL3_ADDRESS or BEACON_FACTORY_ADDRESS not configured, or insufficient gas',
  })
  @ApiEnvelopeResponse(BatchCreateResultDto)
  async batchCreate(@Body() body: BatchCreateBody, @IdempotencyKey() key: string | undefined): Promise<Envelope<BatchCreateResultDto>> {
    return ok(await this.batches.create(body.count, key));
  }

  @OperationRoute('create_verifiable_beacon', 'Create a TWAP beacon bound to the given ZK verifier; its owner is the pool wallet that sends it', {
    422: 'A field is invalid, e.g. no contract at verifier_address',
    503: 'VERIFIABLE_BEACON_FACTORY_ADDRESS not configured, or insufficient gas',
  })
  @ApiEnvelopeResponse(ADDRESS_AND_TX)
  async createVerifiableBeacon(@Body() body: CreateVerifiableBeaconBody, @IdempotencyKey() key: string | undefined): Promise<Envelope<string>> {
    const created = await this.creation.createVerifiableBeacon(body, key);
    return ok(`Beacon address: ${created.address}, tx: ${created.hash}`);
  }

  @OperationRoute(
    'create_group_ecdsa_beacon',
    'Create a group ECDSA beacon of `size` values signed by the service signer, registered in the same transaction; update it with an array on /update_beacon_with_ecdsa_adapter',
    {
      422: 'A field is invalid (size 1-64, max_measurement at least min_measurement), or the factory is not a registrar of its registry',
      503: 'GROUP_ECDSA_BEACON_FACTORY_ADDRESS not configured, or insufficient gas',
    },
  )
  @ApiEnvelopeResponse(ADDRESS_AND_TX)
  async createGroupEcdsaBeacon(@Body() body: CreateGroupEcdsaBeaconBody, @IdempotencyKey() key: string | undefined): Promise<Envelope<string>> {
    const created = await this.creation.createGroupEcdsaBeacon(body, key);
    return ok(`Beacon address: ${created.address}, tx: ${created.hash}`);
  }
}
