import { readFileSync } from 'node:fs';
import { CIRCUIT_PATHS } from './beacon-circuit';
import { decodeProof, decodeSignals, SolidityProof } from './proof-encoding';
import { SnarkjsProof, snarkjs } from './snarkjs';

/** BN254's base field: coordinates of curve points live here. */
const BASE_FIELD = 21888242871839275222246405745257275088696311157297823662689037894645226208583n;

let verificationKey: unknown;

/** Back to snarkjs' layout (b's Fq2 pairs as [real, imaginary]), for snarkjs.groth16.verify. */
function toSnarkjsProof(proof: SolidityProof): SnarkjsProof {
  const s = (v: bigint) => v.toString();
  return {
    pi_a: [s(proof.a[0]), s(proof.a[1]), '1'],
    pi_b: [
      [s(proof.b[0][1]), s(proof.b[0][0])],
      [s(proof.b[1][1]), s(proof.b[1][0])],
      ['1', '0'],
    ],
    pi_c: [s(proof.c[0]), s(proof.c[1]), '1'],
    protocol: 'groth16',
    curve: 'bn128',
  };
}

/** Off-chain check of /update_beacon's `proof` and `public_signals` against the committed verification key. */
export async function verifyBeaconProof(proof: string, publicSignals: string): Promise<boolean> {
  verificationKey ??= JSON.parse(readFileSync(CIRCUIT_PATHS.verificationKey, 'utf8'));
  let decoded: SolidityProof;
  try {
    decoded = decodeProof(proof);
  } catch {
    return false;
  }
  return snarkjs().groth16.verify(verificationKey, decodeSignals(publicSignals).map(String), toSnarkjsProof(decoded));
}

const negate = (v: bigint) => (v === 0n ? 0n : BASE_FIELD - v);

/**
 * Another valid proof of the same statement, without knowing the measurements: A and B negated,
 * since e(-A, -B) = e(A, B). Groth16 proofs are malleable like this (and by re-randomisation),
 * which is why the beacons burn the statement (the public signals), not the proof bytes.
 */
export function malleateProof(proof: SolidityProof): SolidityProof {
  return {
    a: [proof.a[0], negate(proof.a[1])],
    b: [proof.b[0], [negate(proof.b[1][0]), negate(proof.b[1][1])]],
    c: proof.c,
  };
}
