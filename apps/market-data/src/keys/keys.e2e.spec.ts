import { createHash } from 'node:crypto';
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { NestFastifyApplication } from '@nestjs/platform-fastify';
import { DEV_JWT } from '@perp/auth';
import { DevSigningKey, ensureDevSigningKey, PostgresServer, signDevToken, startTestPostgres } from '@perp/local-infra';
import { devServiceEnv } from '@perp/service';
import { postgresPoolOptions, StoreConnection } from '@perp/store';
import { Client } from 'pg';
import request from 'supertest';
import { createMarketDataApp } from '../create-app';
import { loadMarketDataSettings } from '../settings';
import { KEY_STORE_OPTIONS } from '../key-store/key-store-options';
import { migrateKeyStore } from '../key-store/key-store-schema';

const ADMIN_KEYS = ['admin-key-old-rotated-out-soon-0123456789', 'admin-key-new-current-one-0123456789'];
const KEY_PATTERN = /^mdk_[A-Za-z0-9_-]{43}$/;
const ISO_UTC = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z$/;

/** Key management on the real app, real Postgres and real HTTP, with JWTs signed by the dev key. */
describe('API key management', () => {
  let pg: PostgresServer;
  let app: NestFastifyApplication;
  let db: Client;
  let dataDir: string;
  let signing: DevSigningKey;
  const http = () => request(app.getHttpServer());
  const bearer = (sub: string) => `Bearer ${signDevToken(signing, { sub, issuer: DEV_JWT.issuer, audience: DEV_JWT.audience })}`;

  beforeAll(async () => {
    pg = await startTestPostgres(['perp_index', 'perp_source', 'market_data', 'market_data_race']);
    dataDir = mkdtempSync(join(tmpdir(), 'md-keys-'));
    chmodSync(dataDir, 0o755);
    signing = ensureDevSigningKey(dataDir);
    app = await createMarketDataApp(
      loadMarketDataSettings(
        devServiceEnv({
          INDEX_DATABASE_URL: pg.url('perp_index'),
          SOURCE_DATABASE_URL: pg.url('perp_source'),
          MARKET_DATA_DATABASE_URL: pg.url('market_data'),
          ADMIN_API_KEYS: ADMIN_KEYS.join(','),
          JWT_JWKS_FILE: signing.files.jwks,
        }),
      ),
      { logger: false },
    );
    await app.init();
    await app.getHttpAdapter().getInstance().ready();
    db = new Client({ connectionString: pg.url('market_data') });
    await db.connect();
  }, 60_000);

  afterAll(async () => {
    await db?.end();
    await app?.close();
    await pg?.stop();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  it('migrated the key table at start: columns, unique hash, developer index', async () => {
    const columns = await db.query(
      `SELECT column_name, data_type, is_nullable FROM information_schema.columns WHERE table_name = 'api_keys' ORDER BY ordinal_position`,
    );
    expect(columns.rows.map((c) => [c.column_name, c.data_type, c.is_nullable])).toEqual([
      ['id', 'bigint', 'NO'],
      ['developer_id', 'text', 'YES'],
      ['name', 'character varying', 'NO'],
      ['key_hash', 'bytea', 'NO'],
      ['key_preview', 'character varying', 'NO'],
      ['is_active', 'boolean', 'NO'],
      ['created_at', 'timestamp with time zone', 'NO'],
      ['last_used_at', 'timestamp with time zone', 'YES'],
      ['revoked_at', 'timestamp with time zone', 'YES'],
      ['rate_limit', 'integer', 'YES'],
    ]);
    const indexes = await db.query(`SELECT indexname FROM pg_indexes WHERE tablename = 'api_keys' ORDER BY indexname`);
    expect(indexes.rows.map((i) => i.indexname)).toEqual(['api_keys_developer_id_idx', 'api_keys_key_hash_key', 'api_keys_pkey']);
  });

  it('runs the migrations once when replicas start together (advisory lock)', async () => {
    const replicas = [1, 2, 3].map(
      () => new StoreConnection('Key store', { type: 'postgres', url: pg.url('market_data_race'), extra: postgresPoolOptions(), ...KEY_STORE_OPTIONS }),
    );
    try {
      const applied = await Promise.all(replicas.map((store) => store.run(migrateKeyStore)));
      expect(applied.flat()).toEqual(['CreateApiKeys1767225600000', 'KeyRateLimit1767571200000']);
    } finally {
      await Promise.all(replicas.map((store) => store.close()));
    }
  });

  it('full developer lifecycle: create (key shown once), list previews, use, revoke twice, refused at once', async () => {
    const alice = bearer('alice');
    const created = await http().post('/auth/keys').set('Authorization', alice).send({ name: 'bot-1' }).expect(200);
    expect(Object.keys(created.body).sort()).toEqual(['created_at', 'id', 'key', 'name']);
    expect(created.body).toMatchObject({ id: expect.any(Number), name: 'bot-1', created_at: expect.stringMatching(ISO_UTC) });
    const key: string = created.body.key;
    expect(key).toMatch(KEY_PATTERN);

    // Stored as its SHA-256 only: the secret appears nowhere in the table.
    const row = await db.query(`SELECT encode(key_hash, 'hex') AS hash, key_preview, developer_id, t::text AS everything FROM api_keys t WHERE id = $1`, [
      created.body.id,
    ]);
    expect(row.rows[0].hash).toBe(createHash('sha256').update(key).digest('hex'));
    expect(row.rows[0].developer_id).toBe('alice');
    expect(row.rows[0].everything).not.toContain(key.slice(4));

    const second = await http().post('/auth/keys').set('Authorization', alice).send({}).expect(200);
    expect(second.body.name).toBe('default');

    const listed = await http().get('/auth/keys').set('Authorization', alice).expect(200);
    expect(listed.text).not.toContain(key);
    expect(listed.body).toEqual([
      {
        id: created.body.id,
        name: 'bot-1',
        key_preview: `${key.slice(0, 8)}...${key.slice(-4)}`,
        is_active: true,
        created_at: created.body.created_at,
        last_used_at: null,
      },
      expect.objectContaining({ id: second.body.id, name: 'default', is_active: true }),
    ]);
    for (const item of listed.body) expect(item).not.toHaveProperty('key');
    await http().get('/auth/keys').set('Authorization', bearer('bob')).expect(200, []);

    // The key is recognised (not an admin key, hence 403 rather than 401); this also caches it.
    await http().post('/admin/keys').set('X-API-Key', key).send({ name: 'x' }).expect(403, { detail: 'Admin API key required' });

    // Another developer cannot revoke it, and cannot tell it exists.
    await http().delete(`/auth/keys/${created.body.id}`).set('Authorization', bearer('bob')).expect(404, { detail: 'API key not found' });
    await http().post('/admin/keys').set('X-API-Key', key).send({ name: 'x' }).expect(403);

    const revoked = await http().delete(`/auth/keys/${created.body.id}`).set('Authorization', alice).expect(204);
    expect(revoked.text).toBe('');
    await http().delete(`/auth/keys/${created.body.id}`).set('Authorization', alice).expect(204);

    // Refused at once, although it was cached a moment ago.
    await http().post('/admin/keys').set('X-API-Key', key).send({ name: 'x' }).expect(401, { detail: 'Invalid API key' });

    const after = await http().get('/auth/keys').set('Authorization', alice).expect(200);
    expect(after.body.map((k: { id: number; is_active: boolean }) => [k.id, k.is_active])).toEqual([
      [created.body.id, false],
      [second.body.id, true],
    ]);
    const revokedAt = await db.query(`SELECT revoked_at FROM api_keys WHERE id = $1`, [created.body.id]);
    expect(revokedAt.rows[0].revoked_at).toBeInstanceOf(Date);
  });

  it('DELETE: unknown ids are 404, a non-integer key_id is a FastAPI 422', async () => {
    const alice = bearer('alice');
    await http().delete('/auth/keys/999999').set('Authorization', alice).expect(404, { detail: 'API key not found' });
    await http().delete('/auth/keys/0').set('Authorization', alice).expect(404);
    await http().delete('/auth/keys/-3').set('Authorization', alice).expect(404);
    await http().delete('/auth/keys/99999999999999999999999').set('Authorization', alice).expect(404, { detail: 'API key not found' });
    const bad = await http().delete('/auth/keys/abc').set('Authorization', alice).expect(422);
    expect(bad.body).toEqual({
      detail: [{ type: 'int_parsing', loc: ['path', 'key_id'], msg: 'Input should be a valid integer, unable to parse string as an integer', input: 'abc' }],
    });
  });

  it('POST /auth/keys validates its body: name up to 100 characters, body required', async () => {
    const alice = bearer('alice');
    const long = await http()
      .post('/auth/keys')
      .set('Authorization', alice)
      .send({ name: 'n'.repeat(101) })
      .expect(422);
    expect(long.body).toEqual({
      detail: [
        { type: 'string_too_long', loc: ['body', 'name'], msg: 'String should have at most 100 characters', input: 'n'.repeat(101), ctx: { max_length: 100 } },
      ],
    });
    await http()
      .post('/auth/keys')
      .set('Authorization', alice)
      .send({ name: 'n'.repeat(100) })
      .expect(200);
    const missing = await http().post('/auth/keys').set('Authorization', alice).expect(422);
    expect(missing.body).toEqual({ detail: [{ type: 'missing', loc: ['body'], msg: 'Field required', input: null }] });
    const notString = await http().post('/auth/keys').set('Authorization', alice).send({ name: 7 }).expect(422);
    expect(notString.body.detail[0]).toMatchObject({ type: 'string_type', loc: ['body', 'name'] });
  });

  it('POST /admin/keys and /v1/admin/keys: any of the rotated admin keys creates a bot key', async () => {
    for (const [path, adminKey] of [
      ['/admin/keys', ADMIN_KEYS[0]],
      ['/v1/admin/keys', ADMIN_KEYS[1]],
    ]) {
      const res = await http().post(path).set('X-API-Key', adminKey).send({ name: 'liquidator' }).expect(200);
      expect(Object.keys(res.body).sort()).toEqual(['created_at', 'id', 'is_active', 'key', 'last_used_at', 'name']);
      expect(res.body).toMatchObject({ name: 'liquidator', is_active: true, last_used_at: null, created_at: expect.stringMatching(ISO_UTC) });
      expect(res.body.key).toMatch(KEY_PATTERN);
      // A bot key: no developer owns it, so no developer can list or revoke it.
      const owner = await db.query(`SELECT developer_id FROM api_keys WHERE id = $1`, [res.body.id]);
      expect(owner.rows[0].developer_id).toBeNull();
      await http().delete(`/auth/keys/${res.body.id}`).set('Authorization', bearer('alice')).expect(404);
    }
  });

  it('admin routes: 401 without or with an unknown key, 403 with an ordinary key, 422 without a name', async () => {
    for (const path of ['/admin/keys', '/v1/admin/keys']) {
      await http().post(path).send({ name: 'x' }).expect(401, { detail: 'Missing API key' });
      await http().post(path).set('X-API-Key', '').send({ name: 'x' }).expect(401, { detail: 'Missing API key' });
      await http().post(path).set('X-API-Key', 'mdk_not-a-key-we-issued').send({ name: 'x' }).expect(401, { detail: 'Invalid API key' });
      await http().post(path).set('X-API-Key', 'something-else').send({ name: 'x' }).expect(401, { detail: 'Invalid API key' });
      const missingName = await http().post(path).set('X-API-Key', ADMIN_KEYS[1]).send({}).expect(422);
      expect(missingName.body.detail[0]).toMatchObject({ type: 'missing', loc: ['body', 'name'] });
      await http()
        .post(path)
        .set('X-API-Key', ADMIN_KEYS[1])
        .send({ name: 'n'.repeat(101) })
        .expect(422);
    }
    const ordinary = await http().post('/auth/keys').set('Authorization', bearer('carol')).send({ name: 'c' }).expect(200);
    await http().post('/admin/keys').set('X-API-Key', ordinary.body.key).send({ name: 'x' }).expect(403, { detail: 'Admin API key required' });
    await http().post('/v1/admin/keys').set('X-API-Key', ordinary.body.key).send({ name: 'x' }).expect(403, { detail: 'Admin API key required' });
  });

  it('the OpenAPI document puts the security requirement and auth errors on each key route', async () => {
    const { body: spec } = await http().get('/openapi.json').expect(200);
    const apiKey = [{ APIKeyHeader: [] }];
    const bearerAuth = [{ HTTPBearer: [] }];
    const routes: [string, string, unknown, string[]][] = [
      ['/admin/keys', 'post', apiKey, ['200', '400', '401', '403', '408', '413', '415', '422', '429', '500', '503']],
      ['/admin/keys', 'get', apiKey, ['200', '400', '401', '403', '408', '429', '500', '503']],
      ['/admin/keys/{key_id}', 'delete', apiKey, ['204', '400', '401', '403', '404', '408', '413', '414', '415', '422', '429', '500', '503']],
      ['/v1/admin/keys', 'post', apiKey, ['200', '400', '401', '403', '408', '413', '415', '422', '429', '500', '503']],
      ['/auth/keys', 'get', bearerAuth, ['200', '400', '401', '408', '429', '500', '503']],
      ['/auth/keys', 'post', bearerAuth, ['200', '400', '401', '408', '409', '413', '415', '422', '429', '500', '503']],
      ['/auth/keys/{key_id}', 'delete', bearerAuth, ['204', '400', '401', '404', '408', '413', '414', '415', '422', '429', '500', '503']],
    ];
    for (const [path, method, security, statuses] of routes) {
      const operation = spec.paths[path]?.[method];
      expect(operation).toBeDefined();
      expect(operation.security).toEqual(security);
      expect(Object.keys(operation.responses).sort()).toEqual(statuses);
    }
    expect(spec.paths['/auth/keys'].get.responses['401'].headers).toHaveProperty('WWW-Authenticate');
    expect(spec.paths['/auth/keys/{key_id}'].delete.parameters).toEqual([
      expect.objectContaining({ name: 'key_id', in: 'path', required: true, schema: { type: 'integer' } }),
    ]);
    expect(spec.paths['/health'].get.security).toBeUndefined();
    expect(spec.components.schemas.CreateDeveloperKeyBody.properties.name).toMatchObject({ maxLength: 100, default: 'default' });
  });
});
