import { getCreateAddress } from 'ethers';
import { BeaconFactory__factory, BeaconRegistry__factory, Beacon__factory, Multicall3__factory, type Multicall3 } from '../../generated/types';
import { stopProver } from '@perp/zk';
import { deployTestSystem, startTestChain, type TestChain } from '../../test/test-chain';
import { flipByte, proveValue, UNIT } from '../../test/zk-proofs';
import { matchBatchUpdateLogs } from './batch-update-outcome';
import { decodeContractError } from './contract-errors';
import { createdBeaconAddresses } from './created-beacons';
import type { BeaconSystemAddresses } from './deploy-beacon-system';
import { decodeAggregate3Results, encodeAggregate3, type Call3 } from './multicall3';

describe('Multicall3 batches', () => {
  let chain: TestChain;
  let system: BeaconSystemAddresses;
  let multicall: Multicall3;
  const factoryInterface = BeaconFactory__factory.createInterface();
  const beaconInterface = Beacon__factory.createInterface();
  const owner = () => chain.wallets[1].address;

  beforeAll(async () => {
    chain = await startTestChain();
    system = await deployTestSystem(chain.wallets[0]);
    multicall = Multicall3__factory.connect(system.multicall3, chain.wallets[2]);
  });
  afterAll(async () => {
    await stopProver();
    await chain?.stop();
  });

  const createAndRegister = (): Call3 => ({
    target: system.beaconFactory,
    allowFailure: false,
    callData: factoryInterface.encodeFunctionData('createAndRegisterBeacon', [owner()]),
  });

  async function batchCreate(count: number): Promise<string[]> {
    const calls = Array.from({ length: count }, createAndRegister);
    const receipt = await (await multicall.aggregate3(calls)).wait();
    return createdBeaconAddresses(receipt?.logs ?? []);
  }

  it('creates and registers 3 beacons atomically (allowFailure=false)', async () => {
    const calls = [createAndRegister(), createAndRegister(), createAndRegister()];
    const simulated = await multicall.aggregate3.staticCall(calls);
    const tx = await multicall.aggregate3(calls);
    const receipt = await tx.wait();
    const created = createdBeaconAddresses(receipt?.logs ?? []);
    expect(created).toHaveLength(3);
    // The return data (seen by a simulation) names the same addresses as the receipt logs.
    expect(simulated.map((r) => factoryInterface.decodeFunctionResult('createAndRegisterBeacon', r.returnData)[0])).toEqual(created);
    const registry = BeaconRegistry__factory.connect(system.registry, chain.provider);
    for (const beacon of created) {
      expect(await chain.provider.getCode(beacon)).not.toBe('0x');
      expect(await registry.beacons(beacon)).toBe(true);
      expect(await Beacon__factory.connect(beacon, chain.provider).owner()).toBe(owner());
    }
  });

  it('creates nothing when one call of the batch fails', async () => {
    const registry = BeaconRegistry__factory.connect(system.registry, chain.provider);
    const factoryNonce = await chain.provider.getTransactionCount(system.beaconFactory);
    const wouldBe = [0, 1].map((i) => getCreateAddress({ from: system.beaconFactory, nonce: factoryNonce + i }));
    // The multicall is no registrar: this call reverts NotAuthorised, after two successful creations.
    const failing: Call3 = {
      target: system.registry,
      allowFailure: false,
      callData: registry.interface.encodeFunctionData('registerBeacon', [system.beaconFactory]),
    };
    const calls = [createAndRegister(), createAndRegister(), failing];

    const simulation = await multicall.aggregate3.staticCall(calls).catch((error: unknown) => error);
    expect(decodeContractError((simulation as { data?: string }).data)).toMatchObject({ name: 'Error', args: ['Multicall3: call failed'] });

    // Mined anyway (fixed gas limit skips estimation): the chain itself must roll everything back.
    const tx = await multicall.aggregate3(calls, { gasLimit: 2_000_000 });
    const receipt = await chain.provider.waitForTransaction(tx.hash);
    expect(receipt?.status).toBe(0);
    expect(receipt?.logs).toHaveLength(0);
    for (const address of wouldBe) {
      expect(await chain.provider.getCode(address)).toBe('0x');
      expect(await registry.beacons(address)).toBe(false);
    }
    expect(await chain.provider.getTransactionCount(system.beaconFactory)).toBe(factoryNonce);
    // The addresses checked above are exactly where the batch would have put its beacons.
    expect(await batchCreate(2)).toEqual(wouldBe);
  });

  it('applies the valid entries of an update batch (allowFailure=true) and shows the failed ones', async () => {
    const [b0, b1, b2, b3] = await batchCreate(4);
    const update = async (beacon: string, value: bigint, valid = true) => {
      const { proof, publicSignals } = await proveValue(beacon, value);
      return { beacon, publicSignals, proof: valid ? proof : flipByte(proof) };
    };
    const first = await update(b0, 11n * UNIT);
    const entries = [
      first,
      await update(b1, 22n * UNIT, false), // invalid proof
      await update(b2, 33n * UNIT),
      first, // the same proof again: replay within the batch
      await update(b3, 44n * UNIT),
    ];
    const calls: Call3[] = entries.map((e) => ({
      target: e.beacon,
      allowFailure: true,
      callData: beaconInterface.encodeFunctionData('updateData', [e.proof, e.publicSignals]),
    }));

    // Sent as raw calldata, the way a service signing its own transactions would.
    const tx = await chain.wallets[2].sendTransaction({ to: system.multicall3, data: encodeAggregate3(calls) });
    const receipt = await tx.wait();
    expect(receipt?.status).toBe(1);
    const outcome = matchBatchUpdateLogs(receipt?.logs ?? [], entries);
    expect(outcome).toEqual([true, false, true, false, true]);

    const data = async (beacon: string) => (await Beacon__factory.connect(beacon, chain.provider).getData())[0];
    expect([await data(b0), await data(b1), await data(b2), await data(b3)]).toEqual([11n * UNIT, 0n, 33n * UNIT, 44n * UNIT]);

    // Cross-check with the return data, replayed on the parent block's state (tests only: the
    // service must rely on the receipt). The failed entries carry their revert reason.
    const replay = await chain.provider.call({ to: system.multicall3, data: encodeAggregate3(calls), blockTag: (receipt?.blockNumber ?? 1) - 1 });
    const results = decodeAggregate3Results(replay);
    expect(results.map((r) => r.success)).toEqual(outcome);
    expect(results.map((r) => (r.success ? null : decodeContractError(r.returnData)?.name))).toEqual([null, 'InvalidProof', null, 'ProofAlreadyUsed', null]);
  });
});
