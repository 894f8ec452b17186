import { generateKeyPairSync, randomBytes } from 'node:crypto';
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Controller, Get, Module } from '@nestjs/common';
import { NestFastifyApplication } from '@nestjs/platform-fastify';
import { CurrentPrincipal, DEV_JWT } from '@perp/auth';
import { frameworkErrorHandler, useHttpConventions } from '@perp/http';
import { DevSigningKey, ensureDevSigningKey, PostgresServer, signDevToken, startTestPostgres, waitUntil } from '@perp/local-infra';
import { buildOpenApiDocument, createServiceApp, devServiceEnv } from '@perp/service';
import { SignJWT, UnsecuredJWT } from 'jose';
import { Client } from 'pg';
import request from 'supertest';
import { AppModule } from '../app.module';
import { LastUsedRecorder } from '../key-store/last-used-recorder';
import { MARKET_DATA_DESCRIPTION } from '../service-description';
import { loadMarketDataSettings } from '../settings';
import { ApiKeyPrincipal } from './api-key-principal';
import { AuthModule } from './auth.module';
import { RequireApiKey } from './require-auth.decorators';

const ADMIN_KEY = 'admin-key-for-the-auth-tests-0123456789';

/** A route like the market routes will be: only `@RequireApiKey()`, in a module of its own. */
@Controller('probe')
class ProbeController {
  @Get()
  @RequireApiKey()
  who(@CurrentPrincipal() who: ApiKeyPrincipal): ApiKeyPrincipal {
    return who;
  }
}

/** The market-data app plus the probe route, wired like createMarketDataApp (the probe's module imports AuthModule, as a feature module does). */
async function createProbeApp(env: NodeJS.ProcessEnv): Promise<NestFastifyApplication> {
  @Module({
    imports: [AppModule.register(loadMarketDataSettings(devServiceEnv({ ADMIN_API_KEYS: ADMIN_KEY, ...env }))), AuthModule],
    controllers: [ProbeController],
  })
  class ProbeModule {}
  const app = await createServiceApp(ProbeModule, {
    logger: false,
    fastify: { frameworkErrors: frameworkErrorHandler('detail') },
    configure: (nest) => useHttpConventions(nest, { errors: 'detail' }),
  });
  await app.init();
  await app.getHttpAdapter().getInstance().ready();
  return app;
}

