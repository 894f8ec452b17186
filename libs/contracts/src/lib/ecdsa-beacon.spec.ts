import { Signature, concat, toBeHex, zeroPadValue } from 'ethers';
import { EcdsaBeacon__factory, EcdsaVerifierAdapter__factory, type EcdsaBeacon, type EcdsaVerifierAdapter } from '../../generated/types';
import { revertName, startTestChain, type TestChain } from '../../test/test-chain';
import { deployEcdsaBeacon } from './deploy-ecdsa-beacon';
import { encodeEcdsaInputs, measurementDigest, signMeasurement } from './ecdsa-measurement';

const SECP256K1_N = 0xfffffffffffffffffffffffffffffffebaaedce6af48a03bbfd25e8cd0364141n;

describe('ECDSA beacon and its EIP-712 verifier adapter', () => {
  let chain: TestChain;
  let beacon: EcdsaBeacon;
  let adapter: EcdsaVerifierAdapter;
  let adapterAddress: string;
  const signer = () => chain.wallets[1];
  const submitter = () => chain.wallets[2];
  const stranger = () => chain.wallets[3];

  beforeAll(async () => {
    chain = await startTestChain();
    const deployed = await deployEcdsaBeacon(chain.wallets[0], { signer: signer().address, min: 0, max: 100 });
    adapterAddress = deployed.adapter;
    beacon = EcdsaBeacon__factory.connect(deployed.beacon, submitter());
    adapter = EcdsaVerifierAdapter__factory.connect(deployed.adapter, chain.wallets[0]);
  });
  afterAll(() => chain?.stop());

  const sign = (measurement: bigint, nonce: bigint, wallet = signer()) => signMeasurement(wallet, adapterAddress, chain.chainId, measurement, nonce);

  it('exposes SIGNER, range, verifierAdapter and the same digest as the off-chain EIP-712 hash', async () => {
    expect(await adapter.SIGNER()).toBe(signer().address);
    expect([await adapter.MIN_MEASUREMENT(), await adapter.MAX_MEASUREMENT()]).toEqual([0n, 100n]);
    expect(await adapter.beacon()).toBe(await beacon.getAddress());
    expect(await beacon.verifierAdapter()).toBe(adapterAddress);
    expect(await adapter.digest(55n, 9n)).toBe(measurementDigest(adapterAddress, chain.chainId, 55n, 9n));
  });

  it('a signed measurement updates index and emits IndexUpdated', async () => {
    const receipt = await (await beacon.updateIndex(await sign(42n, 1n), encodeEcdsaInputs(42n, 1n))).wait();
    const events = receipt?.logs.filter((l) => l.address === (beacon.target as string)).map((l) => beacon.interface.parseLog(l));
    expect(events?.map((e) => [e?.name, e?.args[0]])).toEqual([['IndexUpdated', 42n]]);
    expect(await beacon.index()).toBe(42n);
    expect(await adapter.nonceUsed(1n)).toBe(true);
  });

  it('a replayed nonce reverts NonceAlreadyUsed, even for a new measurement', async () => {
    await (await beacon.updateIndex(await sign(10n, 2n), encodeEcdsaInputs(10n, 2n))).wait();
    expect(await revertName(beacon.updateIndex(await sign(10n, 2n), encodeEcdsaInputs(10n, 2n)))).toBe('NonceAlreadyUsed');
    expect(await revertName(beacon.updateIndex(await sign(11n, 2n), encodeEcdsaInputs(11n, 2n)))).toBe('NonceAlreadyUsed');
    expect(await beacon.index()).toBe(10n);
  });

  it('a wrong signer, or a signature over other values, reverts InvalidSignature', async () => {
    expect(await revertName(beacon.updateIndex(await sign(20n, 3n, stranger()), encodeEcdsaInputs(20n, 3n)))).toBe('InvalidSignature');
    expect(await revertName(beacon.updateIndex(await sign(20n, 3n), encodeEcdsaInputs(21n, 3n)))).toBe('InvalidSignature');
    expect(await adapter.nonceUsed(3n)).toBe(false);
  });

  it('an out-of-range measurement reverts MeasurementOutOfRange and keeps the nonce', async () => {
    const before = await beacon.index();
    expect(await revertName(beacon.updateIndex(await sign(101n, 4n), encodeEcdsaInputs(101n, 4n)))).toBe('MeasurementOutOfRange');
    expect(await beacon.index()).toBe(before);
    expect(await adapter.nonceUsed(4n)).toBe(false);
    await (await beacon.updateIndex(await sign(100n, 4n), encodeEcdsaInputs(100n, 4n))).wait(); // bound is inclusive
    expect(await beacon.index()).toBe(100n);
  });

  it('rejects malleable s, bad v and wrong lengths', async () => {
    const signature = Signature.from(await sign(30n, 5n));
    const inputs = encodeEcdsaInputs(30n, 5n);
    // The same signature mirrored to high s (valid for ecrecover, refused by EIP-2).
    const highS = concat([signature.r, zeroPadValue(toBeHex(SECP256K1_N - BigInt(signature.s)), 32), toBeHex(signature.v === 27 ? 28 : 27)]);
    const badV = concat([signature.r, signature.s, toBeHex(signature.v - 27)]);
    for (const proof of [highS, badV, concat([signature.serialized, '0x00']), '0x']) {
      expect(await revertName(beacon.updateIndex(proof, inputs))).toBe('InvalidSignature');
    }
    expect(await revertName(beacon.updateIndex(signature.serialized, `${inputs}00`))).toBe('InvalidInputs');
    await (await beacon.updateIndex(signature.serialized, inputs)).wait();
    expect(await beacon.index()).toBe(30n);
  });

  it('only the bound beacon may consume nonces, and the binding is one-time and deployer-only', async () => {
    expect(await revertName(adapter.connect(stranger()).verify(await sign(1n, 6n), 1n, 6n))).toBe('NotBeacon');
    expect(await revertName(adapter.connect(stranger()).bindBeacon(stranger().address))).toBe('NotDeployer');
    expect(await revertName(adapter.bindBeacon(stranger().address))).toBe('AlreadyBound');
  });

  it('validates construction', async () => {
    const factory = new EcdsaVerifierAdapter__factory(chain.wallets[0]);
    expect(await revertName(factory.deploy(signer().address, 10, 9))).toBe('InvalidRange');
    expect(await revertName(factory.deploy('0x0000000000000000000000000000000000000000', 0, 1))).toBe('ZeroAddress');
  });
});
