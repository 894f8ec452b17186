import {
  BeaconRegistry__factory,
  contractErrorOf,
  deployEcdsaBeacon,
  deployGroupEcdsaBeacon,
  EcdsaBeacon__factory,
  GroupEcdsaBeacon__factory,
  EcdsaVerifierAdapter__factory,
  IDeployedEcdsaBeacon__factory,
} from '@perp/contracts';
import {
  DeployedEcdsaBeaconDouble__factory,
  DeployedEcdsaVerifierAdapterDouble__factory,
  deployEcdsaBeaconDouble,
  FakeEcdsaBeacon__factory,
  LyingEcdsaVerifierAdapter__factory,
} from '@perp/contracts/testing';
import { AbiCoder, getAddress, keccak256, recoverAddress, Transaction, Wallet } from 'ethers';
import { anvilKey } from '../test/anvil-keys';
import { BeaconEnv, poolTxCount, SIGNER, startBeaconEnv } from '../test/beacon-test-env';

const ecdsaBeacon = EcdsaBeacon__factory.createInterface();

/** The signed measurement inside an updateIndex transaction: its proof and (measurement, nonce, deadline). */
function signedMeasurementOf(rawTx: string): { proof: string; inputs: string; measurement: bigint; nonce: bigint; deadline: bigint } {
  const [proof, inputs] = ecdsaBeacon.decodeFunctionData('updateIndex', Transaction.from(rawTx).data) as unknown as [string, string];
  const [measurement, nonce, deadline] = AbiCoder.defaultAbiCoder().decode(['uint256', 'uint256', 'uint256'], inputs) as unknown as bigint[];
  return { proof, inputs, measurement, nonce, deadline };
}

const deployedBeacon = IDeployedEcdsaBeacon__factory.createInterface();