describe('market-data authentication', () => {
  let pg: PostgresServer;
  let dataDir: string;
  let signing: DevSigningKey;
  let db: Client;
  let app: NestFastifyApplication;
  let env: NodeJS.ProcessEnv;
  const http = (target = app) => request(target.getHttpServer());
  const token = (sub = 'alice') => signDevToken(signing, { sub, issuer: DEV_JWT.issuer, audience: DEV_JWT.audience });

  async function newDeveloperKey(sub = 'alice'): Promise<{ id: number; key: string }> {
    const res = await http()
      .post('/auth/keys')
      .set('Authorization', `Bearer ${token(sub)}`)
      .send({ name: 'k' })
      .expect(200);
    return res.body;
  }

  beforeAll(async () => {
    pg = await startTestPostgres(['perp_index', 'perp_source', 'market_data']);
    dataDir = mkdtempSync(join(tmpdir(), 'md-auth-'));
    chmodSync(dataDir, 0o755);
    signing = ensureDevSigningKey(dataDir);
    env = {
      INDEX_DATABASE_URL: pg.url('perp_index'),
      SOURCE_DATABASE_URL: pg.url('perp_source'),
      MARKET_DATA_DATABASE_URL: pg.url('market_data'),
      JWT_JWKS_FILE: signing.files.jwks,
      API_KEY_LAST_USED_FLUSH_MS: '3600000', // flushed by hand below
    };
    app = await createProbeApp(env);
    db = new Client({ connectionString: pg.url('market_data') });
    await db.connect();
  }, 60_000);

  afterAll(async () => {
    await db?.end();
    await app?.close();
    await pg?.stop();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  describe('X-API-Key on an ordinary route', () => {
    it('401 Missing API key without the header (or with an empty one)', async () => {
      await http().get('/probe').expect(401, { detail: 'Missing API key' });
      await http().get('/probe').set('X-API-Key', '').expect(401, { detail: 'Missing API key' });
    });

    it('401 Invalid API key for an unknown key, of our format or not', async () => {
      await http()
        .get('/probe')
        .set('X-API-Key', `mdk_${randomBytes(32).toString('base64url')}`)
        .expect(401, { detail: 'Invalid API key' });
      await http().get('/probe').set('X-API-Key', 'nope').expect(401, { detail: 'Invalid API key' });
      await http()
        .get('/probe')
        .set('X-API-Key', `mdk_${'x'.repeat(5000)}`)
        .expect(401, { detail: 'Invalid API key' });
    });

    it('accepts an active key, and an admin key everywhere an API key is accepted', async () => {
      const { id, key } = await newDeveloperKey();
      await http().get('/probe').set('X-API-Key', key).expect(200, { kind: 'api-key', keyId: id });
      await http().get('/probe').set('x-api-key', key).expect(200);
      await http().get('/probe').set('X-API-Key', ADMIN_KEY).expect(200, { kind: 'admin' });
    });

    it('refuses a revoked key at once, even right after it was cached', async () => {
      const { id, key } = await newDeveloperKey();
      await http().get('/probe').set('X-API-Key', key).expect(200);
      await http().delete(`/auth/keys/${id}`).set('Authorization', `Bearer ${token()}`).expect(204);
      await http().get('/probe').set('X-API-Key', key).expect(401, { detail: 'Invalid API key' });
    });

    it('another replica stops accepting a revoked key within API_KEY_CACHE_TTL_MS', async () => {
      const replica = await createProbeApp({ ...env, API_KEY_CACHE_TTL_MS: '1000' });
      try {
        const { id, key } = await newDeveloperKey();
        await http(replica).get('/probe').set('X-API-Key', key).expect(200); // now cached there
        await http().delete(`/auth/keys/${id}`).set('Authorization', `Bearer ${token()}`).expect(204);
        const revokedAt = Date.now();
        await waitUntil('the replica to refuse the key', async () => (await http(replica).get('/probe').set('X-API-Key', key)).status === 401, {
          timeoutMs: 3_000,
          intervalMs: 50,
        });
        expect(Date.now() - revokedAt).toBeLessThan(1_500);
      } finally {
        await replica.close();
      }
    });

    it('documents the route with APIKeyHeader and its 401', () => {
      const spec = buildOpenApiDocument(app, MARKET_DATA_DESCRIPTION);
      const operation = spec.paths['/probe'].get;
      expect(operation?.security).toEqual([{ APIKeyHeader: [] }]);
      expect(Object.keys(operation?.responses ?? {})).toEqual(expect.arrayContaining(['401', '503']));
    });
  });

  describe('last_used_at', () => {
    const row = async (id: number) =>
      (await db.query(`SELECT xmin::text AS version, last_used_at FROM api_keys WHERE id = $1`, [id])).rows[0] as {
        version: string;
        last_used_at: Date | null;
      };

    it('is kept in memory and written by the flush, not by each request', async () => {
      const { id, key } = await newDeveloperKey();
      const before = await row(id);
      const started = new Date();
      for (let i = 0; i < 5; i++) await http().get('/probe').set('X-API-Key', key).expect(200);
      // Same row version: the requests wrote nothing.
      expect(await row(id)).toEqual({ version: before.version, last_used_at: null });

      await app.get(LastUsedRecorder).flush();
      const after = await row(id);
      expect(after.version).not.toBe(before.version);
      const usedAt = after.last_used_at?.getTime() ?? Number.NaN;
      expect(usedAt).toBeGreaterThanOrEqual(started.getTime() - 1);
      expect(usedAt).toBeLessThanOrEqual(Date.now());
      const listed = await http().get('/auth/keys').set('Authorization', `Bearer ${token()}`).expect(200);
      expect(listed.body.find((k: { id: number }) => k.id === id).last_used_at).toBe(new Date(usedAt).toISOString());

      // Nothing pending: a second flush writes nothing.
      await app.get(LastUsedRecorder).flush();
      expect((await row(id)).version).toBe(after.version);
    });

    it('is flushed every API_KEY_LAST_USED_FLUSH_MS, and at shutdown', async () => {
      const periodic = await createProbeApp({ ...env, API_KEY_LAST_USED_FLUSH_MS: '200' });
      const { id: first, key: firstKey } = await newDeveloperKey();
      try {
        await http(periodic).get('/probe').set('X-API-Key', firstKey).expect(200);
        await waitUntil('the periodic flush', async () => (await row(first)).last_used_at !== null, { timeoutMs: 5_000 });
      } finally {
        await periodic.close();
      }

      const closing = await createProbeApp(env);
      const { id: second, key: secondKey } = await newDeveloperKey();
      await http(closing).get('/probe').set('X-API-Key', secondKey).expect(200);
      expect((await row(second)).last_used_at).toBeNull();
      await closing.close();
      expect((await row(second)).last_used_at).toBeInstanceOf(Date);
    });
  });

  describe('bearer JWT on /auth/keys', () => {
    const refused = async (authorization: string | undefined) => {
      const call = http().get('/auth/keys');
      if (authorization !== undefined) call.set('Authorization', authorization);
      const res = await call.expect(401);
      expect(res.body).toEqual({ detail: 'Not authenticated' });
      expect(res.headers['www-authenticate']).toBe('Bearer');
    };
    const now = () => Math.floor(Date.now() / 1000);
    const signed = (claims: Record<string, unknown>, header: Record<string, unknown> = {}) =>
      new SignJWT({ sub: 'alice', ...claims })
        .setProtectedHeader({ alg: 'ES256', kid: signing.kid, ...header })
        .setIssuedAt()
        .sign(signing.privateKey);

    it('accepts a token of the dev identity provider', async () => {
      await http()
        .get('/auth/keys')
        .set('Authorization', `Bearer ${token('nobody-yet')}`)
        .expect(200, []);
      await http()
        .get('/auth/keys')
        .set('Authorization', `bearer ${token('nobody-yet')}`)
        .expect(200, []);
    });

    it('401 without a token, or with another scheme, or not a JWT', async () => {
      await refused(undefined);
      await refused('');
      await refused(`Basic ${Buffer.from('alice:pw').toString('base64')}`);
      await refused('Bearer');
      await refused('Bearer not-a-jwt');
      await refused(`Bearer ${token()} extra`);
    });

    it('401 for a wrong issuer, a wrong audience, an expired token, or no exp or sub', async () => {
      await refused(`Bearer ${await signed({ iss: 'someone-else', aud: DEV_JWT.audience, exp: now() + 600 })}`);
      await refused(`Bearer ${await signed({ iss: DEV_JWT.issuer, aud: 'beacon-ops', exp: now() + 600 })}`);
      await refused(`Bearer ${await signed({ iss: DEV_JWT.issuer, aud: DEV_JWT.audience, exp: now() - 3600 })}`);
      await refused(`Bearer ${await signed({ iss: DEV_JWT.issuer, aud: DEV_JWT.audience })}`);
      await refused(`Bearer ${await signed({ iss: DEV_JWT.issuer, aud: DEV_JWT.audience, exp: now() + 600, sub: undefined })}`);
      await refused(`Bearer ${await signed({ iss: DEV_JWT.issuer, aud: DEV_JWT.audience, exp: now() + 600, sub: '' })}`);
      // Within the clock tolerance (30 s) a just-expired token still passes.
      await http()
        .get('/auth/keys')
        .set('Authorization', `Bearer ${await signed({ iss: DEV_JWT.issuer, aud: DEV_JWT.audience, exp: now() - 5 })}`)
        .expect(200);
    });

    it('401 for an algorithm outside the allow-list (HS256 keyed with the public key, alg none)', async () => {
      const claims = { iss: DEV_JWT.issuer, aud: DEV_JWT.audience, exp: now() + 600, sub: 'alice' };
      const publicJwk = JSON.stringify(signing.jwks.keys[0]);
      const hs256 = await new SignJWT(claims).setProtectedHeader({ alg: 'HS256', kid: signing.kid }).sign(new TextEncoder().encode(publicJwk));
      await refused(`Bearer ${hs256}`);
      await refused(`Bearer ${new UnsecuredJWT(claims).encode()}`);
    });

    it('401 for a bad signature: another key claiming the same kid, or a tampered payload', async () => {
      const { privateKey: stranger } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
      const forged = await new SignJWT({ sub: 'alice' })
        .setProtectedHeader({ alg: 'ES256', kid: signing.kid })
        .setIssuer(DEV_JWT.issuer)
        .setAudience(DEV_JWT.audience)
        .setExpirationTime('10m')
        .sign(stranger);
      await refused(`Bearer ${forged}`);
      const [header, , signature] = token('alice').split('.');
      const payload = Buffer.from(JSON.stringify({ sub: 'mallory', iss: DEV_JWT.issuer, aud: DEV_JWT.audience, exp: now() + 600 })).toString('base64url');
      await refused(`Bearer ${header}.${payload}.${signature}`);
    });

    it('every /auth/keys route refuses a missing token before validating anything', async () => {
      await http().post('/auth/keys').expect(401, { detail: 'Not authenticated' });
      await http().delete('/auth/keys/abc').expect(401, { detail: 'Not authenticated' });
    });

    it('starts without its JWKS file (401 meanwhile) and picks the file up once it exists', async () => {
      const later = mkdtempSync(join(tmpdir(), 'md-jwks-later-'));
      const waiting = await createProbeApp({ ...env, JWT_JWKS_FILE: join(later, 'dev-jwks.json') });
      try {
        await http(waiting)
          .get('/auth/keys')
          .set('Authorization', `Bearer ${token('dora')}`)
          .expect(401, { detail: 'Not authenticated' });
        await http(waiting).get('/probe').set('X-API-Key', ADMIN_KEY).expect(200); // bot routes unaffected
        // What `npm run dev-token` does on first use: create the key pair and its JWKS file.
        const nowToken = signDevToken(ensureDevSigningKey(later), { sub: 'dora', issuer: DEV_JWT.issuer, audience: DEV_JWT.audience });
        await http(waiting).get('/auth/keys').set('Authorization', `Bearer ${nowToken}`).expect(200, []);
      } finally {
        await waiting.close();
        rmSync(later, { recursive: true, force: true });
      }
    });
  });
});

describe('market-data authentication while the Key store is down', () => {
  let app: NestFastifyApplication;
  let dataDir: string;
  let signing: DevSigningKey;

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'md-auth-down-'));
    signing = ensureDevSigningKey(dataDir);
    const nowhere = 'postgres://postgres@127.0.0.1:1/none';
    app = await createProbeApp({
      INDEX_DATABASE_URL: nowhere,
      SOURCE_DATABASE_URL: nowhere,
      MARKET_DATA_DATABASE_URL: nowhere,
      JWT_JWKS_FILE: signing.files.jwks,
    });
  });

  afterAll(async () => {
    await app?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('answers 503 Key store unavailable where a key must be looked up, never 401 or 500', async () => {
    const unavailable = { detail: 'Key store unavailable' };
    const key = `mdk_${randomBytes(32).toString('base64url')}`;
    await request(app.getHttpServer()).get('/probe').set('X-API-Key', key).expect(503, unavailable);
    await request(app.getHttpServer()).post('/admin/keys').set('X-API-Key', ADMIN_KEY).send({ name: 'x' }).expect(503, unavailable);
    const bearer = `Bearer ${signDevToken(signing, { sub: 'alice', issuer: DEV_JWT.issuer, audience: DEV_JWT.audience })}`;
    await request(app.getHttpServer()).get('/auth/keys').set('Authorization', bearer).expect(503, unavailable);
    await request(app.getHttpServer()).delete('/auth/keys/1').set('Authorization', bearer).expect(503, unavailable);
  });

  it('still checks what needs no store: missing keys, admin keys, bearer tokens', async () => {
    await request(app.getHttpServer()).get('/probe').expect(401, { detail: 'Missing API key' });
    await request(app.getHttpServer()).get('/probe').set('X-API-Key', ADMIN_KEY).expect(200, { kind: 'admin' });
    await request(app.getHttpServer()).get('/auth/keys').expect(401, { detail: 'Not authenticated' });
  });
});
