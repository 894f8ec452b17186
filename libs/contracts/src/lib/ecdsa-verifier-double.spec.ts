import { EcdsaVerifierDouble__factory, VerifierGroupBeaconDouble__factory } from '../../generated/test-types';
import { IEcdsaVerifier__factory } from '../../generated/types';
import { revertName, startTestChain, type TestChain } from '../../test/test-chain';
import { contractErrorOf, revertDataOf } from './contract-errors';
import { arrayMeasurementDigest, encodeArrayMeasurementInputs, signMeasurementDigest } from './ecdsa-measurement';

/** Our double of the operators' newer IEcdsaVerifier, and the off-chain digest beacon-ops signs for it. */
describe('IEcdsaVerifier double and arrayMeasurementDigest', () => {
  let chain: TestChain;
  let verifier: string;
  let beacon: string;
  const signer = () => chain.wallets[1];
  const TYPES = {
    Measurement: [
      { name: 'measurement', type: 'uint256[]' },
      { name: 'nonce', type: 'uint256' },
    ],
  };

  beforeAll(async () => {
    chain = await startTestChain();
    verifier = (await (await new EcdsaVerifierDouble__factory(chain.wallets[0]).deploy(signer().address)).waitForDeployment()).target.toString();
    beacon = (await (await new VerifierGroupBeaconDouble__factory(chain.wallets[0]).deploy(verifier, 2)).waitForDeployment()).target.toString();
  });
  afterAll(() => chain?.stop());

  const digestOf = async (measurement: bigint[], nonce: bigint) => {
    const v = IEcdsaVerifier__factory.connect(verifier, chain.provider);
    const [, name, version] = await v.eip712Domain();
    return arrayMeasurementDigest({ name, version, chainId: chain.chainId, verifyingContract: verifier }, await v.MEASUREMENT_TYPEHASH(), {
      measurement,
      nonce,
    });
  };

  it('the off-chain digest from its EIP-5267 domain equals digest(uint256[], nonce) and ethers’ typed-data hash', async () => {
    const v = IEcdsaVerifier__factory.connect(verifier, chain.provider);
    const digest = await digestOf([3n, 4n], 10n);
    expect(await v.digest([3n, 4n], 10n)).toBe(digest);
    const typed = await signer().signTypedData({ name: 'ECDSAVerifier', version: '1', chainId: chain.chainId, verifyingContract: verifier }, TYPES, {
      measurement: [3n, 4n],
      nonce: 10n,
    });
    expect(signMeasurementDigest(signer().signingKey, digest)).toBe(typed);
  });

  it('updates through the beacon, wants increasing nonces and refuses replays and other signers', async () => {
    const b = VerifierGroupBeaconDouble__factory.connect(beacon, chain.wallets[2]);
    const send = async (measurement: bigint[], nonce: bigint, wallet = signer()) =>
      b.update(signMeasurementDigest(wallet.signingKey, await digestOf(measurement, nonce)), encodeArrayMeasurementInputs({ measurement, nonce }));
    await (await send([1n, 2n], 100n)).wait();
    expect([...(await b.indices())]).toEqual([1n, 2n]);
    const stale = revertDataOf(await send([1n, 2n], 99n).catch((e: unknown) => e));
    const parsed = EcdsaVerifierDouble__factory.createInterface().parseError(stale ?? '0x');
    expect([parsed?.name, parsed?.args.map(String)]).toEqual(['NonceNotIncreasing', ['100', '99']]);
    expect(await revertName(send([1n, 2n], 100n))).toBe('ProofReplay');
    expect(await revertName(send([1n, 2n], 101n, chain.wallets[3]))).toBe('InvalidSigner');
    expect(contractErrorOf(await send([1n], 102n).catch((e: unknown) => e))?.name).toBe('WrongMeasurementCount');
    await (await send([5n, 6n], 102n)).wait();
    expect([...(await b.indices())]).toEqual([5n, 6n]);
    expect(await EcdsaVerifierDouble__factory.connect(verifier, chain.provider).lastNonce()).toBe(102n);
  });
});
