import { GROUP_BEACON_MAX_SIZE } from '@perp/contracts';
import { BigIntField, IntField } from '@perp/http';

const UINT256_MAX = 2n ** 256n - 1n;

export class CreateGroupEcdsaBeaconBody {
  @IntField({
    required: true,
    ge: 1,
    le: GROUP_BEACON_MAX_SIZE,
    description: `How many values the group holds: every /update_beacon_with_ecdsa_adapter call to it carries exactly this many (1-${GROUP_BEACON_MAX_SIZE})`,
    example: 3,
  })
  size!: number;

  @BigIntField({ ge: 0n, le: UINT256_MAX, default: 0n, description: 'Smallest accepted value, inclusive (uint256; default 0)', example: '0' })
  min_measurement!: bigint;

  @BigIntField({
    ge: 0n,
    le: UINT256_MAX,
    default: UINT256_MAX,
    description: 'Largest accepted value, inclusive (uint256; default 2^256-1); at least min_measurement',
    example: '1000000000000000000',
  })
  max_measurement!: bigint;
}
