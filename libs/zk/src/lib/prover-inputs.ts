import { randomBytes } from 'node:crypto';
import { isAddress, toBigInt } from 'ethers';
import { MAX_MEASUREMENT, MEASUREMENT_COUNT, SNARK_SCALAR_FIELD } from './beacon-circuit';

/** A prover input the circuit would refuse (or a CLI argument that is not one), in words an operator can act on. */
export class ProverInputError extends Error {
  override readonly name = 'ProverInputError';
}

/** Exactly MEASUREMENT_COUNT integers, each within [0, 2^64): what the circuit's range checks accept. */
export function checkMeasurements(measurements: readonly bigint[]): bigint[] {
  if (measurements.length !== MEASUREMENT_COUNT) {
    throw new ProverInputError(`expected ${MEASUREMENT_COUNT} measurements, got ${measurements.length}`);
  }
  measurements.forEach((m, i) => {
    if (m < 0n || m > MAX_MEASUREMENT) throw new ProverInputError(`measurement ${i + 1} (${m}) is outside [0, ${MAX_MEASUREMENT}]`);
  });
  return [...measurements];
}

/** "1,2,3,4" -> [1n, 2n, 3n, 4n]; decimal integers only. */
export function parseMeasurements(text: string): bigint[] {
  const parts = text.split(',').map((p) => p.trim());
  const values = parts.map((part, i) => {
    if (!/^\d+$/.test(part)) throw new ProverInputError(`measurement ${i + 1} ("${part}") is not a non-negative decimal integer`);
    return BigInt(part);
  });
  return checkMeasurements(values);
}

/** The beacon's address as the circuit's `beacon` input (a 160-bit field element). */
export function beaconField(beacon: string): bigint {
  if (!isAddress(beacon) || !/^0x[0-9a-fA-F]{40}$/.test(beacon)) throw new ProverInputError(`beacon "${beacon}" is not a 0x-prefixed 20-byte address`);
  return toBigInt(beacon);
}

export function checkNonce(nonce: bigint): bigint {
  if (nonce < 0n || nonce >= SNARK_SCALAR_FIELD) throw new ProverInputError(`nonce must be within [0, ${SNARK_SCALAR_FIELD - 1n}], got ${nonce}`);
  return nonce;
}

export function parseNonce(text: string): bigint {
  if (!/^\d+$/.test(text.trim())) throw new ProverInputError(`nonce "${text}" is not a non-negative decimal integer`);
  return checkNonce(BigInt(text.trim()));
}

/** 128 random bits: a statement that was never proven before, with certainty for practical purposes. */
export function randomNonce(): bigint {
  return toBigInt(randomBytes(16));
}
