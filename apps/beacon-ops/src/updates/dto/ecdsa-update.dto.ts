import { AddressField, BigIntField } from '@perp/http';

export class EcdsaUpdateBody {
  @AddressField({ required: true, description: 'An EcdsaBeacon whose verifier adapter accepts the service signer' })
  beacon_address!: string;

  @BigIntField({
    required: true,
    ge: 0n,
    le: 2n ** 256n - 1n,
    description: 'uint256 as a decimal string (a JSON integer is accepted too); the adapter rejects a value outside its range',
    example: '42',
  })
  measurement!: bigint;
}
