import { NestFastifyApplication } from '@nestjs/platform-fastify';
import { AnvilNode, PostgresServer, startAnvil, startTestPostgres } from '@perp/local-infra';
import { DEV_DEFAULTS, devServiceEnv } from '@perp/service';
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
