import { AbiCoder, concat } from 'ethers';
import {
  BeaconRegistry__factory,
  GroupEcdsaBeacon__factory,
  GroupEcdsaBeaconFactory__factory,
  GroupEcdsaVerifierAdapter__factory,
  type GroupEcdsaBeacon,
  type GroupEcdsaVerifierAdapter,
} from '../../generated/types';
import { revertName, startTestChain, type TestChain } from '../../test/test-chain';
import { contractErrorOf } from './contract-errors';
import { deployGroupEcdsaBeacon } from './deploy-ecdsa-beacon';
import { encodeGroupEcdsaInputs, GROUP_BEACON_MAX_SIZE, groupMeasurementDigest, signGroupMeasurement } from './group-measurement';
import { signMeasurementDigest } from './ecdsa-measurement';

describe('group ECDSA beacon, its adapter and its factory', () => {
  let chain: TestChain;
  let factoryAddress: string;
  let registryAddress: string;
  let beacon: GroupEcdsaBeacon;
  let adapter: GroupEcdsaVerifierAdapter;
  let adapterAddress: string;
  const signer = () => chain.wallets[1];
  const submitter = () => chain.wallets[2];
  const stranger = () => chain.wallets[3];
  const FAR = 2n ** 48n;

  beforeAll(async () => {
    chain = await startTestChain();
    const deployer = chain.wallets[0];
    const registry = await (await new BeaconRegistry__factory(deployer).deploy(deployer.address)).waitForDeployment();
    registryAddress = await registry.getAddress();
    const factory = await (await new GroupEcdsaBeaconFactory__factory(deployer).deploy(registryAddress)).waitForDeployment();
    factoryAddress = await factory.getAddress();
    await (await registry.setRegistrar(factoryAddress, true)).wait();
    const created = await deployGroupEcdsaBeacon(deployer, {
      signer: signer().address,
      size: 3,
      min: 0,
      max: 10n ** 18n,
      factory: factoryAddress,
      registry: registryAddress,
    });
    beacon = GroupEcdsaBeacon__factory.connect(created.beacon, submitter());
    adapterAddress = created.adapter;
    adapter = GroupEcdsaVerifierAdapter__factory.connect(adapterAddress, deployer);
  });
  afterAll(() => chain?.stop());

  const sign = (measurements: bigint[], nonce: bigint, wallet = signer(), deadline = FAR) =>
    signGroupMeasurement(wallet, adapterAddress, chain.chainId, { measurements, nonce, deadline });
  const inputsOf = (measurements: bigint[], nonce: bigint, deadline = FAR) => encodeGroupEcdsaInputs({ measurements, nonce, deadline });

  it('the factory creates, registers and binds: BEACON, SIGNER, SIZE, range, registry entry', async () => {
    expect(await adapter.BEACON()).toBe(await beacon.getAddress());
    expect(await adapter.SIGNER()).toBe(signer().address);
    expect(await adapter.SIZE()).toBe(3n);
    expect([await adapter.MIN_MEASUREMENT(), await adapter.MAX_MEASUREMENT()]).toEqual([0n, 10n ** 18n]);
    expect(await beacon.size()).toBe(3n);
    expect(await beacon.indices()).toEqual([0n, 0n, 0n]);
    expect(await BeaconRegistry__factory.connect(registryAddress, chain.provider).beacons(await beacon.getAddress())).toBe(true);
  });

  it('the on-chain digest is the EIP-712 hash ethers computes, and the off-chain one', async () => {
    const value = { measurements: [5n, 6n, 7n], nonce: 9n, deadline: 1234n };
    const onChain = await adapter.digest(value.measurements, value.nonce, value.deadline);
    expect(onChain).toBe(groupMeasurementDigest(adapterAddress, chain.chainId, value));
    // Signing the off-chain digest gives ethers' typed-data signature byte for byte (RFC 6979).
    expect(signMeasurementDigest(signer().signingKey, onChain)).toBe(await sign(value.measurements, value.nonce, signer(), value.deadline));
    // The order and the count are signed: another order or a prefix is another digest.
    expect(await adapter.digest([7n, 6n, 5n], 9n, 1234n)).not.toBe(onChain);
    expect(await adapter.digest([5n, 6n], 9n, 1234n)).not.toBe(onChain);
  });

  it('a signed array updates every value at once, with one GroupIndexUpdated', async () => {
    const values = [47941000000000000n, 226802000000000000n, 354746000000000000n];
    const receipt = await (await beacon.updateIndex(await sign(values, 1n), inputsOf(values, 1n))).wait();
    const events = receipt?.logs.filter((l) => l.address === (beacon.target as string)).map((l) => beacon.interface.parseLog(l));
    expect(events?.map((e) => [e?.name, [...(e?.args[0] as bigint[])]])).toEqual([['GroupIndexUpdated', values]]);
    expect(await beacon.indices()).toEqual(values);
    expect(await beacon.indexAt(1)).toBe(values[1]);
    expect((await beacon.getData())[0]).toEqual(values);
    expect(await adapter.nonceUsed(1n)).toBe(true);
  });

  it('a wrong count reverts WrongMeasurementCount(expected, got), nonce unspent', async () => {
    const short = [1n, 2n];
    const error = await beacon.updateIndex(await sign(short, 2n), inputsOf(short, 2n)).catch((e: unknown) => e);
    const decoded = contractErrorOf(error);
    expect([decoded?.name, decoded?.args.map(String)]).toEqual(['WrongMeasurementCount', ['3', '2']]);
    const long = [1n, 2n, 3n, 4n];
    expect(await revertName(beacon.updateIndex(await sign(long, 2n), inputsOf(long, 2n)))).toBe('WrongMeasurementCount');
    expect(await adapter.nonceUsed(2n)).toBe(false);
  });

  it('replays, other signers, other values, expired deadlines and out-of-range values revert by name, nothing spent', async () => {
    const values = [1n, 2n, 3n];
    await (await beacon.updateIndex(await sign(values, 3n), inputsOf(values, 3n))).wait();
    expect(await revertName(beacon.updateIndex(await sign(values, 3n), inputsOf(values, 3n)))).toBe('NonceAlreadyUsed');
    expect(await revertName(beacon.updateIndex(await sign(values, 4n, stranger()), inputsOf(values, 4n)))).toBe('InvalidSignature');
    expect(await revertName(beacon.updateIndex(await sign(values, 4n), inputsOf([1n, 2n, 4n], 4n)))).toBe('InvalidSignature');
    const over = [1n, 10n ** 18n + 1n, 3n];
    expect(await revertName(beacon.updateIndex(await sign(over, 4n), inputsOf(over, 4n)))).toBe('MeasurementOutOfRange');
    const now = await chain.latestTimestamp();
    const deadline = BigInt(now + 50);
    const late = await sign(values, 4n, signer(), deadline);
    await chain.mineAt(now + 51);
    expect(await revertName(beacon.updateIndex(late, inputsOf(values, 4n, deadline)))).toBe('SignatureExpired');
    expect(await adapter.nonceUsed(4n)).toBe(false);
    expect(await beacon.indices()).toEqual(values);
  });

  it('non-canonical inputs revert InvalidInputs; only the beacon may verify', async () => {
    const values = [1n, 1n, 1n];
    const proof = await sign(values, 5n);
    const inputs = inputsOf(values, 5n);
    expect(await revertName(beacon.updateIndex(proof, `${inputs}00`))).toBe('InvalidInputs');
    expect(await revertName(beacon.updateIndex(proof, '0x'))).toBe('InvalidInputs');
    // The same words with the array's offset pointing elsewhere.
    const moved = concat([AbiCoder.defaultAbiCoder().encode(['uint256'], [0x80]), `0x${inputs.slice(2 + 64)}`]);
    expect(await revertName(beacon.updateIndex(proof, moved))).toBe('InvalidInputs');
    expect(await revertName(adapter.connect(stranger()).verify(proof, values, 5n, FAR))).toBe('NotBeacon');
    await (await beacon.updateIndex(proof, inputs)).wait();
    expect(await beacon.indices()).toEqual(values);
  });

  it('a signature for one group beacon is foreign to another of the same signer', async () => {
    const other = await deployGroupEcdsaBeacon(chain.wallets[0], { signer: signer().address, size: 3, min: 0, max: 10, factory: factoryAddress });
    expect(await BeaconRegistry__factory.connect(registryAddress, chain.provider).beacons(other.beacon)).toBe(false);
    const values = [1n, 2n, 3n];
    expect(await revertName(GroupEcdsaBeacon__factory.connect(other.beacon, submitter()).updateIndex(await sign(values, 6n), inputsOf(values, 6n)))).toBe(
      'InvalidSignature',
    );
  });

  it('validates the size and range at creation; the largest group fits one update', async () => {
    const factory = GroupEcdsaBeaconFactory__factory.connect(factoryAddress, chain.wallets[0]);
    expect(await revertName(factory.createBeacon(signer().address, 0, 0, 1))).toBe('InvalidSize');
    expect(await revertName(factory.createBeacon(signer().address, GROUP_BEACON_MAX_SIZE + 1, 0, 1))).toBe('InvalidSize');
    expect(await revertName(factory.createBeacon(signer().address, 2, 5, 4))).toBe('InvalidRange');
    expect(await revertName(factory.createBeacon('0x0000000000000000000000000000000000000000', 2, 0, 1))).toBe('ZeroAddress');
    const big = await deployGroupEcdsaBeacon(chain.wallets[0], {
      signer: signer().address,
      size: GROUP_BEACON_MAX_SIZE,
      min: 0,
      max: 2n ** 256n - 1n,
      factory: factoryAddress,
    });
    const values = Array.from({ length: GROUP_BEACON_MAX_SIZE }, (_, i) => 2n ** 255n + BigInt(i));
    const proof = await signGroupMeasurement(signer(), big.adapter, chain.chainId, { measurements: values, nonce: 1n, deadline: FAR });
    const receipt = await (await GroupEcdsaBeacon__factory.connect(big.beacon, submitter()).updateIndex(proof, inputsOf(values, 1n))).wait();
    expect(await GroupEcdsaBeacon__factory.connect(big.beacon, chain.provider).indices()).toEqual(values);
    // 64 fresh slots: well under the service's cap for this route's group updates.
    expect(receipt?.gasUsed).toBeLessThan(1_800_000n);
  });
});
