// Real Groth16 proofs (libs/zk) for the contract specs: values are X96 means of 4 measurements,
// so a test value is a multiple of 2^94 (UNIT).
import { proveBeaconUpdate, VALUE_SHIFT, type BeaconUpdateProof } from '@perp/zk';

/** 2^94: the value of a measurement sum of 1 (mean 1/4, scaled by 2^96). */
export const UNIT = 1n << VALUE_SHIFT;

/** 4 measurements summing to `sum`, each below 2^64 (sum below 2^66 - 3). */
export function measurementsSumming(sum: bigint): bigint[] {
  const quarter = sum / 4n;
  return [quarter, quarter, quarter, sum - 3n * quarter];
}

/** A proof that `beacon`'s new value is `value` (a multiple of UNIT). */
export async function proveValue(beacon: string, value: bigint, nonce?: bigint): Promise<BeaconUpdateProof> {
  if (value % UNIT !== 0n) throw new Error(`${value} is no multiple of 2^94: the circuit cannot output it`);
  return proveBeaconUpdate({ measurements: measurementsSumming(value / UNIT), beacon, nonce });
}

/** The proof with one byte changed: no longer a valid proof of anything. */
export function flipByte(hex: string, index = 40): string {
  const byte = parseInt(hex.slice(2 + index * 2, 4 + index * 2), 16) ^ 0x01;
  return `${hex.slice(0, 2 + index * 2)}${byte.toString(16).padStart(2, '0')}${hex.slice(4 + index * 2)}`;
}
