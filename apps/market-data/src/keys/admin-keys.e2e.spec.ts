import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { NestFastifyApplication } from '@nestjs/platform-fastify';
import { DEV_JWT } from '@perp/auth';
import { runIndexDbMigrations } from '@perp/index-db';
import { DevSigningKey, ensureDevSigningKey, PostgresServer, signDevToken, startTestPostgres, waitUntil } from '@perp/local-infra';
import request from 'supertest';
import { createMarketDataApp } from '../create-app';
import { loadMarketDataSettings } from '../settings';
import { storeSettingsEnv } from '../test/store-settings-env';
import { KeyRevocationListener } from '../key-store/key-revocation-listener';

const ADMIN_KEY = 'admin-keys-tests-admin-key-0123456789abcdef';

describe('market-data: admin listing and revocation of every key, per-developer limit', () => {
  let pg: PostgresServer;
  let dataDir: string;
  let signing: DevSigningKey;
  let env: Record<string, string>;
  let app: NestFastifyApplication;
  const http = (target = app) => request(target.getHttpServer());
  const bearer = (sub: string) => `Bearer ${signDevToken(signing, { sub, issuer: DEV_JWT.issuer, audience: DEV_JWT.audience })}`;

  async function startApp(overrides: Record<string, string> = {}): Promise<NestFastifyApplication> {
    const started = await createMarketDataApp(loadMarketDataSettings({ ...env, ...overrides }), { logger: false });
    await started.init();
    await started.getHttpAdapter().getInstance().ready();
    return started;
  }

  beforeAll(async () => {
    pg = await startTestPostgres(['perp_index', 'perp_source', 'market_data']);
    await runIndexDbMigrations(pg.url('perp_index'), pg.url('perp_source'));
    dataDir = mkdtempSync(join(tmpdir(), 'md-admin-keys-'));
    signing = ensureDevSigningKey(dataDir);
    env = storeSettingsEnv(pg, signing, ADMIN_KEY, {
      DEVELOPER_KEY_LIMIT: '3',
      // The longest cache allowed: a replica that refuses a revoked key sooner heard the NOTIFY.
      API_KEY_CACHE_TTL_MS: '5000',
    });
    app = await startApp();
  }, 60_000);

  afterAll(async () => {
    await app?.close();
    await pg?.stop();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  it('GET /admin/keys lists every key (bot and developer, revoked too) with owner, times and override; previews only', async () => {
    const bot = (await http().post('/admin/keys').set('X-API-Key', ADMIN_KEY).send({ name: 'bot', rate_limit: 120 }).expect(200)).body;
    const dev = (await http().post('/auth/keys').set('Authorization', bearer('frank')).send({ name: 'mine' }).expect(200)).body;
    await http().delete(`/auth/keys/${dev.id}`).set('Authorization', bearer('frank')).expect(204);

    const listed = await http().get('/admin/keys').set('X-API-Key', ADMIN_KEY).expect(200);
    const byId = new Map((listed.body as { id: number }[]).map((k) => [k.id, k]));
    expect(byId.get(bot.id)).toEqual({
      id: bot.id,
      name: 'bot',
      key_preview: `${bot.key.slice(0, 8)}...${bot.key.slice(-4)}`,
      is_active: true,
      created_at: bot.created_at,
      last_used_at: null,
      developer_id: null,
      revoked_at: null,
      rate_limit: 120,
    });
    expect(byId.get(dev.id)).toMatchObject({ developer_id: 'frank', is_active: false, rate_limit: null, revoked_at: expect.any(String) });
    expect(JSON.stringify(listed.body)).not.toContain(bot.key);
    expect(JSON.stringify(listed.body)).not.toContain(dev.key);
  });

  it('the admin routes refuse a bot key (403) and no key (401)', async () => {
    const bot = (await http().post('/admin/keys').set('X-API-Key', ADMIN_KEY).send({ name: 'b' }).expect(200)).body;
    await http().get('/admin/keys').set('X-API-Key', bot.key).expect(403, { detail: 'Admin API key required' });
    await http().delete(`/admin/keys/${bot.id}`).set('X-API-Key', bot.key).expect(403, { detail: 'Admin API key required' });
    await http().get('/admin/keys').expect(401, { detail: 'Missing API key' });
    await http().delete(`/admin/keys/${bot.id}`).expect(401, { detail: 'Missing API key' });
  });

  it('DELETE /admin/keys/{id} revokes any key (a developer key too): refused at once; again 204; unknown 404', async () => {
    const dev = (await http().post('/auth/keys').set('Authorization', bearer('gina')).send({ name: 'g' }).expect(200)).body;
    await http().get('/markets').set('X-API-Key', dev.key).expect(200);
    await http().delete(`/admin/keys/${dev.id}`).set('X-API-Key', ADMIN_KEY).expect(204);
    await http().get('/markets').set('X-API-Key', dev.key).expect(401, { detail: 'Invalid API key' });
    await http().delete(`/admin/keys/${dev.id}`).set('X-API-Key', ADMIN_KEY).expect(204);
    await http().delete('/admin/keys/999999').set('X-API-Key', ADMIN_KEY).expect(404, { detail: 'API key not found' });
    await http().delete('/admin/keys/abc').set('X-API-Key', ADMIN_KEY).expect(422);
    const listed = (await http().get('/auth/keys').set('Authorization', bearer('gina')).expect(200)).body;
    expect(listed).toEqual([expect.objectContaining({ id: dev.id, is_active: false })]);
  });

  it('a developer holds at most DEVELOPER_KEY_LIMIT active keys: 409 beyond, a revoked key frees a place', async () => {
    const create = () => http().post('/auth/keys').set('Authorization', bearer('hugo')).send({ name: 'h' });
    const ids: number[] = [];
    for (let i = 0; i < 3; i++) ids.push((await create().expect(200)).body.id);
    const refused = await create().expect(409);
    expect(refused.body).toEqual({ detail: 'API key limit reached: at most 3 active keys per developer; revoke one first' });
    // Concurrent creations cannot overshoot the limit.
    await http().delete(`/auth/keys/${ids[0]}`).set('Authorization', bearer('hugo')).expect(204);
    const raced = await Promise.all([create(), create(), create()]);
    expect(raced.map((r) => r.status).sort()).toEqual([200, 409, 409]);
    // Other developers and admin-created bot keys are not counted.
    await http().post('/auth/keys').set('Authorization', bearer('ivy')).send({ name: 'i' }).expect(200);
  });

  it('a revocation on one instance is seen by another on the same database at once (LISTEN/NOTIFY), not after the cache TTL', async () => {
    const replica = await startApp();
    try {
      await waitUntil('the replica to listen', async () => (replica.get(KeyRevocationListener) as unknown as { client?: object }).client !== undefined, {
        timeoutMs: 5_000,
      });
      const bot = (await http().post('/admin/keys').set('X-API-Key', ADMIN_KEY).send({ name: 'shared' }).expect(200)).body;
      const dev = (await http().post('/auth/keys').set('Authorization', bearer('jade')).send({ name: 'j' }).expect(200)).body;
      await http(replica).get('/markets').set('X-API-Key', bot.key).expect(200); // cached on the replica for 5 s
      await http(replica).get('/markets').set('X-API-Key', dev.key).expect(200);

      await http().delete(`/admin/keys/${bot.id}`).set('X-API-Key', ADMIN_KEY).expect(204);
      await http().delete(`/auth/keys/${dev.id}`).set('Authorization', bearer('jade')).expect(204);
      const revokedAt = Date.now();
      await waitUntil(
        'the replica to refuse both keys',
        async () => {
          const [a, b] = await Promise.all([http(replica).get('/markets').set('X-API-Key', bot.key), http(replica).get('/markets').set('X-API-Key', dev.key)]);
          return a.status === 401 && b.status === 401;
        },
        { timeoutMs: 4_000, intervalMs: 20 },
      );
      expect(Date.now() - revokedAt).toBeLessThan(1_000);
    } finally {
      await replica.close();
    }
  });
});
