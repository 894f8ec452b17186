import { decodeProof, encodeProof, encodeSignals, malleateProof, stopProver } from '@perp/zk';
import { AbiCoder, keccak256 } from 'ethers';
import { BeaconFactory__factory, Beacon__factory, type Beacon } from '../../generated/types';
import { deployTestSystem, revertName, startTestChain, type TestChain } from '../../test/test-chain';
import { flipByte, proveValue, UNIT } from '../../test/zk-proofs';
import { createdBeaconAddresses } from './created-beacons';
import type { BeaconSystemAddresses } from './deploy-beacon-system';
import { encodePublicSignals } from './public-signals';

describe('ZK beacon updates (real Groth16 proofs)', () => {
  let chain: TestChain;
  let system: BeaconSystemAddresses;
  let beacon: Beacon;
  let address: string;

  beforeAll(async () => {
    chain = await startTestChain();
    system = await deployTestSystem(chain.wallets[0]);
    const receipt = await (await BeaconFactory__factory.connect(system.beaconFactory, chain.wallets[0]).createBeacon(chain.wallets[0].address)).wait();
    address = createdBeaconAddresses(receipt?.logs ?? [])[0];
    // Updates come from another account: the proof, not the sender, authorises them.
    beacon = Beacon__factory.connect(address, chain.wallets[2]);
  });
  afterAll(async () => {
    await stopProver();
    await chain?.stop();
  });

  it('a valid proof sets getData to the proven value and emits DataUpdated', async () => {
    const proved = await proveValue(address, 1234n * UNIT);
    const receipt = await (await beacon.updateData(proved.proof, proved.publicSignals)).wait();
    const events = receipt?.logs.map((log) => beacon.interface.parseLog(log));
    expect(events?.map((e) => [e?.name, e?.args[0]])).toEqual([['DataUpdated', 1234n * UNIT]]);
    const block = await chain.provider.getBlock(receipt?.blockNumber ?? 'latest');
    expect(await beacon.getData()).toEqual([1234n * UNIT, BigInt(block?.timestamp ?? 0)]);
  });

  it('a changed byte, or a proof of other signals, reverts InvalidProof and changes nothing', async () => {
    const before = await beacon.getData();
    const proved = await proveValue(address, 5n * UNIT);
    expect(await revertName(beacon.updateData(flipByte(proved.proof), proved.publicSignals))).toBe('InvalidProof');
    const [value, beaconSignal, nonce] = proved.signals;
    for (const other of [[value + UNIT, beaconSignal, nonce], [value, beaconSignal, nonce + 1n], [value]]) {
      expect(await revertName(beacon.updateData(proved.proof, encodePublicSignals(other)))).toBe('InvalidProof');
    }
    expect(await beacon.getData()).toEqual(before);
  });

  it('burns the statement: the same proof, a malleated one or a fresh proof of the same signals all revert ProofAlreadyUsed', async () => {
    const proved = await proveValue(address, 777n * UNIT, 42n);
    await (await beacon.updateData(proved.proof, proved.publicSignals)).wait();
    expect(await beacon.usedProofs(keccak256(proved.publicSignals))).toBe(true);
    const before = await beacon.getData();

    const twin = encodeProof(malleateProof(decodeProof(proved.proof)));
    const again = await proveValue(address, 777n * UNIT, 42n);
    expect(again.proof).not.toBe(proved.proof); // Groth16 proving is randomised
    for (const proof of [proved.proof, twin, again.proof, '0x01']) {
      expect(await revertName(beacon.updateData(proof, proved.publicSignals))).toBe('ProofAlreadyUsed');
    }
    expect(await beacon.getData()).toEqual(before);

    // The same value with a fresh nonce is a new statement.
    const fresh = await proveValue(address, 777n * UNIT, 43n);
    expect(encodeSignals(fresh.signals)).not.toBe(proved.publicSignals);
    await (await beacon.updateData(fresh.proof, fresh.publicSignals)).wait();
  });

  it('publicSignals must be abi.encode(uint256[]) with at least one value', async () => {
    const single = AbiCoder.defaultAbiCoder().encode(['uint256'], [5n]);
    const empty = AbiCoder.defaultAbiCoder().encode(['uint256[]'], [[]]);
    const trailing = `${encodePublicSignals([5n])}${'00'.repeat(32)}`;
    for (const signals of [single, empty, trailing, '0x']) {
      expect(await revertName(beacon.updateData('0x01', signals))).toBe('InvalidPublicSignals');
    }
  });

  it('deploys standalone with initial data, and refuses a verifier without code', async () => {
    const owner = chain.wallets[1].address;
    const standalone = await (await new Beacon__factory(chain.wallets[0]).deploy(system.verifier, owner, 42n)).waitForDeployment();
    expect((await standalone.getData())[0]).toBe(42n);
    expect(await standalone.owner()).toBe(owner);
    expect(await revertName(new Beacon__factory(chain.wallets[0]).deploy(owner, owner, 1n))).toBe('VerifierHasNoCode');
  });
});
