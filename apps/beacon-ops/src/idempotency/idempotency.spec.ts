import request from 'supertest';
import { anvilAddress } from '../test/anvil-keys';
import { Infra, journalRows, PoolApp, poolSettings, startInfra, startPoolApp } from '../test/pool-test-env';
import { TransferTestController } from '../test/transfer-test.controller';

const RECIPIENT = anvilAddress(0);
const WALLETS = [1, 2].map(anvilAddress);

/** Idempotency-Key through real HTTP (the claim, the one fingerprint) and at the pool level (the journal row found by its key), on Postgres and anvil. */
describe('idempotency', () => {
  let infra: Infra;
  let pool: PoolApp;

  beforeAll(async () => {
    infra = await startInfra();
    pool = await startPoolApp(poolSettings(infra.pg.url('beacon_ops'), infra.anvil.url, {}, [1, 2]), { controllers: [TransferTestController] });
  }, 60_000);

  afterAll(async () => {
    await pool?.close();
    await infra?.stop();
  });

  const post = (body: object, key?: string) => {
    const req = request(pool.app.getHttpServer()).post('/test/transfer');
    return key === undefined ? req.send(body) : req.set('Idempotency-Key', key).send(body);
  };
  const chainTxCount = async () => (await Promise.all(WALLETS.map((w) => infra.chain.getTransactionCount(w)))).reduce((a, b) => a + b, 0);

  it('replays the first answer to a retry with the same key: one transaction', async () => {
    const before = await chainTxCount();
    const first = await post({ to: RECIPIENT, value: '11' }, 'key-1').expect(200);
    expect(first.body).toEqual({ success: true, data: expect.stringMatching(/^Transaction hash: 0x[0-9a-f]{64}$/), message: 'OK' });
    expect(first.headers['idempotent-replayed']).toBeUndefined();

    const again = await post({ value: '11', to: RECIPIENT }, 'key-1').expect(200); // same body, keys in another order
    expect(again.body).toEqual(first.body);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(await chainTxCount()).toBe(before + 1);
  });

  it('refuses the same key with a different body: 422, nothing sent', async () => {
    const before = await chainTxCount();
    const res = await post({ to: RECIPIENT, value: '12' }, 'key-1').expect(422);
    expect(res.body).toEqual({ success: false, data: null, message: 'Idempotency-Key "key-1" was already used with a different request' });
    expect(await chainTxCount()).toBe(before);
  });

  it('runs concurrent requests with one key once; the others wait and get the same answer', async () => {
    const before = await chainTxCount();
    const answers = await Promise.all(Array.from({ length: 5 }, () => post({ to: RECIPIENT, value: '13' }, 'key-concurrent')));
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200, 200]);
    expect(new Set(answers.map((a) => JSON.stringify(a.body))).size).toBe(1);
    expect(answers.filter((a) => a.headers['idempotent-replayed'] === 'true')).toHaveLength(4);
    expect(await chainTxCount()).toBe(before + 1);
  });

  it('sends every request without a key', async () => {
    const before = await chainTxCount();
    await post({ to: RECIPIENT, value: '14' }).expect(200);
    await post({ to: RECIPIENT, value: '14' }).expect(200);
    expect(await chainTxCount()).toBe(before + 2);
  });

  it('replays a 4xx answer too, and refuses a malformed key', async () => {
    const first = await post({ to: RECIPIENT, value: 'invalid' }, 'key-invalid').expect(422);
    const again = await post({ to: RECIPIENT, value: 'invalid' }, 'key-invalid').expect(422);
    expect(again.body).toEqual(first.body);
    expect(again.headers['idempotent-replayed']).toBe('true');

    const bad = await post({ to: RECIPIENT, value: '1' }, 'x'.repeat(256)).expect(422);
    expect(bad.body.message).toBe('Invalid request: Idempotency-Key header: must be 1 to 255 visible ASCII characters');
  });

  it('at the pool level, a second send with the key returns the first transaction (the claim, not the pool, compares requests)', async () => {
    const send = (value: bigint) =>
      pool.pool.send({
        kind: 'test_transfer',
        request: { value: String(value) },
        idempotencyKey: 'pool-key',
        build: () => ({ to: RECIPIENT, value, gasLimit: 21_000n }),
      });
    const rowsBefore = (await journalRows(pool.db)).length;
    const [a, b] = await Promise.all([send(15n), send(15n)]);
    expect(b.hash).toBe(a.hash);
    expect([a.replayed, b.replayed].sort()).toEqual([false, true]);
    const c = await send(15n);
    expect(c).toMatchObject({ hash: a.hash, replayed: true, status: 'confirmed' });
    expect((await journalRows(pool.db)).length).toBe(rowsBefore + 1);
  });

  it('keeps a released claim bound to its request: a retry after a 5xx runs again, another request with the key is 422', async () => {
    const service = pool.app.get((await import('./idempotency.service')).IdempotencyService);
    const first = await service.claim('key-released', 'a'.repeat(64));
    expect(first.kind).toBe('run');
    await service.release('key-released', (first as { owner: string }).owner);
    await expect(service.claim('key-released', 'b'.repeat(64))).rejects.toMatchObject({ status: 422 });
    const retry = await service.claim('key-released', 'a'.repeat(64));
    expect(retry.kind).toBe('run');
    await service.release('key-released', (retry as { owner: string }).owner);
  });

  it('forgets keys older than the retention period', async () => {
    await pool.db.query(`UPDATE idempotency_keys SET created_at = now() - interval '25 hours' WHERE key = 'key-1'`);
    const purged = await pool.app.get((await import('./idempotency.service')).IdempotencyService).purgeExpired();
    expect(purged).toBe(1);
    expect(await pool.db.query(`SELECT key FROM idempotency_keys WHERE key = 'key-1'`)).toEqual([]);
    // Its transaction is detached from it: the key used again is a new request, not a replay.
    expect(await pool.db.query(`SELECT id FROM tx_journal WHERE idempotency_key = 'key-1'`)).toEqual([]);
  });
});
