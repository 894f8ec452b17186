import {
  BeaconRegistry__factory,
  deployEcdsaBeacon,
  deployGroupEcdsaBeacon,
  EcdsaBeacon__factory,
  GroupEcdsaBeacon__factory,
  VerifiableBeacon__factory,
} from '@perp/contracts';
import { proveBeaconUpdate, stopProver } from '@perp/zk';
import createClient from 'openapi-fetch';
import { anvilAddress } from './test/anvil-keys';
import { BeaconEnv, poolTxCount, SIGNER, startBeaconEnv } from './test/beacon-test-env';
import { BeaconatorPaths, parseBeaconatorSummary } from './test/beaconator-summary-schema';

const ADDRESS_AND_TX = /^Beacon address: (0x[0-9a-f]{40}), tx: (0x[0-9a-f]{64})$/;
/** What the-beaconator's updater parses out of an answer (a 200's data or message, a 504's message). */
const UPDATER_HASH = /Transaction hash: (0x[0-9a-fA-F]{64})/;

/**
 * The calls of the-beaconator's public clients (the Python and TypeScript clients its README
 * has users generate, its CI smoke and its updater), made as they make them: the same paths,
 * methods, bearer header and JSON bodies, reading the same response fields. Real HTTP, real
 * Postgres, real anvil. The route-level details of each answer are in the routes' own specs.
 */
