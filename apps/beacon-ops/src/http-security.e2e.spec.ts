import { NestFastifyApplication } from '@nestjs/platform-fastify';
import { AnvilNode, getFreePort, httpFrom, PostgresServer, rawHttp, startAnvil, startTestPostgres } from '@perp/local-infra';
import { DEV_DEFAULTS } from '@perp/dev-defaults';
import { devServiceEnv, SECURITY_HEADERS } from '@perp/service';
import request from 'supertest';
import { createBeaconOpsApp } from './create-app';
import { loadBeaconOpsSettings } from './settings';

const APP_ORIGIN = 'https://ops.example.com';

/** Caching, security headers and CORS of beacon-ops over real HTTP, on real Postgres and anvil. */
describe('beacon-ops response headers', () => {
  let pg: PostgresServer;
  let anvil: AnvilNode;
  const apps: NestFastifyApplication[] = [];

  async function start(env: Record<string, string> = {}): Promise<NestFastifyApplication> {
    const settings = loadBeaconOpsSettings(devServiceEnv({ BEACON_OPS_DATABASE_URL: pg.url('beacon_ops'), RPC_URL: anvil.url, ...env }));
    const app = await createBeaconOpsApp(settings, { logger: false });
    apps.push(app);
    await app.init();
    await app.getHttpAdapter().getInstance().ready();
    return app;
  }

  let app: NestFastifyApplication;
  const http = () => request(app.getHttpServer());

  beforeAll(async () => {
    [pg, anvil] = await Promise.all([startTestPostgres(['beacon_ops']), startAnvil({ chainId: 31337 })]);
    app = await start();
  }, 90_000);

  afterAll(async () => {
    for (const started of apps) await started.close();
    await Promise.all([pg?.stop(), anvil?.stop()]);
  });

  it('no answer may be stored by a cache: authenticated, refused or public', async () => {
    const token = `Bearer ${DEV_DEFAULTS.beaconOpsAccessToken}`;
    const authenticated = await http().post('/register_beacon').set('Authorization', token).send({});
    expect(authenticated.status).toBe(422);
    expect(authenticated.headers['cache-control']).toBe('no-store');
    const refused = await http().post('/register_beacon').send({}).expect(401);
    expect(refused.headers['cache-control']).toBe('no-store');
    expect((await http().get('/').expect(200)).headers['cache-control']).toBe('no-store');
  });

  it('sends security headers, and the docs page loads its scripts from this origin only', async () => {
    const res = await http().get('/health').expect(200);
    expect(res.headers).toMatchObject({ 'x-content-type-options': 'nosniff', 'x-frame-options': 'DENY' });
    expect(res.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    const docs = await http().get('/docs').redirects(1).expect(200);
    expect(docs.headers['content-security-policy']).toContain("script-src 'self'");
    expect(docs.text).toContain('swagger-ui');
    expect(docs.text).not.toMatch(/<script>/);
    await http().get('/docs/swagger-ui-init.js').expect(200);
  });

  it('every kind of answer carries the security headers of a 200, whichever hook, filter or writer made it', async () => {
    // An instance that refuses quickly: one failed authentication per address, 1 s for a whole
    // request, and a chain node that is down. (beacon-ops has no 403 but default deny, which no route meets.)
    const strict = await start({
      FAILED_AUTH_LIMIT: '1',
      HTTP_HEADERS_TIMEOUT_MS: '1000',
      HTTP_REQUEST_TIMEOUT_MS: '1000',
      RPC_URL: `http://127.0.0.1:${await getFreePort()}`,
      RPC_TIMEOUT_MS: '1000',
    });
    await strict.listen(0, '127.0.0.1');
    const server = strict.getHttpServer();
    const port = (server.address() as { port: number }).port;
    const security = (headers: Record<string, unknown>) => Object.fromEntries(Object.keys(SECURITY_HEADERS).map((name) => [name, headers[name]]));
    const json = { Authorization: `Bearer ${DEV_DEFAULTS.beaconOpsAccessToken}`, 'content-type': 'application/json' };
    const beacon = JSON.stringify({
      beacon_address: '0x5fbdb2315678afecb367f032d93f642f64180aa3',
      registry_address: '0xe7f1725e7734ce288f8367e1bb143e90bb3f0512',
    });

    const ok = await httpFrom(server, '127.0.0.1', 'GET', '/health');
    expect(ok.status).toBe(200);
    const expected = security(ok.headers);
    expect(expected).toEqual(SECURITY_HEADERS);
    expect(Object.keys(expected)).toEqual(
      expect.arrayContaining(['content-security-policy', 'strict-transport-security', 'x-content-type-options', 'x-frame-options']),
    );

    const answers: [string, number, { status: number; headers: Record<string, unknown> }][] = [
      // Written by the authentication hook (onRequest), before the body is read; from an address of their own.
      ['401 wrong token (auth hook)', 401, await httpFrom(server, '127.0.0.2', 'POST', '/create_beacon', { Authorization: 'Bearer wrong' }, '{}')],
      ['429 failed authentication (auth hook)', 429, await httpFrom(server, '127.0.0.2', 'POST', '/create_beacon', { Authorization: 'Bearer wrong' }, '{}')],
      ['404 unknown route (auth hook)', 404, await httpFrom(server, '127.0.0.1', 'POST', '/no-such-route', json, '{}')],
      ['400 malformed URL (Fastify)', 400, await rawHttp(port, 'GET /health/%zz HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n')],
      ['400 malformed JSON (body parser)', 400, await httpFrom(server, '127.0.0.1', 'POST', '/register_beacon', json, '{')],
      ['413 body over the limit', 413, await httpFrom(server, '127.0.0.1', 'POST', '/register_beacon', json, JSON.stringify({ pad: 'x'.repeat(8192) }))],
      [
        '415 a form body',
        415,
        await httpFrom(server, '127.0.0.1', 'POST', '/register_beacon', { ...json, 'content-type': 'application/x-www-form-urlencoded' }, 'a=b'),
      ],
      ['422 invalid field', 422, await httpFrom(server, '127.0.0.1', 'POST', '/register_beacon', json, '{}')],
      ['502 chain node down', 502, await httpFrom(server, '127.0.0.1', 'POST', '/register_beacon', json, beacon)],
      // Written by Node's client-error path, not Fastify: a request whose headers never end.
      ['408 request timeout (client error)', 408, await rawHttp(port, 'GET /health HTTP/1.1\r\nHost: x\r\n', 10_000)],
    ];
    for (const [kind, status, answer] of answers) {
      expect({ kind, status: answer.status, security: security(answer.headers) }).toEqual({ kind, status, security: expected });
    }
  }, 60_000);

  it('answers no cross-origin browser call unless CORS_ORIGINS names the origin', async () => {
    const off = await http().options('/register_beacon').set('Origin', APP_ORIGIN).set('Access-Control-Request-Method', 'POST');
    expect(off.headers['access-control-allow-origin']).toBeUndefined();
    const configured = await start({ CORS_ORIGINS: APP_ORIGIN });
    const preflight = await request(configured.getHttpServer())
      .options('/register_beacon')
      .set('Origin', APP_ORIGIN)
      .set('Access-Control-Request-Method', 'POST')
      .set('Access-Control-Request-Headers', 'authorization,content-type');
    expect(preflight.headers['access-control-allow-origin']).toBe(APP_ORIGIN);
    const other = await request(configured.getHttpServer()).get('/health').set('Origin', 'https://evil.example');
    expect(other.headers['access-control-allow-origin']).toBeUndefined();
  });
});
