import { stopProver } from '@perp/zk';
import type { TransactionReceipt } from 'ethers';
import {
  BeaconFactory__factory,
  Beacon__factory,
  EcdsaBeacon__factory,
  Multicall3__factory,
  VerifiableBeaconFactory__factory,
  VerifiableBeacon__factory,
} from '../../generated/types';
import { deployTestSystem, startTestChain, type TestChain } from '../../test/test-chain';
import { proveValue, UNIT } from '../../test/zk-proofs';
import { createdBeaconAddresses } from './created-beacons';
import { deployEcdsaBeacon } from './deploy-ecdsa-beacon';
import type { BeaconSystemAddresses } from './deploy-beacon-system';
import { encodeEcdsaInputs, signMeasurement } from './ecdsa-measurement';
import { encodeAggregate3, type Call3 } from './multicall3';

/** EIP-7825 caps a transaction at 2^24 gas; a batch must fit under it, not just under a block. */
const TX_GAS_CAP = 16_777_216n;

describe('gas budget of the operations the service sends', () => {
  let chain: TestChain;
  let system: BeaconSystemAddresses;
  const gas: Record<string, bigint> = {};

  beforeAll(async () => {
    chain = await startTestChain();
    system = await deployTestSystem(chain.wallets[0]);
  });
  afterAll(async () => {
    if (process.env['CONTRACTS_GAS_REPORT']) console.table(Object.fromEntries(Object.entries(gas).map(([k, v]) => [k, v.toString()])));
    await stopProver();
    await chain?.stop();
  });

  const factoryInterface = BeaconFactory__factory.createInterface();
  const beaconInterface = Beacon__factory.createInterface();

  it('a 100-beacon create+register batch fits under the 2^24 cap; a 100-proof update batch needs a chain without it', async () => {
    const deployer = chain.wallets[0];
    const factory = BeaconFactory__factory.connect(system.beaconFactory, deployer);
    let receipt: TransactionReceipt | null = await (await factory.createBeacon(deployer.address)).wait();
    gas['createBeacon'] = receipt?.gasUsed ?? 0n;
    receipt = await (await factory.createAndRegisterBeacon(deployer.address)).wait();
    gas['createAndRegisterBeacon'] = receipt?.gasUsed ?? 0n;
    const single = createdBeaconAddresses(receipt?.logs ?? [])[0];

    const proved = await proveValue(single, 4n * UNIT);
    receipt = await (await Beacon__factory.connect(single, deployer).updateData(proved.proof, proved.publicSignals)).wait();
    gas['Beacon.updateData (Groth16)'] = receipt?.gasUsed ?? 0n;

    const creates: Call3[] = Array.from({ length: 100 }, () => ({
      target: system.beaconFactory,
      allowFailure: false,
      callData: factoryInterface.encodeFunctionData('createAndRegisterBeacon', [deployer.address]),
    }));
    receipt = await (await deployer.sendTransaction({ to: system.multicall3, data: encodeAggregate3(creates) })).wait();
    gas['aggregate3: 100 x createAndRegisterBeacon'] = receipt?.gasUsed ?? 0n;
    const beacons = createdBeaconAddresses(receipt?.logs ?? []);
    expect(beacons).toHaveLength(100);

    const updates: Call3[] = [];
    for (const [i, beacon] of beacons.entries()) {
      const { proof, publicSignals } = await proveValue(beacon, BigInt(4 * (i + 1)) * UNIT);
      updates.push({ target: beacon, allowFailure: true, callData: beaconInterface.encodeFunctionData('updateData', [proof, publicSignals]) });
    }
    receipt = await (await Multicall3__factory.connect(system.multicall3, deployer).aggregate3(updates)).wait();
    expect(receipt?.logs).toHaveLength(100);
    gas['aggregate3: 100 x updateData (Groth16)'] = receipt?.gasUsed ?? 0n;

    expect(gas['aggregate3: 100 x createAndRegisterBeacon']).toBeLessThan(TX_GAS_CAP);
    // ~300k per real proof: 100 of them are ~30M, over EIP-7825's cap (the local chain runs Prague).
    expect(gas['Beacon.updateData (Groth16)']).toBeLessThan(350_000n);
    expect(gas['aggregate3: 100 x updateData (Groth16)']).toBeGreaterThan(TX_GAS_CAP);
  }, 180_000); // 100 real proofs

  it('verifiable and ECDSA beacons', async () => {
    const deployer = chain.wallets[0];
    const factory = VerifiableBeaconFactory__factory.connect(system.verifiableBeaconFactory, deployer);
    let receipt: TransactionReceipt | null = await (await factory.createBeacon(system.verifier, 1n << 96n, 500)).wait();
    gas['VerifiableBeaconFactory.createBeacon (cardinality 500)'] = receipt?.gasUsed ?? 0n;
    const beacon = VerifiableBeacon__factory.connect(createdBeaconAddresses(receipt?.logs ?? [])[0], deployer);
    const start = await chain.latestTimestamp();
    for (let i = 1; i <= 2; i++) {
      const { proof, publicSignals } = await proveValue(await beacon.getAddress(), BigInt(4 * i) * UNIT);
      await chain.setNextTimestamp(start + i * 60);
      receipt = await (await beacon.updateData(proof, publicSignals)).wait();
      // The first writes of a ring slot pay for fresh storage; later laps overwrite it.
      gas[`VerifiableBeacon.updateData (update ${i}, fresh slot)`] = receipt?.gasUsed ?? 0n;
    }

    const signer = chain.wallets[1];
    const { beacon: ecdsaBeacon, adapter } = await deployEcdsaBeacon(deployer, { signer: signer.address, min: 0, max: 100 });
    const measurement = { measurement: 50n, nonce: 1n, deadline: BigInt((await chain.latestTimestamp()) + 300) };
    const proof = await signMeasurement(signer, adapter, chain.chainId, measurement);
    receipt = await (await EcdsaBeacon__factory.connect(ecdsaBeacon, deployer).updateIndex(proof, encodeEcdsaInputs(measurement))).wait();
    gas['EcdsaBeacon.updateIndex'] = receipt?.gasUsed ?? 0n;

    expect(gas['VerifiableBeaconFactory.createBeacon (cardinality 500)']).toBeLessThan(TX_GAS_CAP);
  });
});
