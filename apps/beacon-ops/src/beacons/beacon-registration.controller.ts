import { Body, Controller } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { ApiEnvelopeResponse, Envelope, ok } from '@perp/http';
import { OperationRoute } from '../http/operation-route.decorator';
import { IdempotencyKey } from '../idempotency/idempotency-key.header';
import { BeaconRegistrationService } from './beacon-registration.service';
import { RegisterBeaconBody } from './dto/register-beacon.dto';
import { UnregisterBeaconBody } from './dto/unregister-beacon.dto';

@ApiTags('beacons')
@Controller()
export class BeaconRegistrationController {
  constructor(private readonly registration: BeaconRegistrationService) {}

  @OperationRoute('register_beacon', 'Register an existing beacon with a registry; already registered: success, data null', {
    404: 'Beacon not found: no contract at beacon_address',
    422: 'A field is invalid (e.g. no registry at registry_address), or the pool wallets are not registrars',
  })
  @ApiEnvelopeResponse({ type: 'string', example: 'Transaction hash: 0x3c1f...', description: 'null with message "Beacon already registered"' })
  async register(@Body() body: RegisterBeaconBody, @IdempotencyKey() key: string | undefined): Promise<Envelope<string | null>> {
    const outcome = await this.registration.register(body, key);
    return outcome.registered === 'before' ? ok(null, 'Beacon already registered') : ok(`Transaction hash: ${outcome.hash}`);
  }

  @OperationRoute('unregister_beacon', 'Remove a beacon from a registry (the wind-down of register_beacon); not registered: success, data null', {
    404: 'Beacon not found: no contract at beacon_address',
    422: 'A field is invalid (e.g. no registry at registry_address), or the pool wallets are not registrars',
    503: 'registry_address absent and REGISTRY_ADDRESS not configured, or insufficient gas',
  })
  @ApiEnvelopeResponse({ type: 'string', example: 'Transaction hash: 0x3c1f...', description: 'null with message "Beacon not registered"' })
  async unregister(@Body() body: UnregisterBeaconBody, @IdempotencyKey() key: string | undefined): Promise<Envelope<string | null>> {
    const outcome = await this.registration.unregister(body, key);
    return outcome.unregistered === 'before' ? ok(null, 'Beacon not registered') : ok(`Transaction hash: ${outcome.hash}`);
  }
}
