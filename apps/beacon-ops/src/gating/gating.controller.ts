import { Body, Controller } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { ApiEnvelopeResponse, Envelope, ok } from '@perp/http';
import { fail } from '../errors/operation-error';
import { Chain } from '../chain/chain.module';
import { OperationRoute } from '../http/operation-route.decorator';
import { ContractCode } from '../onchain/contract-code';
import { BeaconGatingDto, GetBeaconGatingBody, SetBeaconGatingBody } from './dto/beacon-gating.dto';
import { GatingOverrides } from './gating-overrides';

const CHANGEABLE = ['heartbeat_seconds', 'min_interval_seconds', 'idle_min_interval_seconds', 'tier'] as const;

@ApiTags('gating')
@Controller()
export class GatingController {
  constructor(
    private readonly overrides: GatingOverrides,
    private readonly chain: Chain,
    private readonly code: ContractCode,
  ) {}

  @OperationRoute('get_beacon_gating', "A beacon's publish gating: the values in force (its overrides, else the settings) and which it overrides")
  @ApiEnvelopeResponse(BeaconGatingDto)
  async get(@Body() body: GetBeaconGatingBody): Promise<Envelope<BeaconGatingDto>> {
    return ok(await this.overrides.read(body.beacon_address));
  }

  @OperationRoute(
    'set_beacon_gating',
    "Change a beacon's publish gating overrides: a field given sets it, null returns it to the setting, an absent one stays",
    {
      404: 'Beacon not found: no contract at beacon_address',
      422: 'A field is invalid (seconds 0-604800, tier active, idle or dormant), or none of heartbeat_seconds, min_interval_seconds, idle_min_interval_seconds, tier is given',
    },
  )
  @ApiEnvelopeResponse(BeaconGatingDto)
  async set(@Body() body: SetBeaconGatingBody): Promise<Envelope<BeaconGatingDto>> {
    if (CHANGEABLE.every((field) => body[field] === undefined)) {
      throw fail('invalid_request', `Nothing to change: give at least one of ${CHANGEABLE.join(', ')} (null returns a field to the setting)`);
    }
    await this.code.requireBeacon(await this.chain.provider(), body.beacon_address);
    return ok(await this.overrides.write(body));
  }
}
