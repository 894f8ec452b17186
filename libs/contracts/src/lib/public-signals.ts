import { AbiCoder, dataSlice, getBytes, toBigInt } from 'ethers';

const coder = AbiCoder.defaultAbiCoder();

/** The ZK beacons' publicSignals: `abi.encode(uint256[])`, first element = the new data value. */
export function encodePublicSignals(values: readonly bigint[]): string {
  if (values.length === 0) throw new Error('publicSignals needs at least one value');
  return coder.encode(['uint256[]'], [values]);
}

/**
 * Decodes publicSignals with the same strict layout check the contracts apply (head offset 32,
 * length >= 1, no trailing bytes), so a value the beacon would reject is rejected here too.
 */
export function decodePublicSignals(hex: string): bigint[] {
  const bytes = getBytes(hex);
  const word = (i: number) => toBigInt(dataSlice(bytes, i * 32, i * 32 + 32));
  if (bytes.length < 96 || bytes.length % 32 !== 0 || word(0) !== 32n) throw new Error('publicSignals is not abi.encode(uint256[])');
  const count = word(1);
  if (count === 0n || count !== BigInt((bytes.length - 64) / 32)) throw new Error('publicSignals length mismatch');
  return (coder.decode(['uint256[]'], bytes)[0] as bigint[]).map((v) => BigInt(v));
}

/** The new data value a publicSignals payload carries (its first element). */
export function publicSignalsValue(hex: string): bigint {
  return decodePublicSignals(hex)[0];
}
