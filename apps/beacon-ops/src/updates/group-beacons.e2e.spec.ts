import {
  BeaconRegistry__factory,
  deployGroupEcdsaBeacon,
  EcdsaBeacon__factory,
  GroupEcdsaBeacon__factory,
  GroupEcdsaVerifierAdapter__factory,
} from '@perp/contracts';
import { deployEcdsaBeaconDouble, EcdsaVerifierDouble__factory, VerifierGroupBeaconDouble__factory } from '@perp/contracts/testing';
import { AbiCoder, getAddress, recoverAddress, Transaction } from 'ethers';
import { anvilKey } from '../test/anvil-keys';
import { ADDRESS, BeaconEnv, poolTxCount, SIGNER, startBeaconEnv, TX_HASH } from '../test/beacon-test-env';

const groupBeacon = GroupEcdsaBeacon__factory.createInterface();
const ADDRESS_AND_TX = /^Beacon address: (0x[0-9a-f]{40}), tx: (0x[0-9a-f]{64})$/;
const WAD = 10n ** 18n;

/** The signed group measurement inside an updateIndex transaction. */
function signedGroupOf(rawTx: string): { proof: string; measurements: bigint[]; nonce: bigint; deadline: bigint } {
  const [proof, inputs] = groupBeacon.decodeFunctionData('updateIndex', Transaction.from(rawTx).data) as unknown as [string, string];
  const [measurements, nonce, deadline] = AbiCoder.defaultAbiCoder().decode(['uint256[]', 'uint256', 'uint256'], inputs) as unknown as [
    bigint[],
    bigint,
    bigint,
  ];
  return { proof, measurements: [...measurements], nonce, deadline };
}

