import { BeaconRegistry__factory, contractErrorOf, deployEcdsaBeacon, EcdsaBeacon__factory, EcdsaVerifierAdapter__factory } from '@perp/contracts';
import { FakeEcdsaBeacon__factory } from '@perp/contracts/testing';
import { AbiCoder, getAddress, recoverAddress, Transaction, Wallet } from 'ethers';
import { anvilKey } from '../test/anvil-keys';
import { BeaconEnv, poolTxCount, SIGNER, startBeaconEnv } from '../test/beacon-test-env';

const ecdsaBeacon = EcdsaBeacon__factory.createInterface();

/** The signed measurement inside an updateIndex transaction: its proof and (measurement, nonce, deadline). */
function signedMeasurementOf(rawTx: string): { proof: string; inputs: string; measurement: bigint; nonce: bigint; deadline: bigint } {
  const [proof, inputs] = ecdsaBeacon.decodeFunctionData('updateIndex', Transaction.from(rawTx).data) as unknown as [string, string];
  const [measurement, nonce, deadline] = AbiCoder.defaultAbiCoder().decode(['uint256', 'uint256', 'uint256'], inputs) as unknown as bigint[];
  return { proof, inputs, measurement, nonce, deadline };
}

/**
 * The signer signs only for the protocol's ECDSA beacons whose adapter is bound to exactly that
 * beacon, and every signature expires: a signature sent anywhere else could be replayed on the
 * real beacon by whoever saw it (the fake-beacon attack).
 */
