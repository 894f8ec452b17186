import { AbiCoder, dataLength, getBytes, toBigInt } from 'ethers';
import { SnarkjsProof } from './snarkjs';

const coder = AbiCoder.defaultAbiCoder();
const PROOF_TYPES = ['uint256[2]', 'uint256[2][2]', 'uint256[2]'];
/** 8 words: a (2), b (2 x 2), c (2). */
export const PROOF_BYTES = 256;

/** A Groth16 proof in the Solidity verifier's order: b's Fq2 coordinates as (imaginary, real). */
export interface SolidityProof {
  a: [bigint, bigint];
  b: [[bigint, bigint], [bigint, bigint]];
  c: [bigint, bigint];
}

/**
 * snarkjs' proof in the order the exported verifier takes it. snarkjs writes an Fq2 coordinate
 * as [real, imaginary]; the EVM pairing precompile (EIP-197) wants [imaginary, real], so each
 * pair of b is swapped, as snarkjs' own exportSolidityCallData does.
 */
export function toSolidityProof(proof: SnarkjsProof): SolidityProof {
  const n = (v: string) => BigInt(v);
  return {
    a: [n(proof.pi_a[0]), n(proof.pi_a[1])],
    b: [
      [n(proof.pi_b[0][1]), n(proof.pi_b[0][0])],
      [n(proof.pi_b[1][1]), n(proof.pi_b[1][0])],
    ],
    c: [n(proof.pi_c[0]), n(proof.pi_c[1])],
  };
}

/** The `proof` bytes of /update_beacon: abi.encode(uint256[2] a, uint256[2][2] b, uint256[2] c), 256 bytes. */
export function encodeProof(proof: SolidityProof): string {
  return coder.encode(PROOF_TYPES, [proof.a, proof.b, proof.c]);
}

export function decodeProof(hex: string): SolidityProof {
  if (dataLength(hex) !== PROOF_BYTES) throw new Error(`a Groth16 proof is ${PROOF_BYTES} bytes, got ${dataLength(hex)}`);
  const [a, b, c] = coder.decode(PROOF_TYPES, hex).toArray(true) as [bigint[], bigint[][], bigint[]];
  return {
    a: [a[0], a[1]],
    b: [
      [b[0][0], b[0][1]],
      [b[1][0], b[1][1]],
    ],
    c: [c[0], c[1]],
  };
}

/** The `public_signals` bytes: abi.encode(uint256[]), as the ZK beacons decode them. */
export function encodeSignals(signals: readonly bigint[]): string {
  return coder.encode(['uint256[]'], [signals]);
}

export function decodeSignals(hex: string): bigint[] {
  return (coder.decode(['uint256[]'], getBytes(hex))[0] as bigint[]).map((v) => toBigInt(v));
}
