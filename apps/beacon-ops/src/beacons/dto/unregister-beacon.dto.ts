import { AddressField } from '@perp/http';

export class UnregisterBeaconBody {
  @AddressField({ required: true, description: 'The beacon to remove from the registry' })
  beacon_address!: string;

  @AddressField({
    description: "The BeaconRegistry; the pool wallets must be its registrars. Absent: REGISTRY_ADDRESS (as the-beaconator's route, whose clients may omit it)",
  })
  registry_address?: string;
}
