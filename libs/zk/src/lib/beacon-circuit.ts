import { join } from 'node:path';

/** The beacon-mean circuit (circuits/beacon-mean.circom): its shape and its committed artifacts. */
export const MEASUREMENT_COUNT = 4;
/** Each measurement is range-checked in the circuit to [0, 2^64). */
export const MEASUREMENT_BITS = 64;
export const MAX_MEASUREMENT = (1n << BigInt(MEASUREMENT_BITS)) - 1n;
/** mean * 2^96 = sum * 2^94 for 4 measurements: exact, no rounding. */
export const VALUE_SHIFT = 94n;

/** BN254's scalar field: every signal is an element of it, and the verifier rejects anything larger. */
export const SNARK_SCALAR_FIELD = 21888242871839275222246405745257275088548364400416034343698204186575808495617n;

const ROOT = join(__dirname, '..', '..');

/** Where the circuit and its artifacts live (written by `npm run zk:setup`, committed). */
export const CIRCUIT_PATHS = {
  source: join(ROOT, 'circuits', 'beacon-mean.circom'),
  artifacts: join(ROOT, 'artifacts'),
  /** Witness generator compiled by circom2. */
  wasm: join(ROOT, 'artifacts', 'beacon-mean.wasm'),
  r1cs: join(ROOT, 'artifacts', 'beacon-mean.r1cs'),
  /** Final proving key (phase 2, one contribution). */
  zkey: join(ROOT, 'artifacts', 'beacon-mean.zkey'),
  verificationKey: join(ROOT, 'artifacts', 'verification-key.json'),
  /** The prepared powers of tau the zkey was made from (chain of custody: r1cs + ptau -> zkey). */
  ptau: join(ROOT, 'artifacts', 'powers-of-tau.ptau'),
} as const;

/** The value the circuit outputs for these measurements: their mean, scaled by 2^96. */
export function beaconValue(measurements: readonly bigint[]): bigint {
  return measurements.reduce((sum, m) => sum + m, 0n) << VALUE_SHIFT;
}
