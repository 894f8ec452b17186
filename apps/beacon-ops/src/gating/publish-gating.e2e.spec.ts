import { createHash } from 'node:crypto';
import { deployEcdsaBeacon } from '@perp/contracts';
import { ChainEnv, poolTxCount, ServiceApp, SIGNER, startChainEnv, TOKEN, TX_HASH } from '../test/beacon-test-env';
import { gatingMetrics } from './gating-metrics';

const GATED = /^Not published \(gated by (heartbeat|min_interval)\): .*; the next publish goes through from (\S+)\. Nothing was sent and no gas spent$/;

/**
 * Publish gating on Postgres and anvil: what each rule holds back, what it lets through, that a
 * gated update spends nothing (no transaction, no journal row, no token budget), and that two
 * replicas decide one beacon in turn.
 */
describe('publish gating of /update_beacon_with_ecdsa_adapter', () => {
  let env: ChainEnv;
  let gated: ServiceApp;

  beforeAll(async () => {
    env = await startChainEnv();
    gated = await env.startService({ PUBLISH_GATING: 'true' });
  }, 60_000);
  afterAll(() => env?.stop());

  const freshBeacon = async () =>
    (await deployEcdsaBeacon(env.deployer, { signer: SIGNER, min: 0n, max: 1_000n, registry: env.system.registry })).beacon.toLowerCase();
  const update = (app: ServiceApp, beacon: string, measurement: string, key?: string) =>
    app.post('/update_beacon_with_ecdsa_adapter', { beacon_address: beacon, measurement }, { key });
  const journaled = async (beacon: string) =>
    ((await gated.db.query(`SELECT count(*)::int AS n FROM tx_journal WHERE $1 = ANY(beacon_addresses)`, [beacon])) as { n: number }[])[0].n;
  const charged = async () =>
    (await gated.db.query(`SELECT metric, window_start, amount::text FROM token_usage WHERE token_hash = $1 ORDER BY metric, window_start`, [
      createHash('sha256').update(TOKEN).digest('hex'),
    ])) as object[];
  /** The beacon's publishes as if made `seconds` earlier (the gate reads the database's clock). */
  const age = (beacon: string, seconds: number) =>
    gated.db.query(`UPDATE tx_journal SET created_at = created_at - make_interval(secs => $2) WHERE $1 = ANY(beacon_addresses)`, [beacon, seconds]);
  const lastPublishedAt = async (beacon: string) =>
    (
      (await gated.db.query(`SELECT created_at FROM tx_journal WHERE $1 = ANY(beacon_addresses) ORDER BY id DESC LIMIT 1`, [beacon])) as { created_at: Date }[]
    )[0].created_at;
  const gatedCount = async (rule: string) => (await gatingMetrics.gated.get()).values.find((v) => v.labels.rule === rule)?.value ?? 0;

  it('holds back an unchanged value within the heartbeat (840 s by default) at no cost, and names when it goes through', async () => {
    const beacon = await freshBeacon();
    const first = await update(gated, beacon, '5').expect(200);
    expect(first.body).toMatchObject({ success: true, confirmed: true });
    expect(first.body.data).toMatch(/Transaction hash: 0x[0-9a-f]{64}/);
    const [txs, rows, usage, heartbeats] = [await poolTxCount(env), await journaled(beacon), await charged(), await gatedCount('heartbeat')];

    const res = await update(gated, beacon, '5').expect(200);
    expect(res.body).toEqual({ success: true, data: null, message: expect.stringMatching(GATED), confirmed: true });
    const [, rule, next] = GATED.exec(res.body.message as string) as RegExpExecArray;
    expect(rule).toBe('heartbeat');
    expect(new Date(next).getTime()).toBe((await lastPublishedAt(beacon)).getTime() + 840_000);
    // No gas, no journal row, no token budget.
    expect(await poolTxCount(env)).toBe(txs);
    expect(await journaled(beacon)).toBe(rows);
    expect(await charged()).toEqual(usage);
    expect(await gatedCount('heartbeat')).toBe(heartbeats + 1);
  });

  it('lets a changed value through at once, and the unchanged one once the heartbeat has passed', async () => {
    const beacon = await freshBeacon();
    await update(gated, beacon, '7').expect(200);
    const changed = await update(gated, beacon, '8').expect(200);
    expect(changed.body.data).toMatch(/Transaction hash: 0x[0-9a-f]{64}/);
    expect((await update(gated, beacon, '8').expect(200)).body.data).toBeNull();
    await age(beacon, 839);
    expect((await update(gated, beacon, '8').expect(200)).body.data).toBeNull();
    await age(beacon, 2);
    const again = await update(gated, beacon, '8').expect(200);
    expect(again.body).toMatchObject({ success: true, confirmed: true, message: 'OK' });
    expect(again.body.data).toMatch(/Transaction hash: 0x[0-9a-f]{64}/);
    expect(await journaled(beacon)).toBe(3);
  });

  it('the minimum interval holds back a changed value too, until it has passed', async () => {
    const floored = await env.startService({ PUBLISH_GATING: 'true', PUBLISH_MIN_INTERVAL_SECONDS: '60' });
    const beacon = await freshBeacon();
    await update(floored, beacon, '1').expect(200);
    const before = await gatedCount('min_interval');
    const res = await update(floored, beacon, '2').expect(200);
    expect(res.body.data).toBeNull();
    const [, rule, next] = GATED.exec(res.body.message as string) as RegExpExecArray;
    expect(rule).toBe('min_interval');
    expect(new Date(next).getTime()).toBe((await lastPublishedAt(beacon)).getTime() + 60_000);
    expect(await gatedCount('min_interval')).toBe(before + 1);
    // Both rules hold an unchanged value: the answer names the heartbeat, the later of the two.
    expect(GATED.exec((await update(floored, beacon, '1').expect(200)).body.message as string)?.[1]).toBe('heartbeat');
    await age(beacon, 61);
    expect((await update(floored, beacon, '2').expect(200)).body.data).toMatch(/Transaction hash: 0x[0-9a-f]{64}/);
    await floored.close();
  });

  it('is off unless PUBLISH_GATING=true: the same value is sent every time', async () => {
    const plain = await env.startService();
    const beacon = await freshBeacon();
    await update(plain, beacon, '3').expect(200);
    const res = await update(plain, beacon, '3').expect(200);
    expect(res.body.data).toMatch(/Transaction hash: 0x[0-9a-f]{64}/);
    expect(await journaled(beacon)).toBe(2);
    await plain.close();
  });

  it('a gated answer under an Idempotency-Key is that request’s answer: a retry replays it', async () => {
    const beacon = await freshBeacon();
    await update(gated, beacon, '9').expect(200);
    const res = await update(gated, beacon, '9', 'gated-key-1').expect(200);
    expect(res.body.data).toBeNull();
    const retry = await update(gated, beacon, '9', 'gated-key-1').expect(200);
    expect(retry.headers['idempotent-replayed']).toBe('true');
    expect(retry.body).toEqual(res.body);
    expect(await journaled(beacon)).toBe(1);
  });

  it('does not count a publish that failed: the same value goes out again', async () => {
    const beacon = await freshBeacon();
    await update(gated, beacon, '4').expect(200);
    await gated.db.query(`UPDATE tx_journal SET status = 'failed' WHERE $1 = ANY(beacon_addresses)`, [beacon]);
    expect((await update(gated, beacon, '4').expect(200)).body.data).toMatch(/Transaction hash: 0x[0-9a-f]{64}/);
  });

  it('two replicas gate one beacon in turn: of 12 concurrent equal updates over both, exactly one is sent', async () => {
    const other = await env.startService({ PUBLISH_GATING: 'true' });
    const beacon = await freshBeacon();
    const txs = await poolTxCount(env);
    const answers = await Promise.all(Array.from({ length: 12 }, (_, i) => update(i % 2 ? other : gated, beacon, '11').expect(200)));
    const sent = answers.filter((res) => res.body.data !== null);
    expect(sent).toHaveLength(1);
    expect(/0x[0-9a-f]{64}/.exec(sent[0].body.data as string)?.[0]).toMatch(TX_HASH);
    expect(answers.filter((res) => res.body.data === null).every((res) => GATED.test(res.body.message as string))).toBe(true);
    expect(await poolTxCount(env)).toBe(txs + 1);
    expect(await journaled(beacon)).toBe(1);
    await other.close();
  });
});
