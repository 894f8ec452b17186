import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { NestFastifyApplication } from '@nestjs/platform-fastify';
import { DEV_JWT } from '@perp/auth';
import { runIndexDbMigrations } from '@perp/index-db';
import { DevSigningKey, ensureDevSigningKey, getFreePort, httpFrom, PostgresServer, rawHttp, signDevToken, startTestPostgres } from '@perp/local-infra';
import { devServiceEnv, SECURITY_HEADERS } from '@perp/service';
import request from 'supertest';
import { createMarketDataApp } from './create-app';
import { loadMarketDataSettings } from './settings';

const ADMIN_KEY = 'http-security-tests-admin-key-0123456789';
const APP_ORIGIN = 'https://app.example.com';

/** Caching, security headers and CORS of market-data over real HTTP, on real Postgres. */
describe('market-data response headers', () => {
  let pg: PostgresServer;
  let dataDir: string;
  let signing: DevSigningKey;
  const apps: NestFastifyApplication[] = [];

  async function start(env: Record<string, string> = {}): Promise<NestFastifyApplication> {
    const settings = loadMarketDataSettings(
      devServiceEnv({
        INDEX_DATABASE_URL: pg.url('perp_index'),
        SOURCE_DATABASE_URL: pg.url('perp_source'),
        MARKET_DATA_DATABASE_URL: pg.url('market_data'),
        ADMIN_API_KEYS: ADMIN_KEY,
        JWT_JWKS_FILE: signing.files.jwks,
        ...env,
      }),
    );
    const app = await createMarketDataApp(settings, { logger: false });
    apps.push(app);
    await app.init();
    await app.getHttpAdapter().getInstance().ready();
    return app;
  }

  let app: NestFastifyApplication;
  const http = () => request(app.getHttpServer());

  beforeAll(async () => {
    pg = await startTestPostgres(['perp_index', 'perp_source', 'market_data']);
    await runIndexDbMigrations(pg.url('perp_index'), pg.url('perp_source'));
    dataDir = mkdtempSync(join(tmpdir(), 'md-headers-'));
    chmodSync(dataDir, 0o755);
    signing = ensureDevSigningKey(dataDir);
    app = await start();
  }, 90_000);

  afterAll(async () => {
    for (const started of apps) await started.close();
    await pg?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('authenticated reads are Cache-Control: private (never public), varying on the key', async () => {
    const list = await http().get('/markets?limit=1').set('X-API-Key', ADMIN_KEY).expect(200);
    expect(list.headers['cache-control']).toBe('private, no-cache');
    expect(list.headers['vary']).toContain('X-API-Key');
    const refused = await http().get('/markets?limit=1').expect(401);
    expect(refused.headers['cache-control']).toBe('no-store');
  });

  it('every answer carrying a new key is no-store', async () => {
    for (const path of ['/admin/keys', '/v1/admin/keys']) {
      const res = await http().post(path).set('X-API-Key', ADMIN_KEY).send({ name: 'bot' }).expect(200);
      expect(res.body.key).toMatch(/^mdk_/);
      expect(res.headers['cache-control']).toBe('no-store');
    }
    const token = signDevToken(signing, { sub: 'alice', issuer: DEV_JWT.issuer, audience: DEV_JWT.audience });
    const own = await http().post('/auth/keys').set('Authorization', `Bearer ${token}`).send({ name: 'mine' }).expect(200);
    expect(own.body.key).toMatch(/^mdk_/);
    expect(own.headers['cache-control']).toBe('no-store');
    const listed = await http().get('/auth/keys').set('Authorization', `Bearer ${token}`).expect(200);
    expect(listed.headers['cache-control']).toBe('no-store');
  });

  it('sends security headers on API answers and on the docs, whose CSP still lets Swagger UI run', async () => {
    for (const res of [await http().get('/health').expect(200), await http().get('/markets').set('X-API-Key', ADMIN_KEY).expect(200)]) {
      expect(res.headers).toMatchObject({ 'x-content-type-options': 'nosniff', 'x-frame-options': 'DENY' });
      expect(res.headers['strict-transport-security']).toMatch(/max-age=\d+/);
      expect(res.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    }
    const docs = await http().get('/docs').redirects(1).expect(200);
    const csp = docs.headers['content-security-policy'];
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toContain('unsafe-eval');
    // Swagger UI's page loads its scripts by src only (none inline, which the CSP would block), from this origin.
    expect(docs.text).toContain('swagger-ui');
    expect(docs.text).not.toMatch(/<script>/);
    const scripts = docs.text.match(/<script src=["']([^"']+)["']/g) ?? [];
    expect(scripts.length).toBeGreaterThanOrEqual(3);
    for (const src of scripts) {
      const path = /src=["']([^"']+)["']/.exec(src)?.[1] ?? '';
      expect(path).not.toMatch(/^(https?:)?\/\//);
      await http()
        .get(path.startsWith('/') ? path : `/docs/${path.replace(/^\.\/(docs\/)?/, '')}`)
        .expect(200);
    }
    await http().get('/openapi.json').expect(200);
  });

  it('every kind of answer carries the security headers of a 200, whichever hook, filter or writer made it', async () => {
    // An instance that refuses quickly: one failed authentication per address, one request per bot key
    // and window, 1 s for a whole request, and an index store that is down.
    const strict = await start({
      FAILED_AUTH_LIMIT: '1',
      API_KEY_RATE_LIMIT: '1',
      HTTP_HEADERS_TIMEOUT_MS: '1000',
      HTTP_REQUEST_TIMEOUT_MS: '1000',
      INDEX_DATABASE_URL: `postgres://postgres@127.0.0.1:${await getFreePort()}/perp_index`,
    });
    await strict.listen(0, '127.0.0.1');
    const server = strict.getHttpServer();
    const port = (server.address() as { port: number }).port;
    const security = (headers: Record<string, unknown>) => Object.fromEntries(Object.keys(SECURITY_HEADERS).map((name) => [name, headers[name]]));
    const admin = { 'X-API-Key': ADMIN_KEY, 'content-type': 'application/json' };
    const bot = (await httpFrom(server, '127.0.0.1', 'POST', '/admin/keys', admin, '{"name":"bot"}')).body as { key: string };
    await httpFrom(server, '127.0.0.1', 'GET', '/markets', { 'X-API-Key': bot.key }); // the bot key's one request of the window

    const ok = await httpFrom(server, '127.0.0.1', 'GET', '/health');
    expect(ok.status).toBe(200);
    const expected = security(ok.headers);
    expect(expected).toEqual(SECURITY_HEADERS);
    expect(Object.keys(expected)).toEqual(
      expect.arrayContaining(['content-security-policy', 'strict-transport-security', 'x-content-type-options', 'x-frame-options']),
    );

    const answers: [string, number, { status: number; headers: Record<string, unknown> }][] = [
      // Written by the authentication hook (onRequest), before the body is read; from an address of their own.
      ['401 wrong key (auth hook)', 401, await httpFrom(server, '127.0.0.2', 'GET', '/markets', { 'X-API-Key': 'mdk_wrong' })],
      ['429 failed authentication (auth hook)', 429, await httpFrom(server, '127.0.0.2', 'GET', '/markets', { 'X-API-Key': 'mdk_wrong' })],
      ['401 bad bearer token (auth hook)', 401, await httpFrom(server, '127.0.0.3', 'GET', '/auth/keys', { Authorization: 'Bearer nope' })],
      ['404 unknown route (auth hook)', 404, await httpFrom(server, '127.0.0.1', 'GET', '/no-such-route')],
      ['403 bot key on an admin route', 403, await httpFrom(server, '127.0.0.1', 'POST', '/admin/keys', { ...admin, 'X-API-Key': bot.key }, '{}')],
      ['429 bot key over its rate limit', 429, await httpFrom(server, '127.0.0.1', 'GET', '/markets', { 'X-API-Key': bot.key })],
      ['400 malformed URL (Fastify)', 400, await rawHttp(port, 'GET /markets/%zz HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n')],
      ['422 malformed JSON (body parser)', 422, await httpFrom(server, '127.0.0.1', 'POST', '/admin/keys', admin, '{')],
      ['413 body over the limit', 413, await httpFrom(server, '127.0.0.1', 'POST', '/admin/keys', admin, JSON.stringify({ name: 'x'.repeat(8192) }))],
      [
        '415 a form body',
        415,
        await httpFrom(server, '127.0.0.1', 'POST', '/admin/keys', { ...admin, 'content-type': 'application/x-www-form-urlencoded' }, 'name=bot'),
      ],
      ['422 invalid field', 422, await httpFrom(server, '127.0.0.1', 'GET', '/markets?limit=0', admin)],
      ['503 store down', 503, await httpFrom(server, '127.0.0.1', 'GET', '/markets', admin)],
      // Written by Node's client-error path, not Fastify: a request whose headers never end.
      ['408 request timeout (client error)', 408, await rawHttp(port, 'GET /health HTTP/1.1\r\nHost: x\r\n', 10_000)],
    ];
    for (const [kind, status, answer] of answers) {
      expect({ kind, status: answer.status, security: security(answer.headers) }).toEqual({ kind, status, security: expected });
    }
  }, 60_000);

  it('answers no cross-origin browser call unless CORS_ORIGINS names the origin', async () => {
    const off = await http().options('/markets').set('Origin', APP_ORIGIN).set('Access-Control-Request-Method', 'GET');
    expect(off.headers['access-control-allow-origin']).toBeUndefined();
    const configured = await start({ CORS_ORIGINS: `${APP_ORIGIN},http://localhost:3000` });
    const preflight = await request(configured.getHttpServer())
      .options('/markets')
      .set('Origin', APP_ORIGIN)
      .set('Access-Control-Request-Method', 'GET')
      .set('Access-Control-Request-Headers', 'x-api-key');
    expect(preflight.status).toBeLessThan(300);
    expect(preflight.headers['access-control-allow-origin']).toBe(APP_ORIGIN);
    expect(preflight.headers['access-control-allow-headers']).toMatch(/X-API-Key/i);
    const read = await request(configured.getHttpServer()).get('/markets').set('Origin', APP_ORIGIN).set('X-API-Key', ADMIN_KEY).expect(200);
    expect(read.headers['access-control-allow-origin']).toBe(APP_ORIGIN);
    const other = await request(configured.getHttpServer()).get('/markets').set('Origin', 'https://evil.example').set('X-API-Key', ADMIN_KEY);
    expect(other.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('refuses a CORS_ORIGINS entry that is not an origin', () => {
    expect(() => loadMarketDataSettings(devServiceEnv({ CORS_ORIGINS: 'https://app.example.com/path' }))).toThrow(/CORS_ORIGINS: item 1 must be an origin/);
    expect(() => loadMarketDataSettings(devServiceEnv({ CORS_ORIGINS: '*' }))).toThrow(/CORS_ORIGINS: item 1 must be an origin/);
  });
});
