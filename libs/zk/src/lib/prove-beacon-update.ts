import { readFileSync } from 'node:fs';
import { beaconValue, CIRCUIT_PATHS } from './beacon-circuit';
import { encodeProof, encodeSignals, toSolidityProof } from './proof-encoding';
import { beaconField, checkMeasurements, checkNonce, randomNonce } from './prover-inputs';
import { snarkjs } from './snarkjs';

export interface BeaconUpdateRequest {
  /** 4 private measurements, each within [0, 2^64). */
  measurements: readonly bigint[];
  /** The beacon the proof is for: the adapter accepts it from this beacon only. */
  beacon: string;
  /** Default: 128 random bits. A statement (value, beacon, nonce) is accepted once per beacon. */
  nonce?: bigint;
}

export interface BeaconUpdateProof {
  /** `proof` of /update_beacon: abi.encode(uint256[2] a, uint256[2][2] b, uint256[2] c). */
  proof: string;
  /** `public_signals`: abi.encode(uint256[] [value, beacon, nonce]). */
  publicSignals: string;
  /** The proven value: the measurements' mean scaled by 2^96. */
  value: bigint;
  signals: bigint[];
  nonce: bigint;
  /** Wall time of the proof (witness + Groth16), in milliseconds. */
  millis: number;
}

let artifacts: { wasm: Uint8Array; zkey: Uint8Array } | undefined;

/** Read once per process: every proof uses the same witness generator and proving key. */
function proverArtifacts(): { wasm: Uint8Array; zkey: Uint8Array } {
  artifacts ??= { wasm: readFileSync(CIRCUIT_PATHS.wasm), zkey: readFileSync(CIRCUIT_PATHS.zkey) };
  return artifacts;
}

/**
 * Proves that `value` is the X96 mean of measurements the prover knows, for `beacon`. Bad inputs
 * throw ProverInputError before any proving. Call stopProver() when done (snarkjs' worker threads
 * keep the process alive).
 */
export async function proveBeaconUpdate(request: BeaconUpdateRequest): Promise<BeaconUpdateProof> {
  const measurements = checkMeasurements(request.measurements);
  const beacon = beaconField(request.beacon);
  const nonce = checkNonce(request.nonce ?? randomNonce());
  const { wasm, zkey } = proverArtifacts();
  const started = performance.now();
  const { proof, publicSignals } = await snarkjs().groth16.fullProve(
    { measurements: measurements.map(String), beacon: beacon.toString(), nonce: nonce.toString() },
    wasm,
    zkey,
  );
  const millis = performance.now() - started;
  const signals = publicSignals.map((s) => BigInt(s));
  // The circuit is the source of truth; this only catches artifacts out of step with the code.
  const expected = [beaconValue(measurements), beacon, nonce];
  if (signals.some((s, i) => s !== expected[i]) || signals.length !== expected.length) {
    throw new Error(`the circuit's public signals [${signals.join(', ')}] differ from the expected [${expected.join(', ')}]: artifacts out of date?`);
  }
  return { proof: encodeProof(toSolidityProof(proof)), publicSignals: encodeSignals(signals), value: signals[0], signals, nonce, millis };
}
