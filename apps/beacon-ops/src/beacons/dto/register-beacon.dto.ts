import { AddressField } from '@perp/http';

export class RegisterBeaconBody {
  @AddressField({ required: true, description: 'The beacon to register' })
  beacon_address!: string;

  @AddressField({ required: true, description: 'The BeaconRegistry; the pool wallets must be its registrars' })
  registry_address!: string;
}
