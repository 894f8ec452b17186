import { BeaconOpsApiError, BeaconOpsClient, createBeaconOpsClient } from '@perp/beacon-ops-client';
import { BeaconRegistry__factory, EcdsaBeacon__factory, VerifiableBeacon__factory } from '@perp/contracts';
import { proveBeaconUpdate, stopProver } from '@perp/zk';
import { anvilAddress } from './test/anvil-keys';
import { BeaconEnv, startBeaconEnv, TOKEN } from './test/beacon-test-env';

const ADDRESS = /^0x[0-9a-f]{40}$/;
const ADDRESS_AND_TX = /^Beacon address: (0x[0-9a-f]{40}), tx: (0x[0-9a-f]{64})$/;
const TX_DATA = /^Transaction hash: 0x[0-9a-f]{64}$/;

const caught = (pending: Promise<unknown>) =>
  pending.then(
    () => undefined,
    (error: unknown) => error as BeaconOpsApiError,
  );

/**
 * Every beacon-ops operation through @perp/beacon-ops-client, against a real app over real
 * HTTP (Postgres, anvil with the dev system): the generated types, the client's paths and
 * bodies and the service agree, the envelope is unwrapped, failures arrive as typed errors.
 */
describe('beacon-ops through @perp/beacon-ops-client', () => {
  let env: BeaconEnv;
  let ops: BeaconOpsClient;
  let baseUrl: string;
  const registered = (beacon: string) => BeaconRegistry__factory.connect(env.system.registry, env.infra.chain).beacons(beacon);

  beforeAll(async () => {
    env = await startBeaconEnv({ env: { RECEIPT_TIMEOUT_MS: '2000' } });
    await env.service.app.listen(0, '127.0.0.1');
    baseUrl = `http://127.0.0.1:${(env.service.app.getHttpServer().address() as { port: number }).port}`;
    ops = createBeaconOpsClient({ baseUrl, accessToken: TOKEN });
  }, 90_000);
  afterAll(async () => {
    await stopProver();
    await env?.stop();
  });

  it('getServiceInfo (routes_info_index), getHealth, getReadiness', async () => {
    const info = await ops.getServiceInfo();
    expect(info?.total_endpoints).toBe(info?.endpoints.length);
    expect(info?.contracts.registry).toBe(env.system.registry.toLowerCase());
    expect(await ops.getHealth()).toEqual({ status: 'ok' });
    expect(await ops.getReadiness()).toMatchObject({ status: 'ready' });
  });

  it('createBeacon, then registerBeacon (twice: data null the second time)', async () => {
    const beacon = await ops.createBeacon({ placeholder: 'client-e2e' });
    expect(beacon).toMatch(ADDRESS);
    expect(await ops.registerBeacon({ beacon_address: beacon as string, registry_address: env.system.registry })).toMatch(TX_DATA);
    expect(await registered(beacon as string)).toBe(true);
    expect(await ops.registerBeacon({ beacon_address: beacon as string, registry_address: env.system.registry })).toBeNull();
  });

  it('unregisterBeacon (twice: data null the second time; without registry_address: the configured registry)', async () => {
    const [, beacon] = ADDRESS_AND_TX.exec((await ops.createRegistryBeacon()) ?? '') ?? [];
    expect(await ops.unregisterBeacon({ beacon_address: beacon })).toMatch(TX_DATA);
    expect(await registered(beacon)).toBe(false);
    expect(await ops.unregisterBeacon({ beacon_address: beacon, registry_address: env.system.registry })).toBeNull();
  });

  it('createRegistryBeacon, batchCreateRegistryBeacon and their deprecated old names', async () => {
    const [, single] = ADDRESS_AND_TX.exec((await ops.createRegistryBeacon()) ?? '') ?? [];
    expect(await registered(single)).toBe(true);
    const batch = await ops.batchCreateRegistryBeacon({ count: 2 }, { idempotencyKey: 'client-e2e-batch' });
    expect(batch).toEqual({
      created_count: 2,
      beacon_addresses: [expect.stringMatching(ADDRESS), expect.stringMatching(ADDRESS)],
      failed_count: 0,
      errors: [],
    });
    // The same Idempotency-Key: the first answer again, no second transaction.
    expect(await ops.batchCreateRegistryBeacon({ count: 2 }, { idempotencyKey: 'client-e2e-batch' })).toEqual(batch);
    expect(await ops.createPerpcityBeacon()).toMatch(ADDRESS_AND_TX);
    expect((await ops.batchCreatePerpcityBeacon({ count: 1 }))?.created_count).toBe(1);
  });

  it('createVerifiableBeacon with an initial value beyond 2^53', async () => {
    const x96 = (2n ** 96n * 3n) / 2n;
    const created = await ops.createVerifiableBeacon({ verifier_address: env.system.verifier, initial_data: x96.toString(), initial_cardinality: 10 });
    const [, beacon] = ADDRESS_AND_TX.exec(created ?? '') ?? [];
    expect((await VerifiableBeacon__factory.connect(beacon, env.infra.chain).getData())[0]).toBe(x96);
  });

  it('updateBeaconWithEcdsaAdapter: data, confirmed and the message; a slow receipt confirmed false, then the outcome with the same key', async () => {
    expect(await ops.updateBeaconWithEcdsaAdapter({ beacon_address: env.system.demoEcdsaBeacon, measurement: '42' })).toEqual({
      data: expect.stringMatching(TX_DATA),
      confirmed: true,
      message: 'OK',
    });
    expect(await EcdsaBeacon__factory.connect(env.system.demoEcdsaBeacon, env.infra.chain).index()).toBe(42n);

    const body = { beacon_address: env.system.demoEcdsaBeacon, measurement: '43' };
    await env.infra.rpc('evm_setAutomine', [false]);
    let late: Awaited<ReturnType<BeaconOpsClient['updateBeaconWithEcdsaAdapter']>> | undefined;
    try {
      late = await ops.updateBeaconWithEcdsaAdapter(body, { idempotencyKey: 'client-e2e-slow' });
    } finally {
      await env.infra.rpc('evm_setAutomine', [true]);
    }
    expect(late).toMatchObject({ data: expect.stringMatching(TX_DATA), confirmed: false });
    await env.infra.rpc('evm_mine', []);
    expect(await ops.updateBeaconWithEcdsaAdapter(body, { idempotencyKey: 'client-e2e-slow' })).toEqual({ data: late?.data, confirmed: true, message: 'OK' });
  });

  it('updateBeacon and batchUpdateBeacon with real proofs; a failed entry has transaction_hash null', async () => {
    const [first, second] = (await ops.batchCreateRegistryBeacon({ count: 2 }))?.beacon_addresses ?? [];
    const proved = await proveBeaconUpdate({ measurements: [5n, 5n, 5n, 5n], beacon: first });
    expect((await ops.updateBeacon({ beacon_address: first, proof: proved.proof, public_signals: proved.publicSignals })).data).toMatch(TX_DATA);
    expect((await VerifiableBeacon__factory.connect(first, env.infra.chain).getData())[0]).toBe(5n << 96n);

    const next = await proveBeaconUpdate({ measurements: [7n, 7n, 7n, 7n], beacon: second });
    const nobody = anvilAddress(14);
    const { data: batch, confirmed } = await ops.batchUpdateBeacon({
      updates: [
        { beacon_address: second, proof: next.proof, public_signals: next.publicSignals },
        { beacon_address: nobody, proof: next.proof, public_signals: next.publicSignals },
      ],
    });
    expect(confirmed).toBe(true);
    expect(batch).toMatchObject({ total_requested: 2, successful_updates: 1, failed_updates: 1 });
    expect(batch?.results[0]).toEqual({ beacon_address: second, success: true, transaction_hash: expect.stringMatching(/^0x[0-9a-f]{64}$/), error: null });
    expect(batch?.results[1]).toEqual({ beacon_address: nobody, success: false, transaction_hash: null, error: expect.any(String) });
  }, 120_000);

  it('getBeaconGating and setBeaconGating: the values in force, an override set and cleared, a 422 as a typed error', async () => {
    const beacon = env.system.demoEcdsaBeacon.toLowerCase();
    const defaults = {
      beacon_address: beacon,
      enabled: false,
      heartbeat_seconds: 840,
      min_interval_seconds: 0,
      idle_min_interval_seconds: 0,
      tier: null,
      overridden: [],
    };
    expect(await ops.getBeaconGating({ beacon_address: beacon })).toEqual(defaults);
    expect(await ops.setBeaconGating({ beacon_address: beacon, min_interval_seconds: 30, tier: 'idle' })).toEqual({
      ...defaults,
      min_interval_seconds: 30,
      tier: 'idle',
      overridden: ['min_interval_seconds', 'tier'],
    });
    expect(await ops.setBeaconGating({ beacon_address: beacon, min_interval_seconds: null, tier: null })).toEqual(defaults);
    expect(await caught(ops.setBeaconGating({ beacon_address: beacon }))).toMatchObject({ status: 422 });
  });

  it('failures arrive as BeaconOpsApiError with status, code, request id and the message', async () => {
    const unauthenticated = await caught(createBeaconOpsClient({ baseUrl }).createRegistryBeacon());
    expect(unauthenticated).toBeInstanceOf(BeaconOpsApiError);
    expect(unauthenticated).toMatchObject({ status: 401, code: 'unauthenticated', detail: 'Authentication failed: missing bearer token' });
    expect(await caught(ops.batchCreateRegistryBeacon({ count: 0 }))).toMatchObject({
      status: 422,
      code: 'invalid_request',
      detail: expect.stringMatching(/^Invalid request: body\.count: /),
    });
    const missing = await caught(ops.updateBeaconWithEcdsaAdapter({ beacon_address: anvilAddress(15), measurement: '1' }));
    expect(missing).toMatchObject({ status: 404, code: 'beacon_not_found', requestId: expect.any(String) });
  });
});
