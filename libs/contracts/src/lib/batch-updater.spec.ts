import { BatchUpdater__factory, BeaconFactory__factory, Beacon__factory, Multicall3__factory } from '../../generated/types';
import { stopProver } from '@perp/zk';
import { deployTestSystem, startTestChain, type TestChain } from '../../test/test-chain';
import { flipByte, proveValue, UNIT } from '../../test/zk-proofs';
import { matchBatchUpdateLogs } from './batch-update-outcome';
import {
  aggregate3WithGasEstimate,
  aggregate3WithGasLimit,
  callGasLimit,
  decodeAggregate3WithGasCalls,
  decodeAggregate3WithGasResults,
  deployBatchUpdater,
  encodeAggregate3WithGas,
  type CallWithGas,
} from './batch-updater';
import { contractErrorOf, decodeContractError } from './contract-errors';
import { createdBeaconAddresses } from './created-beacons';
import type { BeaconSystemAddresses } from './deploy-beacon-system';
import { decodeAggregate3Results, encodeAggregate3 } from './multicall3';

describe('BatchUpdater.aggregate3WithGas', () => {
  let chain: TestChain;
  let system: BeaconSystemAddresses;
  let batchUpdater: string;
  let nextValue = 1n;
  const beaconInterface = Beacon__factory.createInterface();

  beforeAll(async () => {
    chain = await startTestChain();
    system = await deployTestSystem(chain.wallets[0]);
    batchUpdater = await deployBatchUpdater(chain.wallets[0]);
  });
  afterAll(async () => {
    await stopProver();
    await chain?.stop();
  });

  async function createBeacons(count: number): Promise<string[]> {
    const factory = BeaconFactory__factory.connect(system.beaconFactory, chain.wallets[1]);
    const calls = Array.from({ length: count }, () => ({
      target: system.beaconFactory,
      allowFailure: false,
      callData: factory.interface.encodeFunctionData('createBeacon', [chain.wallets[1].address]),
    }));
    const receipt = await (await chain.wallets[1].sendTransaction({ to: system.multicall3, data: encodeAggregate3(calls) })).wait();
    return createdBeaconAddresses(receipt?.logs ?? []);
  }

  /** A real proof of a fresh value for `beacon`; invalid: one byte of it changed. */
  async function update(beacon: string, valid = true) {
    const { proof, publicSignals } = await proveValue(beacon, nextValue++ * UNIT);
    return { beacon, publicSignals, callData: beaconInterface.encodeFunctionData('updateData', [valid ? proof : flipByte(proof), publicSignals]) };
  }

  it('gives each call exactly its own limit: a call short of gas fails alone, the others apply', async () => {
    const [a, b, c] = await createBeacons(3);
    const entries = [await update(a), await update(b), await update(c), await update(a, false)];
    const calls: CallWithGas[] = [
      { target: a, gasLimit: 500_000n, callData: entries[0].callData },
      { target: b, gasLimit: 30_000n, callData: entries[1].callData }, // too little for an update
      { target: c, gasLimit: 500_000n, callData: entries[2].callData },
      { target: a, gasLimit: 500_000n, callData: entries[3].callData }, // invalid proof
    ];
    const simulated = decodeAggregate3WithGasResults(await chain.provider.call({ to: batchUpdater, data: encodeAggregate3WithGas(calls) }));
    expect(simulated.map((r) => r.success)).toEqual([true, false, true, false]);
    expect(simulated[1].gasUsed).toBeGreaterThanOrEqual(30_000n); // burnt its whole limit
    expect(simulated[0].gasUsed).toBeGreaterThan(40_000n);
    expect(simulated[0].gasUsed).toBeLessThan(500_000n);
    expect(decodeContractError(simulated[3].returnData)?.name).toBe('InvalidProof');

    const receipt = await (await chain.wallets[2].sendTransaction({ to: batchUpdater, data: encodeAggregate3WithGas(calls) })).wait();
    expect(receipt?.status).toBe(1);
    expect(
      matchBatchUpdateLogs(
        receipt?.logs ?? [],
        entries.map((e) => ({ beacon: e.beacon, publicSignals: e.publicSignals })),
      ),
    ).toEqual([true, false, true, false]);
    expect((await Beacon__factory.connect(b, chain.provider).getData())[0]).toBe(0n);
  });

  it('never lets the outer gas limit starve a call: too little gas reverts the batch (Multicall3 would report a failed entry)', async () => {
    const [a, b] = await createBeacons(2);
    const entries = [await update(a), await update(b)];
    const multicall = Multicall3__factory.connect(system.multicall3, chain.provider);
    const mcData = encodeAggregate3(entries.map((e) => ({ target: e.beacon, allowFailure: true, callData: e.callData })));
    const withGas: CallWithGas[] = entries.map((e) => ({ target: e.beacon, gasLimit: 500_000n, callData: e.callData }));
    const buData = encodeAggregate3WithGas(withGas);
    const from = chain.wallets[2].address;
    const outcome = async (to: string, data: string, gas: bigint, decode: (hex: string) => { success: boolean }[]) => {
      try {
        return decode(await chain.provider.call({ from, to, data, gasLimit: gas }))
          .map((r) => r.success)
          .join(',');
      } catch (error) {
        return `revert:${contractErrorOf(error)?.name ?? 'out of gas'}`;
      }
    };

    // Sweep the outer gas limit across the range where the second call runs short.
    const mcFull = await chain.provider.estimateGas({ from, to: system.multicall3, data: mcData });
    const buFull = await chain.provider.estimateGas({ from, to: batchUpdater, data: buData });
    const mcOutcomes = new Set<string>();
    const buOutcomes = new Set<string>();
    for (let gas = mcFull; gas > mcFull - 90_000n; gas -= 3_000n) {
      mcOutcomes.add(await outcome(await multicall.getAddress(), mcData, gas, decodeAggregate3Results));
    }
    for (let gas = buFull + 30_000n; gas > buFull - 300_000n && gas > 30_000n; gas -= 5_000n) {
      buOutcomes.add(await outcome(batchUpdater, buData, gas, decodeAggregate3WithGasResults));
    }
    // Multicall3: the outer call succeeds while the second entry silently ran out of gas.
    expect(mcOutcomes).toContain('true,false');
    // BatchUpdater: every entry applied, or the whole batch reverted; never a starved entry.
    expect([...buOutcomes].filter((o) => !o.startsWith('revert:'))).toEqual(['true,true']);
    expect(buOutcomes).toContain('revert:InsufficientGasForCall');
  });

  it('sized from a simulation, the limits hold and the transaction covers every call burning its whole limit', async () => {
    const beacons = await createBeacons(5);
    const entries = [];
    for (const [i, beacon] of beacons.entries()) entries.push(await update(beacon, i !== 2));
    const from = chain.wallets[3].address;
    const probe = entries.map((e) => ({ target: e.beacon, gasLimit: 2_000_000n, callData: e.callData }));
    const simulated = decodeAggregate3WithGasResults(await chain.provider.call({ from, to: batchUpdater, data: encodeAggregate3WithGas(probe) }));
    const calls = entries.map((e, i) => ({ target: e.beacon, gasLimit: callGasLimit(simulated[i].gasUsed), callData: e.callData }));
    const data = encodeAggregate3WithGas(calls);
    const estimate = await chain.provider.estimateGas({ from, to: batchUpdater, data });
    const gasLimit = aggregate3WithGasLimit(
      estimate,
      calls.map((c, i) => ({ gasLimit: c.gasLimit, gasUsed: simulated[i].gasUsed })),
    );
    // Sized from the simulation alone (no binary search), the estimate is never below the node's
    // bare answer (the test provider adds headroom to its own), and close to it.
    const bare = BigInt(await chain.provider.send('eth_estimateGas', [{ from, to: batchUpdater, data }]));
    const sized = aggregate3WithGasEstimate(
      data,
      calls.map((c, i) => ({ ...c, gasUsed: simulated[i].gasUsed })),
    );
    expect(sized).toBeGreaterThanOrEqual(bare);
    expect(sized).toBeLessThan(bare + bare / 10n + 50_000n);
    expect(gasLimit).toBeGreaterThan(calls.reduce((sum, c) => sum + c.gasLimit, 0n));

    const tx = await chain.wallets[3].sendTransaction({ to: batchUpdater, data, gasLimit });
    const receipt = await tx.wait();
    expect(receipt?.status).toBe(1);
    expect(matchBatchUpdateLogs(receipt?.logs ?? [], entries)).toEqual([true, true, false, true, true]);
    expect(decodeAggregate3WithGasCalls(tx.data).map((c) => c.gasLimit)).toEqual(calls.map((c) => c.gasLimit));
    expect(await BatchUpdater__factory.connect(batchUpdater, chain.provider).getDeployedCode()).not.toBeNull();
  });
});
