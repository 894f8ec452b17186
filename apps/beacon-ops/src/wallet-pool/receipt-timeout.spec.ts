import request from 'supertest';
import { anvilAddress } from '../test/anvil-keys';
import { Infra, journalRows, PoolApp, poolSettings, sleep, startInfra, startPoolApp } from '../test/pool-test-env';
import { TransferTestController } from '../test/transfer-test.controller';

const RECIPIENT = anvilAddress(0);

async function until(what: string, check: () => Promise<boolean>, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(50);
  }
}

/** A receipt that never comes: anvil without mining until the test mines by hand. */
describe('receipt timeout', () => {
  let infra: Infra;
  let pool: PoolApp;

  beforeAll(async () => {
    infra = await startInfra({ extraArgs: ['--no-mining'] });
    pool = await startPoolApp(poolSettings(infra.pg.url('beacon_ops'), infra.anvil.url, { RECEIPT_TIMEOUT_MS: '1500', RECONCILE_INTERVAL_MS: '200' }, [1]), {
      controllers: [TransferTestController],
    });
  }, 60_000);

  afterAll(async () => {
    await pool?.close();
    await infra?.stop();
  });

  it('answers 504 with the hash, keeps the row pending, and the background reconciler confirms it once mined', async () => {
    const body = { to: RECIPIENT, value: '7' };
    const started = Date.now();
    const first = await request(pool.app.getHttpServer()).post('/test/transfer').set('Idempotency-Key', 'slow-1').send(body).expect(504);
    expect(Date.now() - started).toBeLessThan(4_000);
    const hash = /Transaction hash: (0x[0-9a-f]{64})$/.exec(first.body.message)?.[1] ?? 'no hash in the message';
    expect(first.body).toEqual({
      success: false,
      data: null,
      message: `No receipt in time; the transaction stays in the journal and will be reconciled. Transaction hash: ${hash}`,
    });
    let [row] = await journalRows(pool.db);
    expect(row).toMatchObject({ tx_hash: hash, status: 'pending' });

    // A retry while it is still unmined: the same 504 and hash, no second transaction.
    const retry = await request(pool.app.getHttpServer()).post('/test/transfer').set('Idempotency-Key', 'slow-1').send(body).expect(504);
    expect(retry.body.message).toBe(first.body.message);
    expect(await journalRows(pool.db)).toHaveLength(1);

    // The node loses it: the reconciler hands it the stored bytes again (same nonce, same hash).
    await infra.rpc('anvil_dropTransaction', [hash]);
    expect(await infra.chain.getTransaction(hash)).toBeNull();
    await until('the re-broadcast', async () => (await infra.chain.getTransaction(hash)) !== null);

    await infra.rpc('evm_mine');
    await until('the row confirmed', async () => (await journalRows(pool.db))[0].status === 'confirmed');
    [row] = await journalRows(pool.db);
    expect(row).toMatchObject({ tx_hash: hash, status: 'confirmed' });
    expect(row.block_number).toBe(1);

    // Now the retry gets the first result, without a second transaction.
    const done = await request(pool.app.getHttpServer()).post('/test/transfer').set('Idempotency-Key', 'slow-1').send(body).expect(200);
    expect(done.body).toEqual({ success: true, data: `Transaction hash: ${hash}`, message: 'OK' });
    const replay = await request(pool.app.getHttpServer()).post('/test/transfer').set('Idempotency-Key', 'slow-1').send(body).expect(200);
    expect(replay.body).toEqual(done.body);
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect(await journalRows(pool.db)).toHaveLength(1);
    expect(await infra.chain.getTransactionCount(anvilAddress(1), 'latest')).toBe(1);
  }, 30_000);

  it('a wallet released after a 504 sends its next transaction with the next nonce', async () => {
    const error = await pool.pool.send({ kind: 'test', build: () => ({ to: RECIPIENT, value: 1n, gasLimit: 21_000n }) }).catch((e: unknown) => e);
    expect(error).toMatchObject({ status: 504 });
    const next = pool.pool.send({ kind: 'test', build: () => ({ to: RECIPIENT, value: 2n, gasLimit: 21_000n }) });
    await until('both in the mempool', async () => (await infra.chain.getTransactionCount(anvilAddress(1), 'pending')) === 3);
    await infra.rpc('evm_mine');
    const sent = await next;
    expect(sent).toMatchObject({ status: 'confirmed', nonce: 2 });
    await until('the 504 row confirmed', async () => (await journalRows(pool.db)).every((r) => r.status === 'confirmed'));
  }, 30_000);
});
