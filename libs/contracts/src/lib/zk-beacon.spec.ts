import { AbiCoder, keccak256 } from 'ethers';
import { BeaconFactory__factory, Beacon__factory, type Beacon } from '../../generated/types';
import { deployTestSystem, revertName, startTestChain, type TestChain } from '../../test/test-chain';
import { makeInvalidTestProof, makeTestProof } from '../testing';
import { createdBeaconAddresses } from './created-beacons';
import type { BeaconSystemAddresses } from './deploy-beacon-system';
import { encodePublicSignals } from './public-signals';

describe('ZK beacon updates', () => {
  let chain: TestChain;
  let system: BeaconSystemAddresses;
  let beacon: Beacon;

  beforeAll(async () => {
    chain = await startTestChain();
    system = await deployTestSystem(chain.wallets[0]);
    const receipt = await (await BeaconFactory__factory.connect(system.beaconFactory, chain.wallets[0]).createBeacon(chain.wallets[0].address)).wait();
    // Updates come from another account: the proof, not the sender, authorises them.
    beacon = Beacon__factory.connect(createdBeaconAddresses(receipt?.logs ?? [])[0], chain.wallets[2]);
  });
  afterAll(() => chain?.stop());

  it('a valid proof updates getData and emits DataUpdated', async () => {
    const signals = encodePublicSignals([1234n, 99n]);
    const receipt = await (await beacon.updateData(makeTestProof(signals), signals)).wait();
    const events = receipt?.logs.map((log) => beacon.interface.parseLog(log));
    expect(events?.map((e) => [e?.name, e?.args[0]])).toEqual([['DataUpdated', 1234n]]);
    const block = await chain.provider.getBlock(receipt?.blockNumber ?? 'latest');
    expect(await beacon.getData()).toEqual([1234n, BigInt(block?.timestamp ?? 0)]);
  });

  it('an invalid proof reverts InvalidProof and changes nothing', async () => {
    const before = await beacon.getData();
    const signals = encodePublicSignals([5n]);
    expect(await revertName(beacon.updateData(makeInvalidTestProof(signals), signals))).toBe('InvalidProof');
    // A proof for other signals is just as invalid.
    expect(await revertName(beacon.updateData(makeTestProof(encodePublicSignals([6n])), signals))).toBe('InvalidProof');
    expect(await beacon.getData()).toEqual(before);
  });

  it('a replayed proof reverts ProofAlreadyUsed', async () => {
    const signals = encodePublicSignals([777n]);
    const proof = makeTestProof(signals);
    await (await beacon.updateData(proof, signals)).wait();
    expect(await beacon.usedProofs(keccak256(AbiCoder.defaultAbiCoder().encode(['bytes', 'bytes'], [proof, signals])))).toBe(true);
    const before = await beacon.getData();
    expect(await revertName(beacon.updateData(proof, signals))).toBe('ProofAlreadyUsed');
    expect(await beacon.getData()).toEqual(before);
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
