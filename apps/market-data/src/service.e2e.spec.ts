import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { NestFastifyApplication } from '@nestjs/platform-fastify';
import { runIndexDbMigrations } from '@perp/index-db';
import { ensureDevSigningKey, PostgresServer, startTestPostgres } from '@perp/local-infra';
import { devServiceEnv } from '@perp/service';
import request from 'supertest';
import { createMarketDataApp } from './create-app';
import { loadMarketDataSettings } from './settings';

/** The service surface on real Postgres through real HTTP: health, readiness, docs, request ids. */
describe('market-data service routes', () => {
  let pg: PostgresServer;
  let app: NestFastifyApplication;
  let dataDir: string;

  // The index and source stores are left unmigrated and the JWKS file absent: /ready must say so.
  beforeAll(async () => {
    pg = await startTestPostgres(['perp_index', 'perp_source', 'market_data']);
    dataDir = mkdtempSync(join(tmpdir(), 'md-ready-'));
    chmodSync(dataDir, 0o755);
    const settings = loadMarketDataSettings(
      devServiceEnv({
        INDEX_DATABASE_URL: pg.url('perp_index'),
        SOURCE_DATABASE_URL: pg.url('perp_source'),
        MARKET_DATA_DATABASE_URL: pg.url('market_data'),
        JWT_JWKS_FILE: join(dataDir, 'dev-jwks.json'),
      }),
    );
    app = await createMarketDataApp(settings, { logger: false });
    await app.init();
    await app.getHttpAdapter().getInstance().ready();
  }, 60_000);

  afterAll(async () => {
    await app?.close();
    await pg?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('GET /health answers {"status":"ok"}', async () => {
    const res = await request(app.getHttpServer()).get('/health').expect(200);
    expect(res.body).toEqual({ status: 'ok' });
    expect(res.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('GET /ready is 503 with the reason while a store is unmigrated or the JWKS cannot be loaded, and 200 once fixed, without restart', async () => {
    const before = await request(app.getHttpServer()).get('/ready').expect(503);
    expect(before.headers['cache-control']).toBe('no-store');
    expect(before.body.checks.key_store).toMatchObject({ status: 'up' });
    expect(before.body.checks.index_store).toMatchObject({
      status: 'down',
      reason: expect.stringMatching(/^not migrated: pending .+ \(run `node main.js migrate`\)$/),
    });
    expect(before.body.checks.source_store).toMatchObject({ status: 'down', reason: expect.stringMatching(/^not migrated: pending /) });
    expect(before.body.checks.jwks).toMatchObject({ status: 'down', reason: expect.stringMatching(/^JWKS cannot be loaded: /) });

    await runIndexDbMigrations(pg.url('perp_index'), pg.url('perp_source'));
    const migrated = await request(app.getHttpServer()).get('/ready').expect(503);
    expect(
      Object.entries(migrated.body.checks)
        .filter(([, check]) => (check as { status: string }).status === 'down')
        .map(([name]) => name),
    ).toEqual(['jwks']);

    ensureDevSigningKey(dataDir);
    const res = await request(app.getHttpServer()).get('/ready').expect(200);
    expect(res.body.status).toBe('ready');
    expect(Object.keys(res.body.checks).sort()).toEqual(['index_store', 'jwks', 'key_store', 'source_store']);
    for (const check of Object.values(res.body.checks)) expect(check).toEqual({ status: 'up', latency_ms: expect.any(Number) });
  });

  it('GET / names the service, its version and its docs', async () => {
    const res = await request(app.getHttpServer()).get('/').expect(200);
    expect(res.body).toEqual({ service: 'market-data', version: '0.1.0', docs: '/docs', openapi: '/openapi.json' });
  });

  it('serves OpenAPI 3 at /openapi.json with both security schemes, and the docs page at /docs', async () => {
    const spec = await request(app.getHttpServer()).get('/openapi.json').expect(200);
    expect(spec.body.openapi).toMatch(/^3\./);
    expect(spec.body.info).toMatchObject({ title: 'Perp City market data', version: '0.1.0' });
    expect(Object.keys(spec.body.components.securitySchemes).sort()).toEqual(['APIKeyHeader', 'HTTPBearer']);
    expect(spec.body.paths['/health']).toBeDefined();
    expect(spec.body.paths['/ready']).toBeDefined();
    const docs = await request(app.getHttpServer()).get('/docs').redirects(1).expect(200);
    expect(docs.text).toContain('swagger-ui');
  });

  it('echoes a sane X-Request-Id and answers unknown routes with a detail 404', async () => {
    const res = await request(app.getHttpServer()).get('/nope').set('X-Request-Id', 'trace-123').expect(404);
    expect(res.headers['x-request-id']).toBe('trace-123');
    expect(res.body).toEqual({ detail: expect.any(String) });
  });
});

describe('market-data readiness without its stores', () => {
  it('keeps serving: /health 200, /ready 503 naming each store down', async () => {
    const nowhere = 'postgres://postgres@127.0.0.1:1/none';
    const app = await createMarketDataApp(
      loadMarketDataSettings(devServiceEnv({ INDEX_DATABASE_URL: nowhere, SOURCE_DATABASE_URL: nowhere, MARKET_DATA_DATABASE_URL: nowhere })),
      { logger: false },
    );
    await app.init();
    await app.getHttpAdapter().getInstance().ready();
    try {
      await request(app.getHttpServer()).get('/health').expect(200);
      const res = await request(app.getHttpServer()).get('/ready').expect(503);
      expect(res.body).toMatchObject({
        status: 'unavailable',
        checks: {
          index_store: { status: 'down', reason: 'unreachable' },
          source_store: { status: 'down', reason: 'unreachable' },
          key_store: { status: 'down', reason: 'unreachable' },
        },
      });
    } finally {
      await app.close();
    }
  });
});

describe('market-data readiness with a JWKS URL', () => {
  it('is down while the identity provider fails or holds no keys, and up once it serves keys', async () => {
    let answer = { status: 503, body: '' };
    const idp = createServer((_req, res) => void res.writeHead(answer.status, { 'content-type': 'application/json' }).end(answer.body));
    await new Promise<void>((resolve) => idp.listen(0, '127.0.0.1', resolve));
    const dir = mkdtempSync(join(tmpdir(), 'md-jwks-url-'));
    chmodSync(dir, 0o755);
    const jwks = JSON.stringify(ensureDevSigningKey(dir).jwks);
    const nowhere = 'postgres://postgres@127.0.0.1:1/none';
    const app = await createMarketDataApp(
      loadMarketDataSettings(
        devServiceEnv({
          INDEX_DATABASE_URL: nowhere,
          SOURCE_DATABASE_URL: nowhere,
          MARKET_DATA_DATABASE_URL: nowhere,
          JWT_JWKS_FILE: '',
          JWT_JWKS_URL: `http://127.0.0.1:${(idp.address() as AddressInfo).port}/jwks.json`,
        }),
      ),
      { logger: false },
    );
    await app.init();
    await app.getHttpAdapter().getInstance().ready();
    const jwksCheck = async () => (await request(app.getHttpServer()).get('/ready').expect(503)).body.checks.jwks;
    try {
      expect(await jwksCheck()).toMatchObject({ status: 'down', reason: 'JWKS URL answered HTTP 503' });
      answer = { status: 200, body: '{"keys":[]}' };
      expect(await jwksCheck()).toMatchObject({ status: 'down', reason: 'JWKS URL holds no keys' });
      answer = { status: 200, body: jwks };
      expect(await jwksCheck()).toEqual({ status: 'up', latency_ms: expect.any(Number) });
    } finally {
      await app.close();
      await new Promise((resolve) => idp.close(resolve));
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
