import { concat, keccak256, Signature, toBeHex, type HDNodeWallet } from 'ethers';
import { DeployedEcdsaBeaconDouble__factory, DeployedEcdsaVerifierAdapterDouble__factory } from '../../generated/test-types';
import { revertName, startTestChain, type TestChain } from '../../test/test-chain';
import { deployedMeasurementDigest, EIP5267_NAME_VERSION_CHAIN_CONTRACT, encodeDeployedEcdsaInputs } from './ecdsa-measurement';
import { deployEcdsaBeaconDouble } from './testing/deploy-ecdsa-beacon-double';

const SECP256K1_N = 0xfffffffffffffffffffffffffffffffebaaedce6af48a03bbfd25e8cd0364141n;

/**
 * The double of the deployed ECDSA adapter and beacon (test-fixtures), against what the deployed
 * interface promises and what beacon-ops relies on: the digest is the EIP-712 hash of the domain
 * that eip712Domain() reports, a signature is spent once (its high-s twin included), and nothing
 * binds a signature to one beacon or to a time.
 */
describe('the deployed ECDSA adapter interface (its double)', () => {
  let chain: TestChain;
  let addresses: { beacon: string; adapter: string };
  const signer = () => chain.wallets[1];
  const submitter = () => chain.wallets[2];
  const stranger = () => chain.wallets[3];
  const adapter = () => DeployedEcdsaVerifierAdapterDouble__factory.connect(addresses.adapter, submitter());
  const beacon = () => DeployedEcdsaBeaconDouble__factory.connect(addresses.beacon, submitter());

  beforeAll(async () => {
    chain = await startTestChain();
    addresses = await deployEcdsaBeaconDouble(chain.wallets[0], { signer: signer().address });
  });
  afterAll(() => chain?.stop());

  /** Signs the digest computed here from the adapter's own domain fields and typehash. */
  const sign = async (measurement: bigint, nonce: bigint, wallet: HDNodeWallet = signer()) => {
    const domain = await adapter().eip712Domain();
    const digest = deployedMeasurementDigest(
      { name: domain.name, version: domain.version, chainId: domain.chainId, verifyingContract: domain.verifyingContract },
      await adapter().MEASUREMENT_TYPEHASH(),
      { measurement, nonce },
    );
    return wallet.signingKey.sign(digest).serialized;
  };
  const inputs = (measurement: bigint, nonce: bigint) => encodeDeployedEcdsaInputs({ measurement, nonce });

  it('reports its EIP-712 domain (EIP-5267), and digest() is the hash of exactly that domain and the typehash', async () => {
    const domain = await adapter().eip712Domain();
    expect([domain.fields, domain.name, domain.version, domain.chainId, domain.verifyingContract, domain.extensions]).toEqual([
      EIP5267_NAME_VERSION_CHAIN_CONTRACT,
      'ECDSAVerifierAdapter',
      '1',
      chain.chainId,
      addresses.adapter,
      [],
    ]);
    const typehash = await adapter().MEASUREMENT_TYPEHASH();
    for (const [measurement, nonce] of [
      [0n, 0n],
      [42n, 1_700_000_000_000_000_000n],
      [2n ** 256n - 1n, 2n ** 255n],
    ]) {
      expect(await adapter().digest(measurement, nonce)).toBe(
        deployedMeasurementDigest({ name: 'ECDSAVerifierAdapter', version: '1', chainId: chain.chainId, verifyingContract: addresses.adapter }, typehash, {
          measurement,
          nonce,
        }),
      );
    }
    expect([await adapter().SIGNER(), await adapter().verifier(), await beacon().verifierAdapter()]).toEqual([
      signer().address,
      addresses.adapter,
      addresses.adapter,
    ]);
  });

  it('a signed (measurement, nonce) becomes the index, with IndexUpdated; nonces need no order', async () => {
    const receipt = await (await beacon().updateIndex(await sign(42n, 1_000n), inputs(42n, 1_000n))).wait();
    const events = receipt?.logs.map((log) => beacon().interface.parseLog(log)).filter(Boolean);
    expect(events?.map((e) => [e?.name, e?.args[0]])).toEqual([['IndexUpdated', 42n]]);
    expect(await beacon().index()).toBe(42n);
    await (await beacon().updateIndex(await sign(43n, 999n), inputs(43n, 999n))).wait(); // a lower nonce
    expect(await beacon().index()).toBe(43n);
  });

  it('a signature is spent once: the same bytes and its high-s twin revert ProofReplay', async () => {
    const proof = await sign(50n, 7n);
    await (await beacon().updateIndex(proof, inputs(50n, 7n))).wait();
    const { r, s, v } = Signature.from(proof);
    const twin = concat([r, toBeHex(SECP256K1_N - BigInt(s), 32), v === 27 ? '0x1c' : '0x1b']);
    expect(await revertName(beacon().updateIndex(proof, inputs(50n, 7n)))).toBe('ProofReplay');
    expect(await revertName(beacon().updateIndex(twin, inputs(50n, 7n)))).toBe('ProofReplay');
    expect(await adapter().usedProofs(keccak256(proof))).toBe(true);
  });

  it('another signer or other values revert InvalidSigner; a malformed signature InvalidSignature', async () => {
    expect(await revertName(beacon().updateIndex(await sign(60n, 8n, stranger()), inputs(60n, 8n)))).toBe('InvalidSigner');
    expect(await revertName(beacon().updateIndex(await sign(60n, 8n), inputs(61n, 8n)))).toBe('InvalidSigner');
    const proof = await sign(60n, 8n);
    expect(await revertName(beacon().updateIndex(proof.slice(0, -2), inputs(60n, 8n)))).toBe('InvalidSignature');
    expect(await revertName(beacon().updateIndex(`${proof.slice(0, -2)}00`, inputs(60n, 8n)))).toBe('InvalidSignature');
  });

  it('binds a signature to no beacon: another beacon on the same adapter, or anyone calling verify, can spend it first', async () => {
    const other = await deployEcdsaBeaconDouble(chain.wallets[0], { signer: signer().address, adapter: addresses.adapter });
    const proof = await sign(70n, 9n);
    // Meant for `beacon`, spent on `other`: what the service's allow-list exists for.
    await (await DeployedEcdsaBeaconDouble__factory.connect(other.beacon, stranger()).updateIndex(proof, inputs(70n, 9n))).wait();
    expect(await DeployedEcdsaBeaconDouble__factory.connect(other.beacon, stranger()).index()).toBe(70n);
    expect(await revertName(beacon().updateIndex(proof, inputs(70n, 9n)))).toBe('ProofReplay');
    // verify is open to any caller.
    const burnt = await sign(71n, 10n);
    await (await adapter().connect(stranger()).verify(burnt, inputs(71n, 10n))).wait();
    expect(await revertName(beacon().updateIndex(burnt, inputs(71n, 10n)))).toBe('ProofReplay');
  });

  it("the beacon's owner, and only it, repoints the beacon at another adapter", async () => {
    const fresh = await (await new DeployedEcdsaVerifierAdapterDouble__factory(chain.wallets[0]).deploy(stranger().address)).waitForDeployment();
    expect(await revertName(beacon().connect(stranger()).setVerifierAdapter(fresh.target))).toBe('NotOwner');
    const owned = DeployedEcdsaBeaconDouble__factory.connect(addresses.beacon, chain.wallets[0]);
    await (await owned.setVerifierAdapter(fresh.target)).wait();
    expect(await owned.verifierAdapter()).toBe(fresh.target);
    await (await owned.setVerifierAdapter(addresses.adapter)).wait();
  });
});
