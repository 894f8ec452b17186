/**
 * `npm run zk:setup`: rebuilds every artifact of the beacon-mean circuit. Compiles the circuit
 * with circom2, runs a small local powers-of-tau ceremony (bn128, the smallest power that fits),
 * phase 2 with one contribution, exports the verification key and the Solidity verifier, and
 * writes libs/zk/artifacts/* and libs/contracts/solidity/Groth16Verifier.sol.
 *
 * DEV ONLY: one party contributes random entropy and discards it, so whoever runs this could have
 * kept the toxic waste and forge proofs. A production key needs a multi-party ceremony.
 * Every run makes new keys: beacons deployed with the old verifier reject the new proofs.
 */
import { randomBytes } from 'node:crypto';
import { copyFileSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { CIRCUIT_PATHS, snarkjs, stopProver } from '@perp/zk';
import { REPO_ROOT } from '../dev-stack/dev-settings';
import { compileCircuit, GROTH16_VERIFIER_SOL, ptauPower, verificationKeyJson, verifierSource } from './zk-build';

const entropy = () => randomBytes(32).toString('hex');

async function main(): Promise<void> {
  const started = Date.now();
  const step = (what: string) => console.log(`[${((Date.now() - started) / 1000).toFixed(1)} s] ${what}`);
  const work = mkdtempSync(join(tmpdir(), 'zk-setup-'));
  const file = (name: string) => join(work, name);
  const s = snarkjs();
  try {
    step('compiling circuits/beacon-mean.circom with circom2');
    const compiled = compileCircuit(join(work, 'circuit'));
    const power = await ptauPower(compiled.r1cs);

    step(`powers of tau: new bn128 accumulator of power ${power} (${2 ** power} constraints), one contribution`);
    await s.powersOfTau.newAccumulator(await s.curves.getCurveFromName('bn128'), power, file('pot-0.ptau'));
    await s.powersOfTau.contribute(file('pot-0.ptau'), file('pot-1.ptau'), 'perp dev contribution', entropy());
    step('powers of tau: preparing phase 2');
    await s.powersOfTau.preparePhase2(file('pot-1.ptau'), file('pot.ptau'));

    step('phase 2: circuit-specific key, one contribution');
    await s.zKey.newZKey(compiled.r1cs, file('pot.ptau'), file('key-0.zkey'));
    await s.zKey.contribute(file('key-0.zkey'), file('key.zkey'), 'perp dev contribution', entropy());
    if (!(await s.zKey.verifyFromR1cs(compiled.r1cs, file('pot.ptau'), file('key.zkey'))))
      throw new Error('the new zkey does not verify against the r1cs and ptau');

    step('exporting the verification key and the Solidity verifier');
    const verificationKey = await verificationKeyJson(file('key.zkey'));
    const verifier = await verifierSource(file('key.zkey'));

    // Nothing committed is touched until every step succeeded.
    mkdirSync(CIRCUIT_PATHS.artifacts, { recursive: true });
    copyFileSync(compiled.wasm, CIRCUIT_PATHS.wasm);
    copyFileSync(compiled.r1cs, CIRCUIT_PATHS.r1cs);
    copyFileSync(file('key.zkey'), CIRCUIT_PATHS.zkey);
    copyFileSync(file('pot.ptau'), CIRCUIT_PATHS.ptau);
    writeFileSync(CIRCUIT_PATHS.verificationKey, verificationKey);
    writeFileSync(GROTH16_VERIFIER_SOL, verifier);
    for (const written of [
      CIRCUIT_PATHS.wasm,
      CIRCUIT_PATHS.r1cs,
      CIRCUIT_PATHS.zkey,
      CIRCUIT_PATHS.ptau,
      CIRCUIT_PATHS.verificationKey,
      GROTH16_VERIFIER_SOL,
    ]) {
      console.log(`  wrote ${relative(REPO_ROOT, written)}`);
    }
    step('done: rebuild the contracts (npx nx run contracts:build-artifacts) and redeploy the verifier');
  } finally {
    rmSync(work, { recursive: true, force: true });
    await stopProver();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
