import { readFileSync } from 'node:fs';
import { beaconValue, CIRCUIT_PATHS, MAX_MEASUREMENT, VALUE_SHIFT } from './beacon-circuit';
import { decodeProof, encodeProof, encodeSignals } from './proof-encoding';
import { proveBeaconUpdate } from './prove-beacon-update';
import { ProverInputError } from './prover-inputs';
import { snarkjs, stopProver } from './snarkjs';
import { malleateProof, verifyBeaconProof } from './verify-beacon-proof';

const BEACON = '0x70997970c51812dc3a010c7d01b50e0d17dc79c8';
const X96 = 2n ** 96n;

describe('proveBeaconUpdate (real Groth16 proofs over the committed artifacts)', () => {
  afterAll(() => stopProver());

  // First in the file: its first proof includes building the curve, as a CLI's only proof does.
  it('proves in tens of milliseconds once warm (first proof and median of 20 logged)', async () => {
    const millis: number[] = [];
    for (let i = 0; i < 21; i++) millis.push((await proveBeaconUpdate({ measurements: [1n, 2n, 3n, BigInt(i)], beacon: BEACON })).millis);
    const [first, ...rest] = millis;
    const sorted = [...rest].sort((a, b) => a - b);
    const median = (sorted[9] + sorted[10]) / 2;
    console.log(
      `proof generation: first ${first.toFixed(0)} ms (builds the curve), then median ${median.toFixed(0)} ms over 20 (min ${sorted[0].toFixed(0)}, max ${sorted[19].toFixed(0)})`,
    );
    expect(median).toBeLessThan(2_000);
  });

  it('proves the X96 mean of the measurements for the beacon and nonce, and the proof verifies', async () => {
    const proved = await proveBeaconUpdate({ measurements: [1n, 2n, 3n, 4n], beacon: BEACON, nonce: 99n });
    expect(proved.value).toBe((5n * X96) / 2n); // mean 2.5
    expect(proved.signals).toEqual([proved.value, BigInt(BEACON), 99n]);
    expect(proved.publicSignals).toBe(encodeSignals(proved.signals));
    expect(proved.nonce).toBe(99n);
    expect(await verifyBeaconProof(proved.proof, proved.publicSignals)).toBe(true);
  });

  it('is exact at the top of the range: 4 x (2^64 - 1)', async () => {
    const measurements = [MAX_MEASUREMENT, MAX_MEASUREMENT, MAX_MEASUREMENT, MAX_MEASUREMENT];
    const proved = await proveBeaconUpdate({ measurements, beacon: BEACON });
    expect(proved.value).toBe(MAX_MEASUREMENT * X96);
    expect(proved.value).toBe(beaconValue(measurements));
  });

  it('a proof does not verify for other signals or with a byte changed; a malleated one still does', async () => {
    const proved = await proveBeaconUpdate({ measurements: [5n, 5n, 5n, 5n], beacon: BEACON, nonce: 1n });
    const [value, beacon, nonce] = proved.signals;
    expect(await verifyBeaconProof(proved.proof, encodeSignals([value + 1n, beacon, nonce]))).toBe(false);
    expect(await verifyBeaconProof(proved.proof, encodeSignals([value, beacon + 1n, nonce]))).toBe(false);
    expect(await verifyBeaconProof(proved.proof, encodeSignals([value, beacon, nonce + 1n]))).toBe(false);
    const tampered = `${proved.proof.slice(0, -2)}${proved.proof.endsWith('00') ? '01' : '00'}`;
    expect(await verifyBeaconProof(tampered, proved.publicSignals)).toBe(false);
    expect(await verifyBeaconProof(encodeProof(malleateProof(decodeProof(proved.proof))), proved.publicSignals)).toBe(true);
  });

  it('refuses bad inputs before proving', async () => {
    await expect(proveBeaconUpdate({ measurements: [1n, 2n, 3n], beacon: BEACON })).rejects.toThrow(ProverInputError);
    await expect(proveBeaconUpdate({ measurements: [1n, 2n, 3n, 2n ** 64n], beacon: BEACON })).rejects.toThrow('measurement 4');
    await expect(proveBeaconUpdate({ measurements: [1n, 2n, 3n, 4n], beacon: '0x12' })).rejects.toThrow('is not a 0x-prefixed 20-byte address');
  });

  it('the circuit itself range-checks: the committed wasm computes the value, and fails on 2^64', async () => {
    const wasm = readFileSync(CIRCUIT_PATHS.wasm);
    const witness = async (measurements: bigint[]) => {
      const output: { type: 'mem'; data?: Uint8Array } = { type: 'mem' };
      await snarkjs().wtns.calculate({ measurements: measurements.map(String), beacon: BigInt(BEACON).toString(), nonce: '7' }, wasm, output);
      return snarkjs().wtns.exportJson(output);
    };
    // Witness layout: [1, outputs..., public inputs..., private inputs...].
    const w = await witness([10n, 20n, 30n, 40n]);
    expect(w.slice(0, 4).map(BigInt)).toEqual([1n, 100n << VALUE_SHIFT, BigInt(BEACON), 7n]);
    const runtimeLog = jest.spyOn(console, 'error').mockImplementation(() => undefined); // circom's runtime reports the failed assert
    await expect(witness([0n, 0n, 0n, 2n ** 64n])).rejects.toThrow(/Assert Failed/);
    expect(runtimeLog).toHaveBeenCalledWith('ERROR: ', 4, expect.stringContaining('Error in template Num2Bits'));
    runtimeLog.mockRestore();
  });
});
