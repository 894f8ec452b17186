import { AddressField, StringField } from '@perp/http';

/** 0x-prefixed hex bytes (an even number of digits). */
export const HEX_BYTES_PATTERN = '^0x([0-9a-fA-F]{2})*$';
/** 16 KiB of bytes: far above a Groth16 proof (256 bytes) or a few dozen public signals. */
const MAX_HEX_LENGTH = 2 + 2 * 16_384;

export class UpdateBeaconBody {
  @AddressField({ required: true, description: 'The ZK beacon (Beacon or VerifiableBeacon) to update' })
  beacon_address!: string;

  @StringField({
    required: true,
    pattern: HEX_BYTES_PATTERN,
    maxLength: MAX_HEX_LENGTH,
    description:
      "The proof, as 0x-prefixed hex bytes, in the beacon verifier's format. The Groth16 beacons (libs/zk, `npm run prove`): abi.encode(uint256[2] a, uint256[2][2] b, uint256[2] c), 256 bytes",
    example: '0x1234',
  })
  proof!: string;

  @StringField({
    required: true,
    pattern: HEX_BYTES_PATTERN,
    maxLength: MAX_HEX_LENGTH,
    description:
      'abi.encode(uint256[] signals), 0x-prefixed hex; signals[0] is the new value. The Groth16 beacons: [value, beacon address, nonce]; each statement is accepted once per beacon',
    example: '0x' + '20'.padStart(64, '0') + '1'.padStart(64, '0') + '2a'.padStart(64, '0'),
  })
  public_signals!: string;
}
