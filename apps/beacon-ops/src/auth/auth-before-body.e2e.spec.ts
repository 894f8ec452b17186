import type { Server } from 'node:http';
import { NestFastifyApplication } from '@nestjs/platform-fastify';
import { httpFrom } from '@perp/local-infra';
import { createBeaconOpsApp } from '../create-app';
import { ChainEnv, startChainEnv, TOKEN } from '../test/beacon-test-env';
import { poolSettings } from '../test/pool-test-env';

// 1 MB of JSON nested 500,000 levels deep: a parser would spend its time (or its stack) on it.
const NESTED_BODY = '['.repeat(500_000) + ']'.repeat(500_000);
const json = { 'content-type': 'application/json' };

describe('beacon-ops: the bearer token is checked before the body; failed authentication is limited per address', () => {
  let env: ChainEnv;
  let app: NestFastifyApplication;
  let server: Server;
  let parses = 0;

  beforeAll(async () => {
    env = await startChainEnv();
    const settings = poolSettings(
      env.infra.pg.url('beacon_ops'),
      env.proxy.url,
      env.serviceEnv({ FAILED_AUTH_LIMIT: '3', FAILED_AUTH_WINDOW_SECONDS: '3600' }),
      env.walletAccounts,
    );
    app = await createBeaconOpsApp(settings, { logger: false });
    // Counts every body Fastify starts to read (preParsing runs right before the parser).
    app
      .getHttpAdapter()
      .getInstance()
      .addHook('preParsing', async () => {
        parses++;
      });
    await app.init();
    await app.listen(0, '127.0.0.1');
    server = app.getHttpServer();
  }, 120_000);

  afterAll(async () => {
    await app?.close();
    await env?.stop();
  });

  it('a 1 MB nested body without a valid token: 401 envelope at once, never parsed', async () => {
    const before = parses;
    const started = Date.now();
    const missing = await httpFrom(server, '127.0.0.2', 'POST', '/update_beacon', json, NESTED_BODY);
    expect(missing).toMatchObject({ status: 401, body: { success: false, data: null, message: 'Authentication failed: missing bearer token' } });
    const wrong = await httpFrom(server, '127.0.0.2', 'POST', '/batch_update_beacon', { ...json, Authorization: 'Bearer wrong' }, NESTED_BODY);
    expect(wrong).toMatchObject({ status: 401, body: { success: false, data: null, message: 'Authentication failed: invalid bearer token' } });
    expect(parses).toBe(before);
    expect(Date.now() - started).toBeLessThan(2_000);
  });

  it('an unknown route: 404 envelope without parsing its body; a valid token gets its body parsed', async () => {
    const before = parses;
    const unknown = await httpFrom(server, '127.0.0.5', 'POST', '/no_such_route', json, NESTED_BODY);
    expect(unknown).toMatchObject({ status: 404, body: { success: false, data: null } });
    expect(parses).toBe(before);
    const parsed = await httpFrom(server, '127.0.0.5', 'POST', '/update_beacon', { ...json, Authorization: `Bearer ${TOKEN}` }, '{}');
    expect(parsed.status).toBe(422);
    expect(parses).toBe(before + 1);
  });

  it('after FAILED_AUTH_LIMIT failures an address gets a 429 envelope with Retry-After, a right token included; other addresses do not', async () => {
    const attacker = '127.0.0.3';
    for (let i = 0; i < 3; i++) {
      expect((await httpFrom(server, attacker, 'POST', '/update_beacon', { ...json, Authorization: `Bearer guess-${i}` }, '{}')).status).toBe(401);
    }
    const blocked = await httpFrom(server, attacker, 'POST', '/update_beacon', { ...json, Authorization: 'Bearer guess-4' }, '{}');
    expect(blocked).toMatchObject({ status: 429, body: { success: false, data: null, message: 'Too many failed authentication attempts' } });
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
    expect(blocked.headers['ratelimit-limit']).toBe('3');
    expect((await httpFrom(server, attacker, 'POST', '/update_beacon', { ...json, Authorization: `Bearer ${TOKEN}` }, '{}')).status).toBe(429);
    // The right token from another address is served (here: 422, the empty body).
    expect((await httpFrom(server, '127.0.0.4', 'POST', '/update_beacon', { ...json, Authorization: `Bearer ${TOKEN}` }, '{}')).status).toBe(422);
    // Open routes stay open.
    expect((await httpFrom(server, attacker, 'GET', '/health')).status).toBe(200);
  });
});
