import { deployEcdsaBeacon, EcdsaBeacon__factory, VerifiableBeacon__factory } from '@perp/contracts';
import { proveBeaconUpdate, stopProver } from '@perp/zk';
import { BeaconEnv, poolTxCount, SIGNER, startBeaconEnv } from '../test/beacon-test-env';
import { journalRows } from '../test/pool-test-env';

const TX_DATA = /^Transaction hash: (0x[0-9a-f]{64})$/;
const UNCONFIRMED =
  /^Sent, but its receipt did not come within the wait; the transaction stays in the journal and will be reconciled \(retry with the same Idempotency-Key for its outcome\)\. Transaction hash: (0x[0-9a-f]{64})$/;

/**
 * `confirmed` on the three update routes: true when the receipt came within RECEIPT_TIMEOUT_MS;
 * a slower one is 200 with the hash and `confirmed: false` (504 only for a request that asks),
 * and a retry with the same Idempotency-Key answers the final outcome. Real HTTP, Postgres, anvil
 * (automine off while a receipt must be late).
 */
describe('update answers carry confirmed', () => {
  let env: BeaconEnv;
  beforeAll(async () => {
    env = await startBeaconEnv({ env: { RECEIPT_TIMEOUT_MS: '3000', ECDSA_SIGNATURE_TTL_SECONDS: '60' } });
  }, 60_000);
  afterAll(async () => {
    await stopProver();
    await env?.stop();
  });

  const post = (path: string, body?: unknown, options?: { key?: string }) => env.service.post(path, body, options);
  const ecdsaBeacon = async () => (await deployEcdsaBeacon(env.deployer, { signer: SIGNER, min: 0n, max: 1000n, registry: env.system.registry })).beacon;
  const index = (beacon: string) => EcdsaBeacon__factory.connect(beacon, env.infra.chain).index();
  const createZkBeacons = async (count: number): Promise<string[]> =>
    (await post('/batch_create_registry_beacon', { count }).expect(200)).body.data.beacon_addresses as string[];
  const zkBody = async (beacon: string, mean: bigint) => {
    const proved = await proveBeaconUpdate({ measurements: [mean, mean, mean, mean], beacon });
    return { beacon_address: beacon, proof: proved.proof, public_signals: proved.publicSignals };
  };
  /** Runs `during` with automine off (transactions wait in the mempool), then mines them. */
  const withoutMining = async <T>(during: () => Promise<T>): Promise<T> => {
    await env.infra.rpc('evm_setAutomine', [false]);
    try {
      return await during();
    } finally {
      await env.infra.rpc('evm_setAutomine', [true]);
      await env.infra.rpc('evm_mine', []);
    }
  };
  /** A retry with the same key as a client makes it: 409 (the first run still holds the key) says retry later. */
  const retry = async (path: string, body: unknown, key: string) => {
    for (let attempt = 1; ; attempt++) {
      const res = await post(path, body, { key });
      if (res.status !== 409 || attempt === 10) return res;
      await new Promise((resolve) => setTimeout(resolve, 300));
    }
  };
  const rowOf = async (hash: string) => (await journalRows(env.service.db)).find((r) => r.tx_hash === hash);

  it('is true when the receipt came, on all three routes', async () => {
    const beacon = await ecdsaBeacon();
    const ecdsa = await post('/update_beacon_with_ecdsa_adapter', { beacon_address: beacon, measurement: '1' }).expect(200);
    expect(ecdsa.body).toEqual({ success: true, data: expect.stringMatching(TX_DATA), message: 'OK', confirmed: true });

    const [a, b] = await createZkBeacons(2);
    const zk = await post('/update_beacon', await zkBody(a, 2n)).expect(200);
    expect(zk.body).toEqual({ success: true, data: expect.stringMatching(TX_DATA), message: 'OK', confirmed: true });
    const batch = await post('/batch_update_beacon', { updates: [await zkBody(b, 3n)] }).expect(200);
    expect(batch.body).toMatchObject({ success: true, message: 'OK', confirmed: true, data: { successful_updates: 1, failed_updates: 0 } });
  }, 60_000);

  it('a slow receipt: 200 with the hash and confirmed false, the row pending; the same key answers confirmed false again, then the outcome once mined', async () => {
    const beacon = await ecdsaBeacon();
    const body = { beacon_address: beacon, measurement: '42' };
    const sentBefore = await poolTxCount(env);
    const [first, again] = await withoutMining(async () => {
      const first = await post('/update_beacon_with_ecdsa_adapter', body, { key: 'slow-ecdsa' }).expect(200);
      const again = await retry('/update_beacon_with_ecdsa_adapter', body, 'slow-ecdsa');
      expect(again.status).toBe(200);
      return [first, again];
    });
    expect(first.body).toEqual({ success: true, data: expect.stringMatching(TX_DATA), message: expect.stringMatching(UNCONFIRMED), confirmed: false });
    const hash = TX_DATA.exec(first.body.data)?.[1] as string;
    expect(UNCONFIRMED.exec(first.body.message)?.[1]).toBe(hash); // what the-beaconator's updater parses, in either field
    // Unmined at the retry: the same transaction, not a second one, and still not final.
    expect(again.body).toEqual(first.body);
    expect(again.headers['idempotent-replayed']).toBeUndefined();

    // Mined now: the retry answers the outcome, with that hash; later retries replay it.
    const final = await post('/update_beacon_with_ecdsa_adapter', body, { key: 'slow-ecdsa' }).expect(200);
    expect(final.body).toEqual({ success: true, data: `Transaction hash: ${hash}`, message: 'OK', confirmed: true });
    const replayed = await post('/update_beacon_with_ecdsa_adapter', body, { key: 'slow-ecdsa' }).expect(200);
    expect([replayed.body, replayed.headers['idempotent-replayed']]).toEqual([final.body, 'true']);
    expect(await index(beacon)).toBe(42n);
    expect(await poolTxCount(env)).toBe(sentBefore + 1);
    expect((await rowOf(hash))?.status).toBe('confirmed');
  });

  it('without a key, the journal finishes the row of an unconfirmed answer once mined', async () => {
    const beacon = await ecdsaBeacon();
    let hash = '';
    await withoutMining(async () => {
      const res = await post('/update_beacon_with_ecdsa_adapter', { beacon_address: beacon, measurement: '7' }).expect(200);
      expect(res.body.confirmed).toBe(false);
      hash = TX_DATA.exec(res.body.data)?.[1] as string;
      expect((await rowOf(hash))?.status).toBe('pending');
    });
    await env.service.reconciler.reconcileNow();
    expect((await rowOf(hash))?.status).toBe('confirmed');
    expect(await index(beacon)).toBe(7n);
  });

  it('a retry after an unconfirmed answer answers a final failure too: the transaction reverted on chain (its signature expired before it was mined)', async () => {
    const beacon = await ecdsaBeacon();
    const body = { beacon_address: beacon, measurement: '9' };
    const first = await withoutMining(async () => {
      const res = await post('/update_beacon_with_ecdsa_adapter', body, { key: 'slow-then-reverted' }).expect(200);
      // The next block comes after the signature's deadline (60 s).
      const latest = (await env.infra.chain.getBlock('latest'))?.timestamp ?? 0;
      await env.infra.rpc('evm_setNextBlockTimestamp', [latest + 3_600]);
      return res;
    });
    expect(first.body.confirmed).toBe(false);
    const hash = TX_DATA.exec(first.body.data)?.[1] as string;
    const final = await post('/update_beacon_with_ecdsa_adapter', body, { key: 'slow-then-reverted' }).expect(422);
    expect(final.body).toEqual({
      success: false,
      data: null,
      message: expect.stringMatching(new RegExp(`^Transaction ${hash} reverted on chain; nothing was changed`)),
    });
    expect((await rowOf(hash))?.status).toBe('failed');
    expect(await index(beacon)).toBe(0n);
  });

  it('?require_confirmation=true keeps the 504 with the hash; the same key without it then answers confirmed false, and the outcome', async () => {
    const beacon = await ecdsaBeacon();
    const body = { beacon_address: beacon, measurement: '11' };
    const [strict, lenient] = await withoutMining(async () => {
      const strict = await post('/update_beacon_with_ecdsa_adapter?require_confirmation=true', body, { key: 'strict' }).expect(504);
      const lenient = await retry('/update_beacon_with_ecdsa_adapter', body, 'strict');
      expect(lenient.status).toBe(200);
      return [strict, lenient];
    });
    expect(strict.body).toEqual({
      success: false,
      data: null,
      message: expect.stringMatching(/^No receipt in time; the transaction stays in the journal and will be reconciled\. Transaction hash: 0x[0-9a-f]{64}$/),
    });
    const hash = /(0x[0-9a-f]{64})$/.exec(strict.body.message)?.[1];
    expect(lenient.body).toMatchObject({ confirmed: false, data: `Transaction hash: ${hash}` });
    const final = await post('/update_beacon_with_ecdsa_adapter?require_confirmation=true', body, { key: 'strict' }).expect(200);
    expect(final.body).toEqual({ success: true, data: `Transaction hash: ${hash}`, message: 'OK', confirmed: true });
    // false is the default, spelled out.
    await post('/update_beacon_with_ecdsa_adapter?require_confirmation=false', { beacon_address: beacon, measurement: '12' }).expect(200);
  });

  it('refuses a require_confirmation that is no boolean (422 naming the query parameter), sending nothing', async () => {
    const before = await poolTxCount(env);
    for (const path of ['/update_beacon', '/update_beacon_with_ecdsa_adapter', '/batch_update_beacon']) {
      const res = await post(`${path}?require_confirmation=maybe`, { beacon_address: env.system.demoEcdsaBeacon, measurement: '1' }).expect(422);
      expect(res.body).toEqual({
        success: false,
        data: null,
        message: expect.stringMatching(/^Invalid request: query\.require_confirmation: Input should be a valid boolean/),
      });
    }
    expect(await poolTxCount(env)).toBe(before);
  });

  it('/update_beacon and /batch_update_beacon: a slow receipt is confirmed false with the hash (each batch entry pending); the same key answers the outcome', async () => {
    const [single, a, b] = await createZkBeacons(3);
    const zk = await zkBody(single, 4n);
    const batch = { updates: [await zkBody(a, 5n), await zkBody(b, 6n)] };
    const [zkFirst, batchFirst] = await withoutMining(async () => [
      await post('/update_beacon', zk, { key: 'slow-zk' }).expect(200),
      await post('/batch_update_beacon', batch, { key: 'slow-batch' }).expect(200),
    ]);
    expect(zkFirst.body).toMatchObject({ success: true, confirmed: false, data: expect.stringMatching(TX_DATA), message: expect.stringMatching(UNCONFIRMED) });
    const batchHash = UNCONFIRMED.exec(batchFirst.body.message)?.[1];
    const pending = `Not confirmed yet: the batch transaction ${batchHash} had no receipt within the wait; retry with the same Idempotency-Key for this entry's outcome`;
    expect(batchFirst.body).toEqual({
      success: true,
      confirmed: false,
      message: expect.stringMatching(UNCONFIRMED),
      data: {
        results: [
          { beacon_address: a, success: false, transaction_hash: batchHash, error: pending },
          { beacon_address: b, success: false, transaction_hash: batchHash, error: pending },
        ],
        total_requested: 2,
        successful_updates: 0,
        failed_updates: 0,
      },
    });

    const zkFinal = await post('/update_beacon', zk, { key: 'slow-zk' }).expect(200);
    expect(zkFinal.body).toEqual({ success: true, data: zkFirst.body.data, message: 'OK', confirmed: true });
    const batchFinal = await post('/batch_update_beacon', batch, { key: 'slow-batch' }).expect(200);
    expect(batchFinal.body).toMatchObject({ confirmed: true, data: { successful_updates: 2, failed_updates: 0 } });
    expect(batchFinal.body.data.results.map((r: { transaction_hash: string }) => r.transaction_hash)).toEqual([batchHash, batchHash]);
    expect((await VerifiableBeacon__factory.connect(b, env.infra.chain).getData())[0]).toBe(6n << 96n);
  }, 60_000);
});
