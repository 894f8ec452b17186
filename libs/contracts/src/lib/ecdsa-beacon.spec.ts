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

  /** A deadline no test reaches, for the tests about something else. */
  const FAR = 2n ** 48n;
  const sign = (measurement: bigint, nonce: bigint, wallet = signer(), deadline = FAR) =>
    signMeasurement(wallet, adapterAddress, chain.chainId, { measurement, nonce, deadline });
  const inputsOf = (measurement: bigint, nonce: bigint, deadline = FAR) => encodeEcdsaInputs({ measurement, nonce, deadline });

  it('exposes SIGNER, range, verifierAdapter and the same digest as the off-chain EIP-712 hash', async () => {
    expect(await adapter.SIGNER()).toBe(signer().address);
    expect([await adapter.MIN_MEASUREMENT(), await adapter.MAX_MEASUREMENT()]).toEqual([0n, 100n]);
    expect(await adapter.BEACON()).toBe(await beacon.getAddress());
    expect(await beacon.verifierAdapter()).toBe(adapterAddress);
    expect(await adapter.digest(55n, 9n, 1234n)).toBe(measurementDigest(adapterAddress, chain.chainId, { measurement: 55n, nonce: 9n, deadline: 1234n }));
  });

  it('a signed measurement updates index and emits IndexUpdated', async () => {
    const receipt = await (await beacon.updateIndex(await sign(42n, 1n), inputsOf(42n, 1n))).wait();
    const events = receipt?.logs.filter((l) => l.address === (beacon.target as string)).map((l) => beacon.interface.parseLog(l));
    expect(events?.map((e) => [e?.name, e?.args[0]])).toEqual([['IndexUpdated', 42n]]);
    expect(await beacon.index()).toBe(42n);
    expect(await adapter.nonceUsed(1n)).toBe(true);
  });

  it('a replayed nonce reverts NonceAlreadyUsed, even for a new measurement', async () => {
    await (await beacon.updateIndex(await sign(10n, 2n), inputsOf(10n, 2n))).wait();
    expect(await revertName(beacon.updateIndex(await sign(10n, 2n), inputsOf(10n, 2n)))).toBe('NonceAlreadyUsed');
    expect(await revertName(beacon.updateIndex(await sign(11n, 2n), inputsOf(11n, 2n)))).toBe('NonceAlreadyUsed');
    expect(await beacon.index()).toBe(10n);
  });

  it('a wrong signer, or a signature over other values, reverts InvalidSignature', async () => {
    expect(await revertName(beacon.updateIndex(await sign(20n, 3n, stranger()), inputsOf(20n, 3n)))).toBe('InvalidSignature');
    expect(await revertName(beacon.updateIndex(await sign(20n, 3n), inputsOf(21n, 3n)))).toBe('InvalidSignature');
    expect(await adapter.nonceUsed(3n)).toBe(false);
  });

  it('an out-of-range measurement reverts MeasurementOutOfRange and keeps the nonce', async () => {
    const before = await beacon.index();
    expect(await revertName(beacon.updateIndex(await sign(101n, 4n), inputsOf(101n, 4n)))).toBe('MeasurementOutOfRange');
    expect(await beacon.index()).toBe(before);
    expect(await adapter.nonceUsed(4n)).toBe(false);
    await (await beacon.updateIndex(await sign(100n, 4n), inputsOf(100n, 4n))).wait(); // bound is inclusive
    expect(await beacon.index()).toBe(100n);
  });

  it('rejects malleable s, bad v and wrong lengths', async () => {
    const signature = Signature.from(await sign(30n, 5n));
    const inputs = inputsOf(30n, 5n);
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

  it('only its beacon may consume nonces: a signature sent to any other contract stays unusable elsewhere', async () => {
    expect(await revertName(adapter.connect(stranger()).verify(await sign(1n, 6n), 1n, 6n, FAR))).toBe('NotBeacon');
    // Another beacon with the same signer has its own adapter, so a signature for this one is foreign there.
    const other = await deployEcdsaBeacon(chain.wallets[0], { signer: signer().address, min: 0, max: 100 });
    expect(other.adapter).not.toBe(adapterAddress);
    expect(await revertName(EcdsaBeacon__factory.connect(other.beacon, submitter()).updateIndex(await sign(1n, 6n), inputsOf(1n, 6n)))).toBe(
      'InvalidSignature',
    );
  });

  it('a signature is accepted up to its deadline and reverts SignatureExpired after it, nonce unspent', async () => {
    const now = await chain.latestTimestamp();
    const deadline = BigInt(now + 100);
    const late = await sign(60n, 7n, signer(), deadline);
    await chain.mineAt(now + 101);
    expect(await revertName(beacon.updateIndex(late, inputsOf(60n, 7n, deadline)))).toBe('SignatureExpired');
    expect(await adapter.nonceUsed(7n)).toBe(false);

    const at = BigInt((await chain.latestTimestamp()) + 10);
    await chain.setNextTimestamp(Number(at)); // the deadline itself is still valid
    await (await beacon.updateIndex(await sign(61n, 8n, signer(), at), inputsOf(61n, 8n, at))).wait();
    expect(await beacon.index()).toBe(61n);
  });

  it('validates construction', async () => {
    const factory = new EcdsaVerifierAdapter__factory(chain.wallets[0]);
    const someBeacon = stranger().address;
    expect(await revertName(factory.deploy(someBeacon, signer().address, 10, 9))).toBe('InvalidRange');
    expect(await revertName(factory.deploy(someBeacon, '0x0000000000000000000000000000000000000000', 0, 1))).toBe('ZeroAddress');
    expect(await revertName(factory.deploy('0x0000000000000000000000000000000000000000', signer().address, 0, 1))).toBe('ZeroAddress');
  });
});
