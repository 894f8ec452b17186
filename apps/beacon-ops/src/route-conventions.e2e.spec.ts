import request from 'supertest';
import { anvilAddress } from './test/anvil-keys';
import { BeaconEnv, startBeaconEnv, TOKEN } from './test/beacon-test-env';

const ROUTES = [
  '/create_beacon',
  '/create_registry_beacon',
  '/batch_create_registry_beacon',
  '/create_verifiable_beacon',
  '/create_group_ecdsa_beacon',
  '/register_beacon',
  '/unregister_beacon',
  '/update_beacon',
  '/update_beacon_with_ecdsa_adapter',
  '/batch_update_beacon',
  '/get_beacon_gating',
  '/set_beacon_gating',
  // Deprecated old names of the registry routes (the-beaconator's clients): the same conventions.
  '/create_perpcity_beacon',
  '/batch_create_perpcity_beacon',
];

/** What every route shares: the bearer token, the envelope on errors, JSON parsing, the docs; and GET /. */
describe('beacon-ops route conventions', () => {
  let env: BeaconEnv;
  beforeAll(async () => {
    env = await startBeaconEnv();
  }, 60_000);
  afterAll(() => env?.stop());

  const http = () => request(env.service.app.getHttpServer());

  it.each(ROUTES)('%s refuses a missing or wrong bearer token with a 401 envelope', async (route) => {
    const missing = await env.service.post(route, {}, { token: null }).expect(401);
    expect(missing.body).toEqual({ success: false, data: null, message: 'Authentication failed: missing bearer token' });
    expect(missing.headers['www-authenticate']).toBe('Bearer');
    const wrong = await env.service.post(route, {}, { token: `${TOKEN}x` }).expect(401);
    expect(wrong.body).toEqual({ success: false, data: null, message: 'Authentication failed: invalid bearer token' });
    const scheme = await http().post(route).set('Authorization', `Basic ${TOKEN}`).send({}).expect(401);
    expect(scheme.body.success).toBe(false);
  });

  it.each(ROUTES)('%s answers malformed JSON with a 400 envelope', async (route) => {
    const res = await env.service.post(route).set('content-type', 'application/json').send('{"count": 1,').expect(400);
    expect(res.body).toEqual({ success: false, data: null, message: 'Malformed JSON body: Expecting property name enclosed in double quotes at position 12' });
  });

  it('answers 422 naming every missing field of each route with a body', async () => {
    const expected: Record<string, string> = {
      '/create_beacon': 'body.placeholder: Field required',
      '/batch_create_registry_beacon': 'body.count: Field required',
      '/create_verifiable_beacon': 'body.verifier_address: Field required; body.initial_data: Field required; body.initial_cardinality: Field required',
      '/register_beacon': 'body.beacon_address: Field required; body.registry_address: Field required',
      '/unregister_beacon': 'body.beacon_address: Field required',
      '/update_beacon': 'body.beacon_address: Field required; body.proof: Field required; body.public_signals: Field required',
      '/update_beacon_with_ecdsa_adapter': 'body.beacon_address: Field required; body.measurement: Field required',
      '/batch_update_beacon': 'body.updates: Field required',
      '/get_beacon_gating': 'body.beacon_address: Field required',
      '/set_beacon_gating': 'body.beacon_address: Field required',
      '/batch_create_perpcity_beacon': 'body.count: Field required',
    };
    for (const [route, message] of Object.entries(expected)) {
      const res = await env.service.post(route, {}).expect(422);
      expect(res.body).toEqual({ success: false, data: null, message: `Invalid request: ${message}` });
      const noBody = await env.service.post(route).expect(422);
      expect(noBody.body.message).toBe('Invalid request: body: Field required');
    }
  });

  it('GET / answers the envelope: every route, then the service, chain, every contract, the pool wallets with balances and the signer, without auth or keys', async () => {
    const res = await http().get('/').expect(200);
    const s = env.system;
    const lower = (a: string) => a.toLowerCase();
    const spec = (await http().get('/openapi.json').expect(200)).body;
    const documented = Object.entries(spec.paths as Record<string, Record<string, unknown>>).flatMap(([path, item]) =>
      Object.keys(item).map((method) => `${method.toUpperCase()} ${path}`),
    );
    const endpoints = res.body.data.endpoints as { method: string; path: string; status: string; requires_auth: boolean }[];
    // The list is the app's own OpenAPI document, aliases marked deprecated.
    expect(endpoints.map((e) => `${e.method} ${e.path}`).sort()).toEqual(documented.sort());
    expect(
      endpoints
        .filter((e) => e.status === 'Deprecated')
        .map((e) => e.path)
        .sort(),
    ).toEqual(['/batch_create_perpcity_beacon', '/create_perpcity_beacon']);
    expect(endpoints.find((e) => e.path === '/update_beacon')).toEqual({
      method: 'POST',
      path: '/update_beacon',
      description: spec.paths['/update_beacon'].post.summary,
      requires_auth: true,
      status: 'Working',
    });
    expect(endpoints.find((e) => e.path === '/')).toMatchObject({ method: 'GET', requires_auth: false, status: 'Working' });
    expect(res.body).toEqual({ success: true, data: expect.any(Object), message: 'OK' });
    expect(res.body.data).toEqual({
      total_endpoints: endpoints.length,
      working_endpoints: endpoints.length - 2,
      not_implemented: 0,
      deprecated: 2,
      endpoints,
      service: 'beacon-ops',
      version: '0.1.0',
      chain_id: '31337',
      contracts: {
        registry: lower(s.registry),
        beacon_factory: lower(s.beaconFactory),
        verifiable_beacon_factory: lower(s.verifiableBeaconFactory),
        group_ecdsa_beacon_factory: lower(s.groupEcdsaBeaconFactory),
        multicall3: lower(s.multicall3),
        batch_updater: lower(s.batchUpdater),
        demo_ecdsa_beacon: lower(s.demoEcdsaBeacon),
        demo_ecdsa_adapter: lower(s.demoEcdsaAdapter),
        demo_zk_beacon: lower(s.demoZkBeacon),
        demo_zk_verifier: lower(s.demoZkVerifier),
      },
      wallets: env.walletAccounts.map((i) => ({ address: anvilAddress(i), balance_wei: expect.stringMatching(/^\d+$/) })),
      signer: anvilAddress(9),
      beacon_owner: anvilAddress(9),
      docs: '/docs',
    });
    expect(JSON.stringify(res.body)).not.toMatch(/[0-9a-f]{64}/i);
  });

  it('serves /health, /ready, the docs, and OpenAPI with every route behind HTTPBearer', async () => {
    expect((await http().get('/health').expect(200)).body).toEqual({ status: 'ok' });
    await http().get('/ready').expect(200);
    await http().get('/docs').redirects(1).expect(200);
    const spec = (await http().get('/openapi.json').expect(200)).body;
    for (const route of ROUTES) {
      const operation = spec.paths[route].post;
      expect(operation.security).toEqual([{ HTTPBearer: [] }]);
      expect(Object.keys(operation.responses)).toEqual(expect.arrayContaining(['200', '400', '401', '422', '502', '503', '504']));
    }
    expect(spec.paths['/'].get.security).toBeUndefined();
    expect(spec.paths['/create_verifiable_beacon'].post.requestBody).toBeDefined();
  });

  it('answers 503 naming the setting when a route needs a contract that is not configured', async () => {
    const bare = await env.startService({
      BEACON_FACTORY_ADDRESS: '',
      MULTICALL3_ADDRESS: '',
      BATCH_UPDATER_ADDRESS: '',
      VERIFIABLE_BEACON_FACTORY_ADDRESS: '',
      GROUP_ECDSA_BEACON_FACTORY_ADDRESS: '',
    });
    const expectations: [string, unknown, string][] = [
      ['/create_beacon', { placeholder: 'x' }, 'BEACON_FACTORY_ADDRESS'],
      ['/create_registry_beacon', undefined, 'BEACON_FACTORY_ADDRESS'],
      ['/batch_create_registry_beacon', { count: 1 }, 'MULTICALL3_ADDRESS'],
      ['/create_verifiable_beacon', { verifier_address: env.system.verifier, initial_data: 1, initial_cardinality: 1 }, 'VERIFIABLE_BEACON_FACTORY_ADDRESS'],
      ['/create_group_ecdsa_beacon', { size: 2 }, 'GROUP_ECDSA_BEACON_FACTORY_ADDRESS'],
      ['/batch_update_beacon', { updates: [{ beacon_address: env.system.demoZkBeacon, proof: '0x', public_signals: '0x' }] }, 'BATCH_UPDATER_ADDRESS'],
    ];
    for (const [route, body, setting] of expectations) {
      const res = await bare.post(route, body).expect(503);
      expect(res.body).toEqual({ success: false, data: null, message: `Service not configured: ${setting} is not set, so this route is unavailable` });
    }
    const info = await request(bare.app.getHttpServer()).get('/').expect(200);
    expect(info.body.data.contracts).toMatchObject({
      beacon_factory: null,
      multicall3: null,
      batch_updater: null,
      registry: env.system.registry.toLowerCase(),
    });
    await bare.close();

    const wrongChain = await env.startService({ BEACON_FACTORY_ADDRESS: anvilAddress(11) });
    const res = await wrongChain.post('/create_beacon', { placeholder: 'x' }).expect(503);
    expect(res.body.message).toBe(`Service misconfigured: BEACON_FACTORY_ADDRESS (${anvilAddress(11)}) has no contract on chain 31337`);
    await wrongChain.close();
  });
});
