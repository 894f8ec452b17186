import { mkdtempSync, rmSync } from 'node:fs';
import type { Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { NestFastifyApplication } from '@nestjs/platform-fastify';
import { DEV_JWT } from '@perp/auth';
import { runIndexDbMigrations } from '@perp/index-db';
import { DevSigningKey, ensureDevSigningKey, httpFrom, PostgresServer, signDevToken, startTestPostgres } from '@perp/local-infra';
import request from 'supertest';
import { createMarketDataApp } from '../create-app';
import { loadMarketDataSettings } from '../settings';
import { storeSettingsEnv } from '../test/store-settings-env';

const ADMIN_KEY = 'rate-limit-tests-admin-key-0123456789abcdef';
// 1 MB of JSON nested 500,000 levels deep: a parser would spend its time (or its stack) on it.
const NESTED_BODY = '['.repeat(500_000) + ']'.repeat(500_000);

describe('market-data: authentication before the body, and rate limits', () => {
  let pg: PostgresServer;
  let dataDir: string;
  let signing: DevSigningKey;
  let app: NestFastifyApplication;
  let server: Server;
  let parses = 0;
  let env: Record<string, string>;
  const token = (sub: string) => `Bearer ${signDevToken(signing, { sub, issuer: DEV_JWT.issuer, audience: DEV_JWT.audience })}`;

  beforeAll(async () => {
    pg = await startTestPostgres(['perp_index', 'perp_source', 'market_data']);
    await runIndexDbMigrations(pg.url('perp_index'), pg.url('perp_source'));
    dataDir = mkdtempSync(join(tmpdir(), 'md-limits-'));
    signing = ensureDevSigningKey(dataDir);
    env = storeSettingsEnv(pg, signing, ADMIN_KEY, {
      API_KEY_RATE_LIMIT: '3',
      ADMIN_API_KEY_RATE_LIMIT: '8',
      RATE_LIMIT_WINDOW_SECONDS: '3600',
      FAILED_AUTH_LIMIT: '4',
      FAILED_AUTH_WINDOW_SECONDS: '3600',
    });
    app = await createMarketDataApp(loadMarketDataSettings(env), { logger: false });
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
  }, 60_000);

  afterAll(async () => {
    await app?.close();
    await pg?.stop();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  // Each test acts from its own loopback address, so failed-authentication counts do not mix.
  const json = { 'content-type': 'application/json' };

  describe('authentication runs before the body is read', () => {
    const from = '127.0.0.2';

    it('an unauthenticated 1 MB nested body to a protected route: 401 at once, never parsed', async () => {
      const before = parses;
      const started = Date.now();
      const missing = await httpFrom(server, from, 'POST', '/admin/keys', json, NESTED_BODY);
      expect(missing).toMatchObject({ status: 401, body: { detail: 'Missing API key' } });
      const wrong = await httpFrom(server, from, 'POST', '/admin/keys', { ...json, 'X-API-Key': 'mdk_wrong' }, NESTED_BODY);
      expect(wrong).toMatchObject({ status: 401, body: { detail: 'Invalid API key' } });
      const bearer = await httpFrom(server, from, 'POST', '/auth/keys', { ...json, Authorization: 'Bearer nope' }, NESTED_BODY);
      expect(bearer).toMatchObject({ status: 401, body: { detail: 'Not authenticated' } });
      expect(parses).toBe(before);
      expect(Date.now() - started).toBeLessThan(2_000);
    });

    it('an unknown route: 404 without parsing its body', async () => {
      const before = parses;
      const res = await httpFrom(server, from, 'POST', '/no/such/route', json, NESTED_BODY);
      expect(res).toMatchObject({ status: 404 });
      expect(res.headers['x-request-id']).toBeDefined();
      expect(parses).toBe(before);
    });

    it('an authenticated request is parsed as before (the counter sees it)', async () => {
      const before = parses;
      await request(server).post('/admin/keys').set('X-API-Key', ADMIN_KEY).send({ name: 'parsed' }).expect(200);
      expect(parses).toBe(before + 1);
    });
  });

  describe('per-key limits', () => {
    const newBotKey = async (body: object): Promise<string> =>
      (await request(server).post('/admin/keys').set('X-API-Key', ADMIN_KEY).send(body).expect(200)).body.key as string;

    it('a bot key over API_KEY_RATE_LIMIT gets 429 with Retry-After and RateLimit-* headers', async () => {
      const key = await newBotKey({ name: 'bot' });
      for (let i = 1; i <= 3; i++) {
        const ok = await request(server).get('/markets').set('X-API-Key', key).expect(200);
        expect(ok.headers['ratelimit-limit']).toBe('3');
        expect(ok.headers['ratelimit-remaining']).toBe(String(3 - i));
        expect(ok.headers['ratelimit-policy']).toBe('3;w=3600');
      }
      const refused = await request(server).get('/markets').set('X-API-Key', key).expect(429);
      expect(refused.body).toEqual({ detail: 'Rate limit exceeded' });
      expect(refused.headers['ratelimit-limit']).toBe('3');
      expect(refused.headers['ratelimit-remaining']).toBe('0');
      const reset = Number(refused.headers['ratelimit-reset']);
      expect(reset).toBeGreaterThan(0);
      expect(reset).toBeLessThanOrEqual(3600);
      expect(refused.headers['retry-after']).toBe(String(reset));
      // Another key is not affected.
      await request(server)
        .get('/markets')
        .set('X-API-Key', await newBotKey({ name: 'other' }))
        .expect(200);
    });

    it("a key's own rate_limit overrides the default", async () => {
      const key = await newBotKey({ name: 'busy-bot', rate_limit: 5 });
      for (let i = 0; i < 5; i++) await request(server).get('/markets').set('X-API-Key', key).expect(200);
      const refused = await request(server).get('/markets').set('X-API-Key', key).expect(429);
      expect(refused.headers['ratelimit-limit']).toBe('5');
      await request(server).post('/admin/keys').set('X-API-Key', ADMIN_KEY).send({ name: 'x', rate_limit: 0 }).expect(422);
    });

    it('developer keys have the default limit too; admin keys a higher one (ADMIN_API_KEY_RATE_LIMIT)', async () => {
      const dev = await request(server).post('/auth/keys').set('Authorization', token('dora')).send({ name: 'd' }).expect(200);
      for (let i = 0; i < 3; i++) await request(server).get('/positions').set('X-API-Key', dev.body.key).expect(200);
      await request(server).get('/positions').set('X-API-Key', dev.body.key).expect(429);

      // All admin keys share one higher limit; earlier tests used some of it.
      const first = await request(server).get('/markets').set('X-API-Key', ADMIN_KEY).expect(200);
      expect(first.headers['ratelimit-limit']).toBe('8');
      const remaining = Number(first.headers['ratelimit-remaining']);
      expect(remaining).toBeGreaterThan(0);
      for (let i = 0; i < remaining; i++) await request(server).get('/markets').set('X-API-Key', ADMIN_KEY).expect(200);
      const refused = await request(server).get('/markets').set('X-API-Key', ADMIN_KEY).expect(429);
      expect(refused.headers['retry-after']).toBeDefined();
    });
  });

  describe('failed authentication, per client address', () => {
    it('after FAILED_AUTH_LIMIT failures an address gets 429 (even with a right key); other addresses do not', async () => {
      const attacker = '127.0.0.3';
      const bystander = '127.0.0.4';
      const dev = await request(server).post('/auth/keys').set('Authorization', token('erin')).send({ name: 'e' }).expect(200);
      for (let i = 0; i < 4; i++) {
        const guess = await httpFrom(server, attacker, 'GET', '/markets', { 'X-API-Key': `mdk_guess${i}` });
        expect(guess.status).toBe(401);
      }
      const blocked = await httpFrom(server, attacker, 'GET', '/markets', { 'X-API-Key': 'mdk_guess5' });
      expect(blocked).toMatchObject({ status: 429, body: { detail: 'Too many failed authentication attempts' } });
      expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
      expect(blocked.headers['ratelimit-limit']).toBe('4');
      expect(blocked.headers['ratelimit-remaining']).toBe('0');
      // A right key from that address is refused too: a 200 would tell the guesser it hit.
      expect((await httpFrom(server, attacker, 'GET', '/markets', { 'X-API-Key': dev.body.key })).status).toBe(429);
      // Bearer routes count and refuse the same way.
      expect((await httpFrom(server, attacker, 'GET', '/auth/keys', { Authorization: token('erin') })).status).toBe(429);

      // The same key from another address works; its failures are its own.
      expect((await httpFrom(server, bystander, 'GET', '/markets', { 'X-API-Key': dev.body.key })).status).toBe(200);
      expect((await httpFrom(server, bystander, 'GET', '/markets', { 'X-API-Key': 'mdk_typo' })).status).toBe(401);
      // Public routes stay open for the blocked address.
      expect((await httpFrom(server, attacker, 'GET', '/health')).status).toBe(200);
    });

    it('a forged X-Forwarded-For does not escape the limit; behind TRUST_PROXY_HOPS proxies the forwarded client is counted', async () => {
      const forger = '127.0.0.6';
      for (let i = 0; i < 4; i++) await httpFrom(server, forger, 'GET', '/markets', { 'X-API-Key': 'mdk_x', 'X-Forwarded-For': `10.0.0.${i}` });
      expect((await httpFrom(server, forger, 'GET', '/markets', { 'X-API-Key': 'mdk_x', 'X-Forwarded-For': '10.0.0.9' })).status).toBe(429);

      const behindProxy = await createMarketDataApp(loadMarketDataSettings({ ...env, TRUST_PROXY_HOPS: '1' }), { logger: false });
      try {
        await behindProxy.init();
        await behindProxy.listen(0, '127.0.0.1');
        const proxied = behindProxy.getHttpServer();
        // One proxy at 127.0.0.7 forwards two clients.
        const call = (client: string) => httpFrom(proxied, '127.0.0.7', 'GET', '/markets', { 'X-API-Key': 'mdk_x', 'X-Forwarded-For': client });
        for (let i = 0; i < 4; i++) expect((await call('203.0.113.1')).status).toBe(401);
        expect((await call('203.0.113.1')).status).toBe(429);
        expect((await call('203.0.113.2')).status).toBe(401);
      } finally {
        await behindProxy.close();
      }
    });
  });
});