/** The signed measurement inside a deployed-interface updateIndex transaction: its proof and (measurement, nonce). */
function deployedSignedMeasurementOf(rawTx: string): { proof: string; inputs: string; measurement: bigint; nonce: bigint } {
  const [proof, inputs] = deployedBeacon.decodeFunctionData('updateIndex', Transaction.from(rawTx).data) as unknown as [string, string];
  const [measurement, nonce] = AbiCoder.defaultAbiCoder().decode(['uint256', 'uint256'], inputs) as unknown as bigint[];
  return { proof, inputs, measurement, nonce };
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

  /**
   * The deployed adapter interface: no BEACON(), no deadline, a signature good on every beacon that
   * names the adapter until it is spent. Scope: the allow-list (registry or ECDSA_BEACON_ADDRESSES)
   * and SIGNER(); the digest is computed here and must name this chain and this adapter.
   */
  /** Group beacons (GroupEcdsaBeacon): the same binding and scope rules, for an array of values. */
  describe('group beacons', () => {
    const deployGroup = (registry?: string) =>
      deployGroupEcdsaBeacon(env.deployer, { signer: SIGNER, size: 2, min: 0n, max: 100n, factory: env.system.groupEcdsaBeaconFactory, registry });
    const updateGroup = (beacon: string, values: string[], service = env.service) =>
      service.post('/update_beacon_with_ecdsa_adapter', { beacon_address: beacon, measurement: values });

    it("refuses a fake posing as a group beacon with a real group beacon's adapter, registered or not: nothing signed, nothing sent", async () => {
      const real = await deployGroup(env.system.registry);
      const fake = (await (await new FakeEcdsaBeacon__factory(env.deployer).deploy(real.adapter)).waitForDeployment()).target.toString();
      const before = await poolTxCount(env);
      const res = await updateGroup(fake, ['1', '2']).expect(422);
      expect(res.body.message).toBe(
        `Invalid request: body.beacon_address: Value error, ${fake.toLowerCase()} names the adapter ${real.adapter.toLowerCase()}, which is bound to the beacon ${real.beacon.toLowerCase()}, not to it: the service signs nothing for it`,
      );
      await (await BeaconRegistry__factory.connect(env.system.registry, env.deployer).registerBeacon(fake)).wait();
      expect((await updateGroup(fake, ['1', '2']).expect(422)).body.message).toContain('which is bound to the beacon');
      // The wrong shape does not get past the binding either (and says nothing about the real beacon's size).
      expect((await updateGroup(fake, ['1']).expect(422)).body.message).toContain('which is bound to the beacon');
      expect(await poolTxCount(env)).toBe(before);
      expect(await rowsFor(fake)).toBe(0);
      // The real one takes the same values.
      await updateGroup(real.beacon, ['1', '2']).expect(200);
      expect([...(await GroupEcdsaBeacon__factory.connect(real.beacon, env.infra.chain).indices())]).toEqual([1n, 2n]);
    });

    it('refuses a genuine group beacon that is neither registered nor allow-listed; ECDSA_BEACON_ADDRESSES admits it', async () => {
      const stray = await deployGroup();
      const before = await poolTxCount(env);
      const res = await updateGroup(stray.beacon, ['3', '4']).expect(422);
      expect(res.body.message).toBe(
        `Invalid request: body.beacon_address: Value error, ${stray.beacon.toLowerCase()} is not a beacon the service signs for: it is neither in the registry (REGISTRY_ADDRESS) nor in ECDSA_BEACON_ADDRESSES`,
      );
      expect(await poolTxCount(env)).toBe(before);
      expect(await rowsFor(stray.beacon)).toBe(0);

      const allowing = await env.startService({ SIGNER_PRIVATE_KEY: anvilKey(9), ECDSA_BEACON_ADDRESSES: stray.beacon });
      await updateGroup(stray.beacon, ['3', '4'], allowing).expect(200);
      expect([...(await GroupEcdsaBeacon__factory.connect(stray.beacon, env.infra.chain).indices())]).toEqual([3n, 4n]);
      await allowing.close();
    });

    it('refuses a registered group beacon whose adapter accepts another signer: 422 signer mismatch, nothing sent', async () => {
      const foreign = await deployGroupEcdsaBeacon(env.deployer, {
        signer: env.deployer.address,
        size: 2,
        min: 0n,
        max: 100n,
        factory: env.system.groupEcdsaBeaconFactory,
        registry: env.system.registry,
      });
      const before = await poolTxCount(env);
      const res = await updateGroup(foreign.beacon, ['1', '2']).expect(422);
      expect(res.body.message).toMatch(/^Invalid proof: signer mismatch/);
      expect(await poolTxCount(env)).toBe(before);
    });
  });

  describe('beacons of the deployed adapter interface (its double)', () => {
    const journalOf = async (hash: string) =>
      (
        (await env.service.db.query(`SELECT beacon_addresses, signed_verifier, signed_digest, raw_tx FROM tx_journal WHERE tx_hash = $1`, [hash])) as {
          beacon_addresses: string[];
          signed_verifier: string;
          signed_digest: string;
          raw_tx: string;
        }[]
      )[0];

    it('updates a registered beacon end to end: the digest its adapter verifies, signed raw, a Unix-nanosecond nonce, journaled', async () => {
      const { beacon, adapter } = await deployEcdsaBeaconDouble(env.deployer, { signer: SIGNER, registry: env.system.registry });
      const before = BigInt(Date.now()) * 1_000_000n;
      const res = await update(beacon, 63).expect(200);
      const after = BigInt(Date.now()) * 1_000_000n;
      expect(res.body).toMatchObject({ success: true, data: expect.stringMatching(/^Transaction hash: 0x[0-9a-f]{64}$/) });
      expect(await DeployedEcdsaBeaconDouble__factory.connect(beacon, env.infra.chain).index()).toBe(63n);

      const hash = /0x[0-9a-f]{64}/.exec(res.body.data as string)?.[0] as string;
      const row = await journalOf(hash);
      expect(row.beacon_addresses).toEqual([beacon.toLowerCase()]);
      expect(row.signed_verifier).toBe(adapter.toLowerCase());
      const signed = deployedSignedMeasurementOf(row.raw_tx);
      expect(signed.measurement).toBe(63n);
      expect(signed.nonce >= before && signed.nonce < after + 1_000_000n).toBe(true);
      const onChain = DeployedEcdsaVerifierAdapterDouble__factory.connect(adapter, env.infra.chain);
      expect(row.signed_digest).toBe(await onChain.digest(signed.measurement, signed.nonce));
      expect(recoverAddress(row.signed_digest, signed.proof)).toBe(getAddress(SIGNER));
      expect(await onChain.usedProofs(keccak256(signed.proof))).toBe(true);

      // Spent: the same signature, submitted by anyone, is refused.
      const stranger = DeployedEcdsaBeaconDouble__factory.connect(beacon, new Wallet(anvilKey(15), env.infra.chain));
      expect(
        await stranger.updateIndex.staticCall(signed.proof, signed.inputs).then(
          () => 'accepted',
          (e: unknown) => contractErrorOf(e)?.name,
        ),
      ).toBe('ProofReplay');
      // A second update: a new nonce, a new signature.
      await update(beacon, 64).expect(200);
      expect(await DeployedEcdsaBeaconDouble__factory.connect(beacon, env.infra.chain).index()).toBe(64n);
    });

    it('refuses a fake beacon, and an unlisted beacon, that name a real deployed adapter: 422, nothing signed, nothing sent', async () => {
      const real = await deployEcdsaBeaconDouble(env.deployer, { signer: SIGNER, registry: env.system.registry });
      const fake = await (await new FakeEcdsaBeacon__factory(env.deployer).deploy(real.adapter)).waitForDeployment().then((c) => c.getAddress());
      const unlisted = await deployEcdsaBeaconDouble(env.deployer, { signer: SIGNER, adapter: real.adapter });
      const before = await poolTxCount(env);
      for (const beacon of [fake, unlisted.beacon]) {
        const res = await update(beacon, 77).expect(422);
        expect(res.body).toEqual({
          success: false,
          data: null,
          message: `Invalid request: body.beacon_address: Value error, ${beacon.toLowerCase()} is not a beacon the service signs for: it is neither in the registry (REGISTRY_ADDRESS) nor in ECDSA_BEACON_ADDRESSES`,
        });
        expect(await rowsFor(beacon)).toBe(0);
      }
      expect(await poolTxCount(env)).toBe(before);
      // ECDSA_BEACON_ADDRESSES admits the unlisted one (the operator's decision), never the fake.
      const allowing = await env.startService({ SIGNER_PRIVATE_KEY: anvilKey(9), ECDSA_BEACON_ADDRESSES: unlisted.beacon });
      await allowing.post('/update_beacon_with_ecdsa_adapter', { beacon_address: unlisted.beacon, measurement: '8' }).expect(200);
      expect(await DeployedEcdsaBeaconDouble__factory.connect(unlisted.beacon, env.infra.chain).index()).toBe(8n);
      await allowing.post('/update_beacon_with_ecdsa_adapter', { beacon_address: fake, measurement: '8' }).expect(422);
      await allowing.close();
    });

    it('refuses a registered beacon whose adapter accepts another signer, also after its owner repoints it (read per update)', async () => {
      const other = new Wallet(anvilKey(16)).address.toLowerCase();
      const foreign = await deployEcdsaBeaconDouble(env.deployer, { signer: other, registry: env.system.registry });
      const message = (beacon: string) =>
        `Invalid proof: signer mismatch: the adapter of ${beacon.toLowerCase()} accepts measurements signed by ${other}, the service signs as ${SIGNER.toLowerCase()}`;
      expect((await update(foreign.beacon, 5).expect(422)).body).toEqual({ success: false, data: null, message: message(foreign.beacon) });

      const ours = await deployEcdsaBeaconDouble(env.deployer, { signer: SIGNER, registry: env.system.registry });
      await update(ours.beacon, 6).expect(200);
      await (await DeployedEcdsaBeaconDouble__factory.connect(ours.beacon, env.deployer).setVerifierAdapter(foreign.adapter)).wait();
      const before = await poolTxCount(env);
      expect((await update(ours.beacon, 7).expect(422)).body.message).toBe(message(ours.beacon));
      expect(await poolTxCount(env)).toBe(before);
      expect(await DeployedEcdsaBeaconDouble__factory.connect(ours.beacon, env.infra.chain).index()).toBe(6n);
    });

    it('refuses a listed beacon whose adapter reports a domain or digest that is not its own (the digest of a real adapter): 422, nothing signed', async () => {
      const real = await deployEcdsaBeaconDouble(env.deployer, { signer: SIGNER, registry: env.system.registry });
      const realAdapter = DeployedEcdsaVerifierAdapterDouble__factory.connect(real.adapter, env.infra.chain);
      const chainId = (await env.infra.chain.getNetwork()).chainId;
      const expected = (beacon: string, adapter: string, lie: number) =>
        lie === 1
          ? `Invalid request: body.beacon_address: Value error, ${beacon} names the adapter ${adapter}, whose digest(measurement, nonce) is not the EIP-712 digest of its own domain: the service signs nothing for it`
          : `Invalid request: body.beacon_address: Value error, ${beacon} names the adapter ${adapter}, whose EIP-712 domain is not its own on chain ${chainId} (fields 0x0f, chain ${lie === 2 ? chainId + 1n : chainId}, verifying contract ${lie === 2 ? adapter : real.adapter.toLowerCase()}): the service signs nothing for it`;
      const before = await poolTxCount(env);
      for (const lie of [0, 1, 2]) {
        const lying = await (await new LyingEcdsaVerifierAdapter__factory(env.deployer).deploy(SIGNER, real.adapter, lie)).waitForDeployment();
        const adapter = (await lying.getAddress()).toLowerCase();
        const { beacon } = await deployEcdsaBeaconDouble(env.deployer, { signer: SIGNER, adapter, registry: env.system.registry });
        const res = await update(beacon, 55).expect(422);
        expect(res.body).toEqual({ success: false, data: null, message: expected(beacon.toLowerCase(), adapter, lie) });
        expect(await rowsFor(beacon)).toBe(0);
      }
      expect(await poolTxCount(env)).toBe(before);
      // Nothing the service signed reached the real adapter: its beacon still takes the service's next update.
      await update(real.beacon, 56).expect(200);
      expect(await DeployedEcdsaBeaconDouble__factory.connect(real.beacon, env.infra.chain).index()).toBe(56n);
      expect(await realAdapter.SIGNER()).toBe(getAddress(SIGNER));
    });

    it('answers a signature spent first elsewhere (a front-runner on another beacon of the adapter) as 422 Invalid proof (ProofReplay)', async () => {
      const { beacon, adapter } = await deployEcdsaBeaconDouble(env.deployer, { signer: SIGNER, registry: env.system.registry });
      // Another beacon on the same adapter spends the service's signature first (a front-runner's replay): the beacon's own update reverts.
      const thief = await deployEcdsaBeaconDouble(env.deployer, { signer: SIGNER, adapter });
      const stealing = await env.startService(
        { SIGNER_PRIVATE_KEY: anvilKey(9) },
        {
          afterJournal: async (tx) => {
            const [row] = (await env.service.db.query(`SELECT raw_tx FROM tx_journal WHERE id = $1`, [tx.id])) as { raw_tx: string }[];
            const signed = deployedSignedMeasurementOf(row.raw_tx);
            const front = DeployedEcdsaBeaconDouble__factory.connect(thief.beacon, env.deployer);
            await (await front.updateIndex(signed.proof, signed.inputs)).wait();
          },
        },
      );
      const res = await stealing.post('/update_beacon_with_ecdsa_adapter', { beacon_address: beacon, measurement: '31' }).expect(422);
      expect(res.body.message).toMatch(
        /reverted on chain; nothing was changed: Invalid proof: this signature was already used on this adapter \(replayed proof\) \(ProofReplay\)$/,
      );
      await stealing.close();
      expect(await DeployedEcdsaBeaconDouble__factory.connect(thief.beacon, env.infra.chain).index()).toBe(31n);
    });
  });

  // Last in the file: it warps the chain's clock past a deadline, and the deadlines of the group
  // beacons' signatures (ECDSA_SIGNATURE_TTL_SECONDS, 60 s here) read the chain's clock through a 1 s
  // cache; a later test then once got a signature already expired on chain (SignatureExpired).
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
