import { createHash } from 'node:crypto';
import { Transaction } from 'ethers';
import { anvilKey } from '../test/anvil-keys';
import { ChainEnv, poolTxCount, ServiceApp, startChainEnv, TOKEN } from '../test/beacon-test-env';
import { sleep } from '../test/pool-test-env';

const OTHER = 'beacon-ops-second-token-abcdefghijklmnop';
const GAS_TOKEN = 'beacon-ops-gas-budget-token-0123456789ab';
const ONCE_TOKEN = 'beacon-ops-one-per-minute-token-0123456';

/** Per-token transactions per minute and gas per hour, in Postgres: replicas share them. */
describe('per-token limits', () => {
  let env: ChainEnv;
  let a: ServiceApp;
  let b: ServiceApp;
  const limited = { SIGNER_PRIVATE_KEY: anvilKey(9), BEACON_OPS_ACCESS_TOKENS: `${TOKEN},${OTHER},${GAS_TOKEN}`, RATE_LIMIT_TRANSACTIONS_PER_MINUTE: '3' };

  beforeAll(async () => {
    env = await startChainEnv();
    // Two replicas on one database.
    a = await env.startService(limited);
    b = await env.startService(limited);
  }, 60_000);
  afterAll(() => env?.stop());

  const update = (app: ServiceApp, token: string, measurement: number) =>
    app.post('/update_beacon_with_ecdsa_adapter', { beacon_address: env.system.demoEcdsaBeacon, measurement: String(measurement) }, { token });
  const sent = () => poolTxCount(env);
  /** The transaction window is the calendar minute: start early in one so a test's requests share it. */
  const earlyInMinute = async () => {
    const [{ second }] = (await a.db.query(`SELECT extract(second FROM now())::float AS second`)) as { second: number }[];
    if (second > 40) await sleep((61 - second) * 1000);
  };

  it('counts transactions per minute across replicas; the next one gets 429 with Retry-After, and other tokens go on', async () => {
    await earlyInMinute();

    await update(a, TOKEN, 1).expect(200);
    await update(b, TOKEN, 2).expect(200);
    await update(a, TOKEN, 3).expect(200);
    const before = await sent();
    const res = await update(b, TOKEN, 4).expect(429);
    expect(res.body).toEqual({
      success: false,
      data: null,
      message: expect.stringMatching(/^Rate limit exceeded: at most 3 transactions per minute per token; retry after \d+ s$/),
    });
    const retryAfter = Number(res.headers['retry-after']);
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(60);
    expect(res.body.message).toContain(`retry after ${retryAfter} s`);
    expect(await sent()).toBe(before);

    await update(b, OTHER, 5).expect(200);

    // Only hashes are stored.
    const rows = (await a.db.query(`SELECT DISTINCT token_hash FROM token_usage`)) as { token_hash: string }[];
    const sha = (t: string) => createHash('sha256').update(t).digest('hex');
    expect(rows.map((r) => r.token_hash).sort()).toEqual([sha(TOKEN), sha(OTHER)].sort());
  });

  it('does not store a 429 as the answer of an Idempotency-Key: a retry after the wait runs', async () => {
    const once = await env.startService({ ...limited, BEACON_OPS_ACCESS_TOKENS: ONCE_TOKEN, RATE_LIMIT_TRANSACTIONS_PER_MINUTE: '1' });
    await earlyInMinute();
    const post = (measurement: string, key?: string) =>
      once.post('/update_beacon_with_ecdsa_adapter', { beacon_address: env.system.demoEcdsaBeacon, measurement }, { token: ONCE_TOKEN, key });
    await post('6').expect(200);
    await post('7', 'limited-1').expect(429);
    // No answer stored: the claim is released, not completed (kept, so the key stays bound to this request), and a retry runs.
    const rows = (await a.db.query(`SELECT status, response_body FROM idempotency_keys WHERE key = 'limited-1'`)) as object[];
    expect(rows).toEqual([{ status: 'in_progress', response_body: null }]);
    await once.close();
  });

  it('charges gas per hour at each transaction gas limit, shared by replicas', async () => {
    const first = await update(a, GAS_TOKEN, 7).expect(200);
    const hash = /0x[0-9a-f]{64}/.exec(first.body.data as string)?.[0] as string;
    const gasLimit = Transaction.from(await env.infra.chain.send('eth_getRawTransactionByHash', [hash])).gasLimit;
    // A replica whose hourly budget holds the first transaction but not a second one like it.
    const tight = await env.startService({ ...limited, RATE_LIMIT_GAS_PER_HOUR: String(gasLimit + gasLimit / 2n) });
    const before = await sent();
    const counted = () =>
      a.db.query(`SELECT metric, amount::text FROM token_usage WHERE token_hash = $1 AND amount > 0 ORDER BY metric, window_start`, [
        createHash('sha256').update(GAS_TOKEN).digest('hex'),
      ]);
    const usageBefore = await counted();
    const res = await update(tight, GAS_TOKEN, 8).expect(429);
    // Both or neither: the transaction counted with the refused gas was taken back.
    expect(await counted()).toEqual(usageBefore);
    expect(res.body.message).toMatch(/^Rate limit exceeded: at most \d+ gas per hour per token; retry after \d+ s$/);
    const retryAfter = Number(res.headers['retry-after']);
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(3600);
    expect(await sent()).toBe(before);
    await tight.close();
  });
});
