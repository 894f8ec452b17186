import { GROUP_BEACON_MAX_SIZE } from '@perp/contracts';
import { AddressField, BigIntOrListField } from '@perp/http';

export class EcdsaUpdateBody {
  @AddressField({ required: true, description: 'An ECDSA-adapter beacon (single-value or group) whose verifier adapter accepts the service signer' })
  beacon_address!: string;

  @BigIntOrListField({
    required: true,
    ge: 0n,
    le: 2n ** 256n - 1n,
    maxItems: GROUP_BEACON_MAX_SIZE,
    description:
      'uint256 as a decimal string (a JSON integer is accepted too) for a single-value beacon; for a group beacon an array of exactly its number of values, in order (the-beaconator accepts both forms). The wrong form or length is 422 naming the expected one; the adapter rejects a value outside its range',
    example: '42',
  })
  measurement!: bigint | bigint[];
}
