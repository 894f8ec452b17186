import { NestFastifyApplication } from '@nestjs/platform-fastify';
import { AnvilNode, PostgresServer, startAnvil, startTestPostgres, waitUntil } from '@perp/local-infra';
import request from 'supertest';
import { createBeaconOpsApp } from './create-app';
import { loadBeaconOpsSettings } from './settings';
import { devServiceEnv } from '@perp/service';

/** Contract addresses, as configured (/ready checks that they are; these tests deploy nothing). */
const CONTRACTS = {
  REGISTRY_ADDRESS: `0x${'a1'.repeat(20)}`,
  BEACON_FACTORY_ADDRESS: `0x${'a2'.repeat(20)}`,
  VERIFIABLE_BEACON_FACTORY_ADDRESS: `0x${'a3'.repeat(20)}`,
  MULTICALL3_ADDRESS: `0x${'a4'.repeat(20)}`,
  BATCH_UPDATER_ADDRESS: `0x${'a5'.repeat(20)}`,
};

/** The service surface on real Postgres and a real anvil chain through real HTTP. */
describe('beacon-ops service routes', () => {
  let pg: PostgresServer;
  let anvil: AnvilNode;
  let app: NestFastifyApplication;

  beforeAll(async () => {
    [pg, anvil] = await Promise.all([startTestPostgres(['beacon_ops']), startAnvil({ chainId: 31337 })]);
    app = await createBeaconOpsApp(loadBeaconOpsSettings(devServiceEnv({ BEACON_OPS_DATABASE_URL: pg.url('beacon_ops'), RPC_URL: anvil.url, ...CONTRACTS })), {
      logger: false,
    });
    await app.init();
    await app.getHttpAdapter().getInstance().ready();
    // The journal store migrates on its first connection; until then /ready rightly says 503 (a busy CI machine took longer than the first probe).
    await waitUntil('beacon-ops /ready', async () => (await request(app.getHttpServer()).get('/ready')).status === 200, { timeoutMs: 30_000, intervalMs: 100 });
  }, 60_000);

  afterAll(async () => {
    await app?.close();
    await Promise.all([pg?.stop(), anvil?.stop()]);
  });

  it('GET /health answers {"status":"ok"}', async () => {
    const res = await request(app.getHttpServer()).get('/health').expect(200);
    expect(res.body).toEqual({ status: 'ok' });
  });

  it('GET /ready reports the journal store and the chain RPC up', async () => {
    const res = await request(app.getHttpServer()).get('/ready').expect(200);
    expect(res.body).toMatchObject({
      status: 'ready',
      checks: { journal_store: { status: 'up' }, chain_rpc: { status: 'up' }, contracts: { status: 'up' } },
    });
  });

  it('GET /ready is 503 naming the missing contract addresses while they are not configured', async () => {
    const bare = await createBeaconOpsApp(loadBeaconOpsSettings(devServiceEnv({ BEACON_OPS_DATABASE_URL: pg.url('beacon_ops'), RPC_URL: anvil.url })), {
      logger: false,
    });
    await bare.init();
    await bare.getHttpAdapter().getInstance().ready();
    try {
      const res = await request(bare.getHttpServer()).get('/ready').expect(503);
      expect(res.body.checks).toMatchObject({ journal_store: { status: 'up' }, chain_rpc: { status: 'up' } });
      expect(res.body.checks.contracts).toMatchObject({
        status: 'down',
        reason:
          'no contract address configured: set REGISTRY_ADDRESS, BEACON_FACTORY_ADDRESS, VERIFIABLE_BEACON_FACTORY_ADDRESS, MULTICALL3_ADDRESS, BATCH_UPDATER_ADDRESS',
      });
    } finally {
      await bare.close();
    }
  });

  it('GET / names the service, the chain it sends to and the pool wallets with their balances, without credentials', async () => {
    const res = await request(app.getHttpServer()).get('/').expect(200);
    expect(res.body).toMatchObject({ success: true, data: { service: 'beacon-ops', version: '0.1.0', chain_id: '31337' } });
    expect(res.body.data.wallets).toHaveLength(8);
    expect(res.body.data.wallets[0]).toEqual({ address: '0x70997970c51812dc3a010c7d01b50e0d17dc79c8', balance_wei: (10n ** 22n).toString() });
    expect(res.body.data.signer).toBe('0xa0ee7a142d267c1f36714e4a8f75612f20a79720');
    expect(JSON.stringify(res.body)).not.toMatch(/[0-9a-f]{64}/i); // no key anywhere
  });

  it('serves OpenAPI 3 with the bearer scheme, and the docs page', async () => {
    const spec = await request(app.getHttpServer()).get('/openapi.json').expect(200);
    expect(spec.body.openapi).toMatch(/^3\./);
    expect(Object.keys(spec.body.components.securitySchemes)).toEqual(['HTTPBearer']);
    await request(app.getHttpServer()).get('/docs').redirects(1).expect(200);
  });

  it('answers an unknown route with the failure envelope', async () => {
    const res = await request(app.getHttpServer()).post('/nope').send({}).expect(404);
    expect(res.body).toEqual({ success: false, data: null, message: expect.any(String) });
    expect(res.headers['x-request-id']).toBeDefined();
  });

  it('reports the chain down on /ready when the RPC stops, and up again once it is back', async () => {
    const port = anvil.port;
    await anvil.stop();
    const down = await request(app.getHttpServer()).get('/ready').expect(503);
    expect(down.body.checks).toMatchObject({ journal_store: { status: 'up' }, chain_rpc: { status: 'down' } });
    // GET / still answers: balances are the last ones read (a few seconds old at most) or null.
    const info = await request(app.getHttpServer()).get('/').expect(200);
    expect(info.body.data.wallets).toHaveLength(8);
    anvil = await startAnvil({ port, chainId: 31337 });
    await request(app.getHttpServer()).get('/ready').expect(200);
  }, 30_000);
});
