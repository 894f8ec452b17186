import { AddressField, BigIntField, IntField } from '@perp/http';

const UINT256_MAX = 2n ** 256n - 1n;

export class CreateVerifiableBeaconBody {
  @AddressField({ required: true, description: 'The zero-knowledge verifier contract (IVerifier) the beacon will use, for ever' })
  verifier_address!: string;

  /** A JSON integer of any size or a decimal string: 2^96-scaled values exceed 2^53. */
  @BigIntField({
    required: true,
    ge: 0n,
    le: UINT256_MAX,
    description: 'Initial value (uint256): a JSON integer of any size or a decimal string; a decimal quantity pre-scaled by 2^96',
    example: '79228162514264337593543950336',
  })
  initial_data!: bigint;

  @IntField({ required: true, ge: 1, le: 65535, description: 'TWAP observation slots the ring may grow to (typically 100-1000)', example: 100 })
  initial_cardinality!: number;
}
