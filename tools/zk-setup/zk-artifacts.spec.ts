import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CIRCUIT_PATHS, snarkjs, stopProver } from '@perp/zk';
import { compileCircuit, GROTH16_VERIFIER_SOL, verificationKeyJson, verifierSource } from './zk-build';

/** The committed ZK artifacts are what `npm run zk:setup`'s deterministic steps make of each other. */
describe('committed ZK artifacts', () => {
  let work: string;
  beforeAll(() => {
    work = mkdtempSync(join(tmpdir(), 'zk-artifacts-'));
  });
  afterAll(async () => {
    rmSync(work, { recursive: true, force: true });
    await stopProver();
  });

  it('the r1cs and the wasm are a fresh compile of circuits/beacon-mean.circom', () => {
    const fresh = compileCircuit(work);
    expect(readFileSync(fresh.r1cs).equals(readFileSync(CIRCUIT_PATHS.r1cs))).toBe(true);
    expect(readFileSync(fresh.wasm).equals(readFileSync(CIRCUIT_PATHS.wasm))).toBe(true);
  });

  it('the zkey derives from the r1cs and the committed powers of tau (chain of custody)', async () => {
    expect(await snarkjs().zKey.verifyFromR1cs(CIRCUIT_PATHS.r1cs, CIRCUIT_PATHS.ptau, CIRCUIT_PATHS.zkey)).toBe(true);
  });

  it('Groth16Verifier.sol and verification-key.json are what snarkjs exports from the zkey', async () => {
    expect(readFileSync(GROTH16_VERIFIER_SOL, 'utf8')).toBe(await verifierSource(CIRCUIT_PATHS.zkey));
    expect(readFileSync(CIRCUIT_PATHS.verificationKey, 'utf8')).toBe(await verificationKeyJson(CIRCUIT_PATHS.zkey));
  });
});