describe("the-beaconator's public client calls against beacon-ops", () => {
  let env: BeaconEnv;
  beforeAll(async () => {
    // A short receipt wait, so the updater's slow-receipt case answers in seconds.
    env = await startBeaconEnv({ env: { RECEIPT_TIMEOUT_MS: '2000' } });
  }, 60_000);
  afterAll(async () => {
    await stopProver();
    await env?.stop();
  });

  const post = (path: string, body?: unknown, options?: { token?: string | null; key?: string }) => env.service.post(path, body, options);
  const registered = (beacon: string) => BeaconRegistry__factory.connect(env.system.registry, env.infra.chain).beacons(beacon);

  it('GET / (CI smoke, clients): both generated clients read data as their ApiSummary, the counts agreeing with the list', async () => {
    // The TypeScript client's way: openapi-fetch over its paths type, on a real port.
    await env.service.app.listen(0, '127.0.0.1');
    const baseUrl = `http://127.0.0.1:${(env.service.app.getHttpServer().address() as { port: number }).port}`;
    const client = createClient<BeaconatorPaths>({ baseUrl });
    const { data: body, response } = await client.GET('/');
    expect(response.status).toBe(200);
    // Both clients' schema: every required key, statuses in the enum's casing (the Python client's from_dict).
    const parsed = parseBeaconatorSummary(body);
    expect(parsed.success).toBe(true);
    const data = parsed.data;
    const count = (status: string) => data.endpoints.filter((e) => e.status === status).length;
    expect(data.total_endpoints).toBe(data.endpoints.length);
    expect(data.working_endpoints).toBe(count('Working'));
    expect(data.not_implemented).toBe(count('NotImplemented'));
    expect(data.deprecated).toBe(count('Deprecated'));
    expect(data.working_endpoints + data.not_implemented + data.deprecated).toBe(data.total_endpoints);
    expect(data).toMatchObject({ not_implemented: 0, deprecated: 2 });
    const listed = data.endpoints.map((e) => `${e.method} ${e.path} ${e.status} ${e.requires_auth}`);
    expect(listed).toEqual(
      expect.arrayContaining([
        'GET / Working false',
        'POST /create_perpcity_beacon Deprecated true',
        'POST /batch_create_perpcity_beacon Deprecated true',
        'POST /create_registry_beacon Working true',
        'POST /update_beacon_with_ecdsa_adapter Working true',
        'POST /batch_update_beacon Working true',
      ]),
    );
    // The service information stays in data beside the summary (additional properties to both clients).
    expect(body?.data).toMatchObject({ service: 'beacon-ops', contracts: { demo_ecdsa_beacon: env.system.demoEcdsaBeacon.toLowerCase() } });
  });

  it("the clients' schema refuses the shape GET / had before (lower-case statuses, no not_implemented / deprecated)", () => {
    const old = {
      success: true,
      message: 'OK',
      data: { total_endpoints: 1, working_endpoints: 1, endpoints: [{ method: 'GET', path: '/', description: 'x', requires_auth: false, status: 'working' }] },
    };
    expect(() => parseBeaconatorSummary(old)).toThrow('data.endpoints[0].status: unexpected value "working"');
    old.data.endpoints[0].status = 'Working';
    expect(() => parseBeaconatorSummary(old)).toThrow('data: missing required key not_implemented');
  });

  it('POST /create_perpcity_beacon (no body): a registered beacon, as /create_registry_beacon answers', async () => {
    const res = await post('/create_perpcity_beacon').expect(200);
    expect(res.body).toEqual({ success: true, data: expect.stringMatching(ADDRESS_AND_TX), message: 'OK' });
    const [, beacon, hash] = ADDRESS_AND_TX.exec(res.body.data) ?? [];
    expect(await registered(beacon)).toBe(true);
    expect((await env.infra.chain.getTransactionReceipt(hash))?.to?.toLowerCase()).toBe(env.system.beaconFactory.toLowerCase());
  });

  it('POST /batch_create_perpcity_beacon {count}: created_count and beacon_addresses, each registered, in one transaction', async () => {
    const before = await poolTxCount(env);
    const res = await post('/batch_create_perpcity_beacon', { count: 2 }).expect(200);
    expect(res.body).toEqual({
      success: true,
      data: { created_count: 2, beacon_addresses: [expect.any(String), expect.any(String)], failed_count: 0, errors: [] },
      message: 'OK',
    });
    for (const beacon of res.body.data.beacon_addresses) expect(await registered(beacon)).toBe(true);
    expect(await poolTxCount(env)).toBe(before + 1);
  });

  it('the old names keep the registry routes’ auth, validation and idempotency', async () => {
    for (const path of ['/create_perpcity_beacon', '/batch_create_perpcity_beacon']) {
      const res = await post(path, { count: 1 }, { token: null }).expect(401);
      expect(res.body).toEqual({ success: false, data: null, message: 'Authentication failed: missing bearer token' });
    }
    const invalid = await post('/batch_create_perpcity_beacon', { count: 0 }).expect(422);
    expect(invalid.body).toEqual({ success: false, data: null, message: expect.stringMatching(/^Invalid request: body\.count: /) });
    const canonical = await post('/batch_create_registry_beacon', { count: 0 }).expect(422);
    expect(invalid.body.message).toBe(canonical.body.message);

    const before = await poolTxCount(env);
    const first = await post('/create_perpcity_beacon', undefined, { key: 'beaconator-retry-1' }).expect(200);
    const retry = await post('/create_perpcity_beacon', undefined, { key: 'beaconator-retry-1' }).expect(200);
    expect(retry.body).toEqual(first.body);
    expect(await poolTxCount(env)).toBe(before + 1);
  });

  it('POST /update_beacon_with_ecdsa_adapter (updater): confirmed and the hash parsed from data; a slow receipt is confirmed false with the hash, not a 504', async () => {
    const beacon = env.system.demoEcdsaBeacon;
    const ok = await post('/update_beacon_with_ecdsa_adapter', { beacon_address: beacon, measurement: '21' }).expect(200);
    // Its EcdsaUpdateResponse: success, data, message, confirmed.
    expect(ok.body).toMatchObject({ success: true, confirmed: true });
    const okHash = UPDATER_HASH.exec(ok.body.data)?.[1] ?? '';
    expect((await env.infra.chain.getTransactionReceipt(okHash))?.status).toBe(1);

    const other = (await deployEcdsaBeacon(env.deployer, { signer: SIGNER, min: 0n, max: 100n, registry: env.system.registry })).beacon;
    await env.infra.rpc('evm_setAutomine', [false]);
    let pendingHash = '';
    try {
      // The updater polls the hash of an unconfirmed answer instead of sending again.
      const late = await post('/update_beacon_with_ecdsa_adapter', { beacon_address: beacon, measurement: '22' }).expect(200);
      expect(late.body).toMatchObject({ success: true, confirmed: false });
      pendingHash = UPDATER_HASH.exec(late.body.data)?.[1] ?? 'no hash in data';
      expect(UPDATER_HASH.exec(late.body.message)?.[1]).toBe(pendingHash);
      expect((await env.infra.chain.getTransaction(pendingHash))?.to?.toLowerCase()).toBe(beacon.toLowerCase());
      // A client that wants the old answer asks for it: the 504, the hash in its message.
      const strict = await post('/update_beacon_with_ecdsa_adapter?require_confirmation=true', { beacon_address: other, measurement: '23' }).expect(504);
      expect(strict.body).toMatchObject({ success: false, data: null });
      expect(UPDATER_HASH.exec(strict.body.message)?.[1]).toMatch(/^0x[0-9a-f]{64}$/);
    } finally {
      await env.infra.rpc('evm_setAutomine', [true]);
    }
    await env.infra.rpc('evm_mine', []);
    expect((await env.infra.chain.getTransactionReceipt(pendingHash))?.status).toBe(1);
    expect(await EcdsaBeacon__factory.connect(beacon, env.infra.chain).index()).toBe(22n);
    expect(await EcdsaBeacon__factory.connect(other, env.infra.chain).index()).toBe(23n);
  }, 30_000);

  it('POST /update_beacon_with_ecdsa_adapter with measurement as an array (its PR #51, a group beacon updater): confirmed, the hash from data', async () => {
    const group = await deployGroupEcdsaBeacon(env.deployer, {
      signer: SIGNER,
      size: 3,
      min: 0n,
      max: 10n ** 18n,
      factory: env.system.groupEcdsaBeaconFactory,
      registry: env.system.registry,
    });
    // Its updater's body for a group: WAD-scaled shares as an array of decimal strings (its own test's values).
    const measurement = ['47941000000000000', '226802000000000000', '354746000000000000'];
    const res = await post('/update_beacon_with_ecdsa_adapter', { beacon_address: group.beacon, measurement }).expect(200);
    expect(res.body).toMatchObject({ success: true, confirmed: true });
    const hash = UPDATER_HASH.exec(res.body.data)?.[1] ?? '';
    expect((await env.infra.chain.getTransactionReceipt(hash))?.status).toBe(1);
    expect([...(await GroupEcdsaBeacon__factory.connect(group.beacon, env.infra.chain).indices())]).toEqual(measurement.map(BigInt));
    // The same client sending a single value to that beacon learns the expected length, as a failed envelope.
    const single = await post('/update_beacon_with_ecdsa_adapter', { beacon_address: group.beacon, measurement: '1' }).expect(422);
    expect(single.body).toMatchObject({ success: false, data: null });
    expect(single.body.message).toContain('expected length 3');
  });

  it('POST /unregister_beacon (its PR #83: registry_address optional): success with the hash, then success with data null', async () => {
    const [, beacon] = ADDRESS_AND_TX.exec((await post('/create_registry_beacon').expect(200)).body.data) ?? [];
    // As its route takes it: registry_address named, or left out for the configured registry.
    const named = await post('/unregister_beacon', { beacon_address: beacon, registry_address: env.system.registry }).expect(200);
    expect(named.body.success).toBe(true);
    expect(UPDATER_HASH.exec(named.body.data)?.[1]).toMatch(/^0x[0-9a-f]{64}$/);
    expect(await registered(beacon)).toBe(false);
    const again = await post('/unregister_beacon', { beacon_address: beacon }).expect(200);
    expect(again.body).toMatchObject({ success: true, data: null });
    expect(typeof again.body.message).toBe('string');
  });

  it('POST /batch_update_beacon (clients): results[].transaction_hash is the hash when applied, null when failed', async () => {
    const [good] = (await post('/batch_create_registry_beacon', { count: 1 }).expect(200)).body.data.beacon_addresses as string[];
    const proved = await proveBeaconUpdate({ measurements: [3n, 3n, 3n, 3n], beacon: good });
    const nobody = anvilAddress(14);
    const res = await post('/batch_update_beacon', {
      updates: [
        { beacon_address: good, proof: proved.proof, public_signals: proved.publicSignals },
        { beacon_address: nobody, proof: proved.proof, public_signals: proved.publicSignals },
      ],
    }).expect(200);
    expect(res.body.success).toBe(true);
    const { results, total_requested, successful_updates, failed_updates } = res.body.data;
    expect([total_requested, successful_updates, failed_updates]).toEqual([2, 1, 1]);
    expect(results[0]).toEqual({ beacon_address: good, success: true, transaction_hash: expect.stringMatching(/^0x[0-9a-f]{64}$/), error: null });
    expect(results[1]).toEqual({ beacon_address: nobody, success: false, transaction_hash: null, error: expect.any(String) });
    expect((await env.infra.chain.getTransactionReceipt(results[0].transaction_hash))?.status).toBe(1);
    expect((await VerifiableBeacon__factory.connect(good, env.infra.chain).getData())[0]).toBe(3n << 96n);
  });
});
