import { NestFastifyApplication } from '@nestjs/platform-fastify';
import { PostgresServer, startTestPostgres } from '@perp/local-infra';
import request from 'supertest';
import { createMarketDataApp } from './create-app';
import { loadMarketDataSettings } from './settings';
import { devServiceEnv } from '@perp/service';

/** The service surface on real Postgres through real HTTP: health, readiness, docs, request ids. */
describe('market-data service routes', () => {
  let pg: PostgresServer;
  let app: NestFastifyApplication;

  beforeAll(async () => {
    pg = await startTestPostgres(['perp_index', 'perp_source', 'market_data']);
    const settings = loadMarketDataSettings(
      devServiceEnv({
        INDEX_DATABASE_URL: pg.url('perp_index'),
        SOURCE_DATABASE_URL: pg.url('perp_source'),
        MARKET_DATA_DATABASE_URL: pg.url('market_data'),
      }),
    );
    app = await createMarketDataApp(settings, { logger: false });
    await app.init();
    await app.getHttpAdapter().getInstance().ready();
  }, 60_000);

  afterAll(async () => {
    await app?.close();
    await pg?.stop();
  });

  it('GET /health answers {"status":"ok"}', async () => {
    const res = await request(app.getHttpServer()).get('/health').expect(200);
    expect(res.body).toEqual({ status: 'ok' });
    expect(res.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('GET /ready reports every store up', async () => {
    const res = await request(app.getHttpServer()).get('/ready').expect(200);
    expect(res.body.status).toBe('ready');
    expect(Object.keys(res.body.checks).sort()).toEqual(['index_store', 'key_store', 'source_store']);
    for (const check of Object.values(res.body.checks)) expect(check).toMatchObject({ status: 'up' });
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
        checks: { index_store: { status: 'down' }, source_store: { status: 'down' }, key_store: { status: 'down' } },
      });
    } finally {
      await app.close();
    }
  });
});
