import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

/** A proof as snarkjs returns it (decimal strings, projective coordinates with a trailing "1"). */
export interface SnarkjsProof {
  pi_a: string[];
  pi_b: string[][];
  pi_c: string[];
  protocol: string;
  curve: string;
}

/** In-memory file for snarkjs (a Uint8Array works too); a string is a file path. */
type BinaryFile = string | Uint8Array;

interface Curve {
  terminate(): Promise<void>;
}

/** The part of snarkjs' API this project uses (snarkjs ships no type declarations). */
export interface Snarkjs {
  groth16: {
    fullProve(input: Record<string, unknown>, wasm: BinaryFile, zkey: BinaryFile): Promise<{ proof: SnarkjsProof; publicSignals: string[] }>;
    verify(verificationKey: unknown, publicSignals: string[], proof: SnarkjsProof): Promise<boolean>;
  };
  wtns: {
    calculate(input: Record<string, unknown>, wasm: BinaryFile, output: { type: 'mem'; data?: Uint8Array }): Promise<void>;
    exportJson(witness: { type: 'mem'; data?: Uint8Array }): Promise<bigint[]>;
  };
  r1cs: {
    info(r1cs: string): Promise<{ nConstraints: number; nPubInputs: number; nOutputs: number; nPrvInputs: number }>;
  };
  curves: {
    getCurveFromName(name: string): Promise<Curve>;
  };
  powersOfTau: {
    newAccumulator(curve: Curve, power: number, output: string): Promise<unknown>;
    contribute(input: string, output: string, name: string, entropy: string): Promise<unknown>;
    preparePhase2(input: string, output: string): Promise<unknown>;
  };
  zKey: {
    newZKey(r1cs: string, ptau: string, output: string): Promise<unknown>;
    contribute(input: string, output: string, name: string, entropy: string): Promise<unknown>;
    verifyFromR1cs(r1cs: string, ptau: string, zkey: string): Promise<boolean>;
    exportVerificationKey(zkey: BinaryFile): Promise<Record<string, unknown>>;
    exportSolidityVerifier(zkey: BinaryFile, templates: { groth16: string }): Promise<string>;
  };
}

// Loaded through createRequire because snarkjs has no types: the interface above stands in.
const load = createRequire(__filename);

export function snarkjs(): Snarkjs {
  return load('snarkjs') as Snarkjs;
}

/** The Solidity template snarkjs exports the Groth16 verifier with. */
export function groth16VerifierTemplatePath(): string {
  // Not among the package's "exports": found next to its CommonJS build (build/main.cjs).
  return join(dirname(load.resolve('snarkjs')), '..', 'templates', 'verifier_groth16.sol.ejs');
}

/**
 * snarkjs keeps one BN254 curve per process with worker threads, which keep Node alive. Call
 * this when done proving (a CLI before it exits, a test file in afterAll); the next proof
 * builds the curve again.
 */
export async function stopProver(): Promise<void> {
  const curve = (globalThis as { curve_bn128?: Curve | null }).curve_bn128;
  if (curve) await curve.terminate();
}