/** Group ECDSA beacons (issue 21 part 4): created by the route, updated with an array of exactly their size. */
describe('group ECDSA beacons on /create_group_ecdsa_beacon and /update_beacon_with_ecdsa_adapter', () => {
  let env: BeaconEnv;
  let group: string;
  beforeAll(async () => {
    env = await startBeaconEnv({ env: { SIGNER_PRIVATE_KEY: anvilKey(9) } });
  }, 60_000);
  afterAll(() => env?.stop());

  const update = (beacon: string, measurement: unknown, key?: string) =>
    env.service.post('/update_beacon_with_ecdsa_adapter', { beacon_address: beacon, measurement }, { key });
  const indices = async (beacon: string) => [...(await GroupEcdsaBeacon__factory.connect(beacon, env.infra.chain).indices())];
  const journalRows = async (beacon: string) =>
    (await env.service.db.query(
      `SELECT request_kind AS kind, signed_verifier, signed_digest, raw_tx, request FROM tx_journal WHERE $1 = ANY(beacon_addresses) ORDER BY id`,
      [beacon.toLowerCase()],
    )) as { kind: string; signed_verifier: string; signed_digest: string; raw_tx: string; request: unknown }[];

  it('creates a registered group beacon whose adapter accepts the service signer', async () => {
    const res = await env.service.post('/create_group_ecdsa_beacon', { size: 3, min_measurement: '0', max_measurement: String(WAD) }).expect(200);
    expect(res.body).toEqual({ success: true, data: expect.stringMatching(ADDRESS_AND_TX), message: 'OK' });
    const [, beacon, hash] = ADDRESS_AND_TX.exec(res.body.data) ?? [];
    group = beacon;
    expect((await env.infra.chain.getTransactionReceipt(hash))?.to?.toLowerCase()).toBe(env.system.groupEcdsaBeaconFactory.toLowerCase());
    expect(await BeaconRegistry__factory.connect(env.system.registry, env.infra.chain).beacons(beacon)).toBe(true);
    const adapter = GroupEcdsaVerifierAdapter__factory.connect(
      await GroupEcdsaBeacon__factory.connect(beacon, env.infra.chain).verifierAdapter(),
      env.infra.chain,
    );
    expect([await adapter.SIGNER(), await adapter.SIZE(), await adapter.MIN_MEASUREMENT(), await adapter.MAX_MEASUREMENT()]).toEqual([
      getAddress(SIGNER),
      3n,
      0n,
      WAD,
    ]);
    expect(await adapter.BEACON()).toBe(getAddress(beacon));
  });

  it('the create route defaults the range to all of uint256 and refuses bad fields with 422, sending nothing', async () => {
    const res = await env.service.post('/create_group_ecdsa_beacon', { size: 1 }).expect(200);
    const adapter = GroupEcdsaVerifierAdapter__factory.connect(
      await GroupEcdsaBeacon__factory.connect(ADDRESS_AND_TX.exec(res.body.data)?.[1] ?? '', env.infra.chain).verifierAdapter(),
      env.infra.chain,
    );
    expect([await adapter.MIN_MEASUREMENT(), await adapter.MAX_MEASUREMENT()]).toEqual([0n, 2n ** 256n - 1n]);
    const before = await poolTxCount(env);
    for (const [body, field] of [
      [{ size: 0 }, 'size'],
      [{ size: 65 }, 'size'],
      [{}, 'size'],
      [{ size: 2, min_measurement: '-1' }, 'min_measurement'],
      [{ size: 2, max_measurement: (2n ** 256n).toString() }, 'max_measurement'],
      [{ size: 2, min_measurement: '5', max_measurement: '4' }, 'max_measurement'],
    ] as const) {
      const bad = await env.service.post('/create_group_ecdsa_beacon', body).expect(422);
      expect(bad.body).toMatchObject({ success: false, data: null });
      expect(bad.body.message).toContain(`body.${field}`);
    }
    expect(await poolTxCount(env)).toBe(before);
  });

  it('an array of exactly its size updates every value in one transaction, journaled with the digest the adapter computes', async () => {
    const values = [47941000000000000n, 226802000000000000n, 354746000000000000n];
    const res = await update(group, values.map(String)).expect(200);
    expect(res.body).toEqual({ success: true, data: expect.stringMatching(/^Transaction hash: 0x[0-9a-f]{64}$/), message: 'OK', confirmed: true });
    expect(await indices(group)).toEqual(values);

    const [row] = await journalRows(group);
    expect(row.kind).toBe('update_group_beacon_with_ecdsa_adapter');
    expect(row.request).toEqual({ beacon_address: group, measurement: values.map(String) });
    const adapter = await GroupEcdsaBeacon__factory.connect(group, env.infra.chain).verifierAdapter();
    expect(row.signed_verifier).toBe(adapter.toLowerCase());
    const signed = signedGroupOf(row.raw_tx);
    expect(signed.measurements).toEqual(values);
    expect(row.signed_digest).toBe(
      await GroupEcdsaVerifierAdapter__factory.connect(adapter, env.infra.chain).digest(signed.measurements, signed.nonce, signed.deadline),
    );
    expect(recoverAddress(row.signed_digest, signed.proof)).toBe(getAddress(SIGNER));
  });

  it('a JSON integer is accepted as an element too, as for a single value', async () => {
    await update(group, [1, '2', 3]).expect(200);
    expect(await indices(group)).toEqual([1n, 2n, 3n]);
  });

  it('the wrong form or length is 422 naming the expected length, nothing signed or sent', async () => {
    const single = env.system.demoEcdsaBeacon.toLowerCase();
    const double = await deployEcdsaBeaconDouble(env.deployer, { signer: SIGNER, registry: env.system.registry });
    const before = await poolTxCount(env);
    const rowsBefore = (await journalRows(group)).length;
    const cases: [string, unknown, string][] = [
      [group, '5', `${group} is a group beacon of 3 values: measurement must be an array of exactly 3 decimal strings (expected length 3), got a single value`],
      [
        group,
        ['1', '2'],
        `${group} is a group beacon of 3 values: measurement must be an array of exactly 3 decimal strings (expected length 3), got an array of 2`,
      ],
      [group, ['1', '2', '3', '4'], 'expected length 3), got an array of 4'],
      [single, ['5'], `${single} holds one value: measurement must be a single decimal string (expected length 1, not an array), got an array of 1`],
      [
        double.beacon.toLowerCase(),
        ['5', '6'],
        'holds one value: measurement must be a single decimal string (expected length 1, not an array), got an array of 2',
      ],
    ];
    for (const [beacon, measurement, message] of cases) {
      const res = await update(beacon, measurement).expect(422);
      expect(res.body).toMatchObject({ success: false, data: null });
      expect(res.body.message).toContain('body.measurement');
      expect(res.body.message).toContain(message);
    }
    expect(await poolTxCount(env)).toBe(before);
    expect((await journalRows(group)).length).toBe(rowsBefore);
    expect(await EcdsaBeacon__factory.connect(single, env.infra.chain).index()).not.toBe(5n);
  });

  it('validates the array before the chain: empty, too long, a bad element at its index', async () => {
    const empty = await update(group, []).expect(422);
    expect(empty.body.message).toMatch(/body\.measurement.*at least 1 item/);
    const long = await update(
      group,
      Array.from({ length: 65 }, () => '1'),
    ).expect(422);
    expect(long.body.message).toMatch(/body\.measurement.*at most 64 items/);
    const element = await update(group, ['1', 'x', '3']).expect(422);
    expect(element.body.message).toContain('body.measurement.1');
    const negative = await update(group, ['1', '2', '-3']).expect(422);
    expect(negative.body.message).toContain('body.measurement.2');
    const nested = await update(group, ['1', ['2'], '3']).expect(422);
    expect(nested.body.message).toContain('body.measurement.1');
  });

  it('a value outside the range is Invalid proof (MeasurementOutOfRange) before anything is sent', async () => {
    const before = await poolTxCount(env);
    const res = await update(group, ['1', String(WAD + 1n), '3']).expect(422);
    expect(res.body.message).toMatch(
      /^Invalid proof: the measurement is outside the adapter's accepted range \[0, 1000000000000000000\] for every value: got \[1, 1000000000000000001, 3\] \(MeasurementOutOfRange\)$/,
    );
    expect(await poolTxCount(env)).toBe(before);
  });

  it('an Idempotency-Key replays the first answer of a group update without a second transaction', async () => {
    const key = 'group-update-key-1';
    const first = await update(group, ['7', '8', '9'], key).expect(200);
    const before = await poolTxCount(env);
    const again = await update(group, ['7', '8', '9'], key).expect(200);
    expect(again.body).toEqual(first.body);
    expect(await poolTxCount(env)).toBe(before);
    expect(await indices(group)).toEqual([7n, 8n, 9n]);
    // The same key with another body is refused, as on every route.
    const other = await update(group, ['7', '8', '10'], key);
    expect(other.status).toBe(422);
    expect(await indices(group)).toEqual([7n, 8n, 9n]);
  });

  it('GET / lists the route and the factory', async () => {
    const res = await env.service.post('/create_group_ecdsa_beacon', { size: 2 }, { token: null }).expect(401);
    expect(res.body.success).toBe(false);
    const http = await import('supertest');
    const info = (await http.default(env.service.app.getHttpServer()).get('/').expect(200)).body;
    expect(info.data.contracts.group_ecdsa_beacon_factory).toBe(env.system.groupEcdsaBeaconFactory.toLowerCase());
    expect(info.data.endpoints).toEqual(
      expect.arrayContaining([expect.objectContaining({ method: 'POST', path: '/create_group_ecdsa_beacon', requires_auth: true })]),
    );
    expect(info.data.contracts.group_ecdsa_beacon_factory).toMatch(ADDRESS);
  });

  it('answers 503 naming the setting when the factory is not configured', async () => {
    const bare = await env.startService({ SIGNER_PRIVATE_KEY: anvilKey(9), GROUP_ECDSA_BEACON_FACTORY_ADDRESS: '' });
    const res = await bare.post('/create_group_ecdsa_beacon', { size: 2 }).expect(503);
    expect(res.body).toEqual({
      success: false,
      data: null,
      message: 'Service not configured: GROUP_ECDSA_BEACON_FACTORY_ADDRESS is not set, so this route is unavailable',
    });
    await bare.close();
  });

  it('a beacon made with deployGroupEcdsaBeacon and registered is driven the same way (no route needed)', async () => {
    const made = await deployGroupEcdsaBeacon(env.deployer, {
      signer: SIGNER,
      size: 2,
      min: 0n,
      max: 100n,
      factory: env.system.groupEcdsaBeaconFactory,
      registry: env.system.registry,
    });
    const res = await update(made.beacon, ['10', '90']).expect(200);
    expect(res.body.data).toMatch(/^Transaction hash: /);
    expect(TX_HASH.test(/0x[0-9a-f]{64}/.exec(res.body.data)?.[0] ?? '')).toBe(true);
    expect(await indices(made.beacon)).toEqual([10n, 90n]);
  });

  /**
   * The operators' newer verifier (IEcdsaVerifier: digest(uint256[], nonce), update(bytes, bytes),
   * verifier(), increasing nonces), which their group beacons use: driven through its double.
   */
  describe('beacons behind the newer IEcdsaVerifier (its double)', () => {
    const deployVerifierBeacon = async (size: number, signer = SIGNER, register = true) => {
      const verifier = (await (await new EcdsaVerifierDouble__factory(env.deployer).deploy(signer)).waitForDeployment()).target.toString();
      const beacon = (await (await new VerifierGroupBeaconDouble__factory(env.deployer).deploy(verifier, size)).waitForDeployment()).target.toString();
      if (register) await (await BeaconRegistry__factory.connect(env.system.registry, env.deployer).registerBeacon(beacon)).wait();
      return { beacon, verifier };
    };
    const valuesOf = async (beacon: string) => [...(await VerifierGroupBeaconDouble__factory.connect(beacon, env.infra.chain).indices())];
    const verifierBeacon = VerifierGroupBeaconDouble__factory.createInterface();

    it('updates a registered group beacon with an array: the digest its verifier computes, signed raw, nonces increasing, journaled', async () => {
      const { beacon, verifier } = await deployVerifierBeacon(3);
      const first = await update(beacon, ['5', '6', '7']).expect(200);
      expect(first.body).toMatchObject({ success: true, confirmed: true });
      expect(await valuesOf(beacon)).toEqual([5n, 6n, 7n]);
      await update(beacon, ['8', '9', '10']).expect(200);
      expect(await valuesOf(beacon)).toEqual([8n, 9n, 10n]);

      const rows = await journalRows(beacon);
      expect(rows.map((r) => r.kind)).toEqual(['update_beacon_with_ecdsa_adapter', 'update_beacon_with_ecdsa_adapter']);
      const double = EcdsaVerifierDouble__factory.connect(verifier, env.infra.chain);
      const nonces: bigint[] = [];
      for (const row of rows) {
        expect(row.signed_verifier).toBe(verifier.toLowerCase());
        const [proof, inputs] = verifierBeacon.decodeFunctionData('update', Transaction.from(row.raw_tx).data) as unknown as [string, string];
        const [measurement, nonce] = AbiCoder.defaultAbiCoder().decode(['uint256[]', 'uint256'], inputs) as unknown as [bigint[], bigint];
        expect(row.signed_digest).toBe(await double.digest([...measurement], nonce));
        expect(recoverAddress(row.signed_digest, proof)).toBe(getAddress(SIGNER));
        nonces.push(nonce);
      }
      expect(nonces[1]).toBeGreaterThan(nonces[0]);
      expect(await double.lastNonce()).toBe(nonces[1]);
    });

    it("a single value goes as a one-element array (as the operators' service sends it); the beacon decides the count", async () => {
      const one = await deployVerifierBeacon(1);
      await update(one.beacon, '42').expect(200);
      expect(await valuesOf(one.beacon)).toEqual([42n]);
      const three = await deployVerifierBeacon(3);
      const before = await poolTxCount(env);
      const res = await update(three.beacon, ['1', '2']).expect(422);
      expect(res.body.message).toMatch(/^Invalid proof: the group beacon takes exactly its number of values .*\(WrongMeasurementCount\)$/);
      expect(await poolTxCount(env)).toBe(before);
    });

    it('refuses a fake or unlisted beacon naming a real verifier, and a verifier of another signer: 422, nothing signed or sent', async () => {
      const real = await deployVerifierBeacon(2);
      const fake = (await (await new VerifierGroupBeaconDouble__factory(env.deployer).deploy(real.verifier, 2)).waitForDeployment()).target.toString();
      const foreign = await deployVerifierBeacon(2, env.deployer.address);
      const before = await poolTxCount(env);
      const unlisted = await update(fake, ['1', '2']).expect(422);
      expect(unlisted.body.message).toBe(
        `Invalid request: body.beacon_address: Value error, ${fake.toLowerCase()} is not a beacon the service signs for: it is neither in the registry (REGISTRY_ADDRESS) nor in ECDSA_BEACON_ADDRESSES`,
      );
      const mismatch = await update(foreign.beacon, ['1', '2']).expect(422);
      expect(mismatch.body.message).toMatch(/^Invalid proof: signer mismatch/);
      expect(await poolTxCount(env)).toBe(before);
      expect(await journalRows(fake)).toEqual([]);
    });

    it('a ZK beacon (its verifier() answers no SIGNER()) is not an ECDSA beacon: 422', async () => {
      const res = await update(env.system.demoZkBeacon, '1').expect(422);
      expect(res.body.message).toContain('is not an ECDSA-adapter beacon');
    });
  });
});