describe('what the ECDSA signer signs for', () => {
  let env: BeaconEnv;
  beforeAll(async () => {
    env = await startBeaconEnv({ env: { SIGNER_PRIVATE_KEY: anvilKey(9), ECDSA_SIGNATURE_TTL_SECONDS: '60' } });
  }, 60_000);
  afterAll(() => env?.stop());

  const update = (beacon: string, measurement: string | number) =>
    env.service.post('/update_beacon_with_ecdsa_adapter', { beacon_address: beacon, measurement: String(measurement) });
  const rowsFor = async (beacon: string) =>
    (await env.service.db.query(`SELECT count(*)::int AS n FROM tx_journal WHERE $1 = ANY(beacon_addresses)`, [beacon.toLowerCase()]))[0].n as number;
  const deployFake = async () =>
    (await (await new FakeEcdsaBeacon__factory(env.deployer).deploy(env.system.demoEcdsaAdapter)).waitForDeployment()).getAddress();

  it("refuses a contract posing as a beacon with the real beacon's adapter: nothing signed, nothing sent", async () => {
    const fake = await deployFake();
    const before = await poolTxCount(env);
    const res = await update(fake, 77).expect(422);
    expect(res.body).toEqual({
      success: false,
      data: null,
      message: `Invalid request: body.beacon_address: Value error, ${fake.toLowerCase()} names the adapter ${env.system.demoEcdsaAdapter.toLowerCase()}, which is bound to the beacon ${env.system.demoEcdsaBeacon.toLowerCase()}, not to it: the service signs nothing for it`,
    });
    expect(await poolTxCount(env)).toBe(before);
    expect(await rowsFor(fake)).toBe(0);
  });

  it('refuses the fake even when the registry lists it (the adapter binding alone stops it)', async () => {
    const fake = await deployFake();
    await (await BeaconRegistry__factory.connect(env.system.registry, env.deployer).registerBeacon(fake)).wait();
    const before = await poolTxCount(env);
    const res = await update(fake, 77).expect(422);
    expect(res.body.message).toContain('which is bound to the beacon');
    expect(await poolTxCount(env)).toBe(before);
    expect(await rowsFor(fake)).toBe(0);
  });

  it('refuses a genuine ECDSA beacon that is neither registered nor allow-listed; ECDSA_BEACON_ADDRESSES admits it', async () => {
    const stray = await deployEcdsaBeacon(env.deployer, { signer: SIGNER, min: 0n, max: 100n });
    const before = await poolTxCount(env);
    const res = await update(stray.beacon, 5).expect(422);
    expect(res.body.message).toBe(
      `Invalid request: body.beacon_address: Value error, ${stray.beacon.toLowerCase()} is not a beacon the service signs for: it is neither in the registry (REGISTRY_ADDRESS) nor in ECDSA_BEACON_ADDRESSES`,
    );
    expect(await poolTxCount(env)).toBe(before);

    const allowing = await env.startService({ SIGNER_PRIVATE_KEY: anvilKey(9), ECDSA_BEACON_ADDRESSES: stray.beacon });
    await allowing.post('/update_beacon_with_ecdsa_adapter', { beacon_address: stray.beacon, measurement: '5' }).expect(200);
    expect(await EcdsaBeacon__factory.connect(stray.beacon, env.infra.chain).index()).toBe(5n);
    await allowing.close();
  });

  it('journals the beacon, the adapter and the digest it signed, with a deadline ECDSA_SIGNATURE_TTL_SECONDS away', async () => {
    const res = await update(env.system.demoEcdsaBeacon, 42).expect(200);
    const hash = /0x[0-9a-f]{64}/.exec(res.body.data as string)?.[0];
    const [row] = (await env.service.db.query(`SELECT beacon_addresses, signed_verifier, signed_digest, raw_tx FROM tx_journal WHERE tx_hash = $1`, [
      hash,
    ])) as { beacon_addresses: string[]; signed_verifier: string; signed_digest: string; raw_tx: string }[];
    expect(row.beacon_addresses).toEqual([env.system.demoEcdsaBeacon.toLowerCase()]);
    expect(row.signed_verifier).toBe(env.system.demoEcdsaAdapter.toLowerCase());

    const signed = signedMeasurementOf(row.raw_tx);
    const adapter = EcdsaVerifierAdapter__factory.connect(env.system.demoEcdsaAdapter, env.infra.chain);
    expect(row.signed_digest).toBe(await adapter.digest(signed.measurement, signed.nonce, signed.deadline));
    expect(recoverAddress(row.signed_digest, signed.proof)).toBe(getAddress(SIGNER)); // the digest is what was signed, raw
    const mined = await env.infra.chain.getBlock((await env.infra.chain.getTransactionReceipt(hash as string))?.blockNumber ?? 'latest');
    expect(Number(signed.deadline) - (mined?.timestamp ?? 0)).toBeGreaterThan(0);
    expect(Number(signed.deadline) - (mined?.timestamp ?? 0)).toBeLessThanOrEqual(60);
  });

  it('a signature held past its deadline is rejected on chain, whoever submits it', async () => {
    // Delay the service's own transaction between signing and broadcast until its deadline has passed.
    let captured: string | undefined;
    const delaying = await env.startService(
      { SIGNER_PRIVATE_KEY: anvilKey(9), ECDSA_SIGNATURE_TTL_SECONDS: '60' },
      {
        afterJournal: async (tx) => {
          const [row] = (await env.service.db.query(`SELECT raw_tx FROM tx_journal WHERE id = $1`, [tx.id])) as { raw_tx: string }[];
          captured = row.raw_tx;
          await env.infra.rpc('evm_setNextBlockTimestamp', [Number(signedMeasurementOf(row.raw_tx).deadline) + 1]);
          await env.infra.rpc('evm_mine', []);
        },
      },
    );
    const beacon = EcdsaBeacon__factory.connect(env.system.demoEcdsaBeacon, env.infra.chain);
    const before = await beacon.index();
    const res = await delaying.post('/update_beacon_with_ecdsa_adapter', { beacon_address: env.system.demoEcdsaBeacon, measurement: '77' }).expect(422);
    expect(res.body.message).toMatch(/reverted on chain; nothing was changed: Invalid proof: the signature passed its deadline .*\(SignatureExpired\)$/);
    await delaying.close();

    // The same signature replayed by anyone else: still expired.
    const signed = signedMeasurementOf(captured as string);
    const stranger = new Wallet(anvilKey(15), env.infra.chain);
    const replay = await beacon
      .connect(stranger)
      .updateIndex.staticCall(signed.proof, signed.inputs)
      .then(
        () => 'accepted',
        (error: unknown) => contractErrorOf(error)?.name,
      );
    expect(replay).toBe('SignatureExpired');
    expect(await beacon.index()).toBe(before);
  });
});
