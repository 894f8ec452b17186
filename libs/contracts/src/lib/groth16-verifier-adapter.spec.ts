import { decodeProof, encodeProof, encodeSignals, malleateProof, proveBeaconUpdate, SNARK_SCALAR_FIELD, stopProver, type BeaconUpdateProof } from '@perp/zk';
import { AbiCoder } from 'ethers';
import {
  BeaconFactory__factory,
  Beacon__factory,
  Groth16VerifierAdapter__factory,
  Groth16Verifier__factory,
  type Groth16Verifier,
  type Groth16VerifierAdapter,
} from '../../generated/types';
import { deployTestSystem, revertName, startTestChain, type TestChain } from '../../test/test-chain';
import { flipByte, proveValue, UNIT } from '../../test/zk-proofs';
import { createdBeaconAddresses } from './created-beacons';

describe('Groth16VerifierAdapter (beacon-mean circuit)', () => {
  let chain: TestChain;
  let groth16: Groth16Verifier;
  let adapter: Groth16VerifierAdapter;
  let beaconFactory: string;
  /** A proof for wallets[1]'s address, so wallets[1] can call the adapter directly. */
  let direct: BeaconUpdateProof;

  beforeAll(async () => {
    chain = await startTestChain();
    const system = await deployTestSystem(chain.wallets[0]);
    beaconFactory = system.beaconFactory;
    groth16 = Groth16Verifier__factory.connect(system.groth16Verifier, chain.provider);
    adapter = Groth16VerifierAdapter__factory.connect(system.verifier, chain.wallets[1]);
    direct = await proveBeaconUpdate({ measurements: [1n, 2n, 3n, 4n], beacon: chain.wallets[1].address, nonce: 7n });
  });
  afterAll(async () => {
    await stopProver();
    await chain?.stop();
  });

  async function createBeacon(): Promise<string> {
    const receipt = await (await BeaconFactory__factory.connect(beaconFactory, chain.wallets[0]).createBeacon(chain.wallets[0].address)).wait();
    return createdBeaconAddresses(receipt?.logs ?? [])[0];
  }

  it('accepts a proof from the JS prover: the snarkjs verifier directly, and the adapter for the named caller', async () => {
    expect(direct.signals).toEqual([10n * UNIT, BigInt(chain.wallets[1].address), 7n]); // mean 2.5 as X96
    const { a, b, c } = decodeProof(direct.proof);
    expect(await groth16.verifyProof(a, b, c, [direct.signals[0], direct.signals[1], direct.signals[2]])).toBe(true);
    expect(await adapter.verifyProof(direct.proof, direct.signals)).toBe(true);
  });

  it("needs b's coordinate pairs in the precompile's (imaginary, real) order", async () => {
    const { a, b, c } = decodeProof(direct.proof);
    const snarkjsOrder: [[bigint, bigint], [bigint, bigint]] = [
      [b[0][1], b[0][0]],
      [b[1][1], b[1][0]],
    ];
    expect(await groth16.verifyProof(a, snarkjsOrder, c, [direct.signals[0], direct.signals[1], direct.signals[2]])).toBe(false);
  });

  it('refuses (false, no revert) a proof of the wrong length, signals of the wrong length, another caller, other signals', async () => {
    const [value, beacon, nonce] = direct.signals;
    expect(await adapter.verifyProof(direct.proof.slice(0, -2), direct.signals)).toBe(false); // 255 bytes
    expect(await adapter.verifyProof(`${direct.proof}00`, direct.signals)).toBe(false); // 257 bytes
    expect(await adapter.verifyProof('0x', direct.signals)).toBe(false);
    expect(await adapter.verifyProof(direct.proof, [value, beacon])).toBe(false);
    expect(await adapter.verifyProof(direct.proof, [value, beacon, nonce, 0n])).toBe(false);
    // The proof names wallets[1]: from anyone else, it is refused.
    expect(await adapter.connect(chain.wallets[2]).verifyProof(direct.proof, direct.signals)).toBe(false);
    // Other statements: another value, another nonce, or a signal past the field (the same element + r).
    expect(await adapter.verifyProof(direct.proof, [value + UNIT, beacon, nonce])).toBe(false);
    expect(await adapter.verifyProof(direct.proof, [value, beacon, nonce + 1n])).toBe(false);
    expect(await adapter.verifyProof(direct.proof, [value + SNARK_SCALAR_FIELD, beacon, nonce])).toBe(false);
    // One byte changed: a point off the curve, which the pairing precompile refuses.
    expect(await adapter.verifyProof(flipByte(direct.proof), direct.signals)).toBe(false);
  });

  it('bounds what a corrupt proof can burn', async () => {
    const good = await adapter.verifyProof.estimateGas(direct.proof, direct.signals);
    const corrupt = await adapter.verifyProof.estimateGas(flipByte(direct.proof), direct.signals);
    expect(good).toBeLessThan(300_000n);
    expect(corrupt).toBeLessThan(good + (await adapter.VERIFY_GAS()));
  });

  it('a beacon refuses a proof made for another beacon and one that is not a proof', async () => {
    const [first, second] = [await createBeacon(), await createBeacon()];
    const forFirst = await proveValue(first, 8n * UNIT);
    const beacon = Beacon__factory.connect(second, chain.wallets[3]);
    expect(await revertName(beacon.updateData(forFirst.proof, forFirst.publicSignals))).toBe('InvalidProof');
    expect(await revertName(beacon.updateData(flipByte(forFirst.proof), forFirst.publicSignals))).toBe('InvalidProof');
    expect(await revertName(beacon.updateData(AbiCoder.defaultAbiCoder().encode(['uint256'], [1n]), forFirst.publicSignals))).toBe('InvalidProof');
    await (await Beacon__factory.connect(first, chain.wallets[3]).updateData(forFirst.proof, forFirst.publicSignals)).wait();
    expect((await Beacon__factory.connect(first, chain.provider).getData())[0]).toBe(8n * UNIT);
    expect((await beacon.getData())[0]).toBe(0n);
  });

  it('a malleated proof is just as valid to the verifier: the beacon must burn the statement, not the proof', async () => {
    const address = await createBeacon();
    const proved = await proveValue(address, 12n * UNIT);
    const twin = encodeProof(malleateProof(decodeProof(proved.proof)));
    expect(twin).not.toBe(proved.proof);
    const { a, b, c } = decodeProof(twin);
    expect(await groth16.verifyProof(a, b, c, [proved.signals[0], proved.signals[1], proved.signals[2]])).toBe(true);

    const beacon = Beacon__factory.connect(address, chain.wallets[3]);
    await (await beacon.updateData(twin, proved.publicSignals)).wait(); // the twin alone is accepted
    expect(await revertName(beacon.updateData(proved.proof, proved.publicSignals))).toBe('ProofAlreadyUsed');
    expect(encodeSignals(proved.signals)).toBe(proved.publicSignals);
  });
});
