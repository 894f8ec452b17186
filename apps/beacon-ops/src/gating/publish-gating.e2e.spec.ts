import { createHash } from 'node:crypto';
import { deployEcdsaBeacon } from '@perp/contracts';
import { ChainEnv, poolTxCount, ServiceApp, SIGNER, startChainEnv, TOKEN, TX_HASH } from '../test/beacon-test-env';
import { startMarketsServer } from '../test/markets-server';
import { anvilAddress } from '../test/anvil-keys';
import { gatingMetrics } from './gating-metrics';
import { GATE_SQL } from '../journal/gating-store';

const GATED =
  /^Not published \(gated by (heartbeat|min_interval|idle|dormant)\): .*; the next publish goes through from (\S+)\. Nothing was sent and no gas spent$/;

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

  it('publishes when its read of the journal database fails (a lock held past LOCK_TIMEOUT_MS), and counts reason="journal"', async () => {
    const beacon = await freshBeacon();
    await update(gated, beacon, '12').expect(200);
    expect((await update(gated, beacon, '12').expect(200)).body.data).toBeNull();
    const failures = async () => (await gatingMetrics.failures.get()).values.find((v) => v.labels.reason === 'journal')?.value ?? 0;
    const before = await failures();
    // Another session holds beacon_gating, which only the gate's statement reads: it fails on lock_timeout, the send does not.
    const holder = gated.db.createQueryRunner();
    await holder.connect();
    try {
      await holder.startTransaction();
      await holder.query(`LOCK TABLE beacon_gating IN ACCESS EXCLUSIVE MODE`);
      const res = await update(gated, beacon, '12').expect(200);
      expect(res.body).toMatchObject({ success: true, confirmed: true, message: 'OK' });
      expect(res.body.data).toMatch(/Transaction hash: 0x[0-9a-f]{64}/);
    } finally {
      await holder.rollbackTransaction();
      await holder.release();
    }
    expect(await failures()).toBe(before + 1);
    expect(await journaled(beacon)).toBe(2);
  });

  it("reads the last publish through its index, not by scanning the beacon's history", async () => {
    const runner = gated.db.createQueryRunner();
    await runner.connect();
    try {
      await runner.startTransaction();
      await runner.query(`SET LOCAL enable_seqscan = off`);
      const [{ 'QUERY PLAN': plan }] = (await runner.query(`EXPLAIN (FORMAT JSON) ${GATE_SQL.replaceAll('$1', `'${'0x' + 'ab'.repeat(20)}'`)}`)) as {
        'QUERY PLAN': unknown;
      }[];
      const text = JSON.stringify(plan);
      expect(text).toContain('"Index Name":"tx_journal_ecdsa_publishes"');
      expect(text).not.toContain('"Sort"');
    } finally {
      await runner.rollbackTransaction();
      await runner.release();
    }
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

  describe('tiers, from market-data', () => {
    const OI = { open_interest_long: '0', open_interest_short: '0', capacity_long: '0', capacity_short: '0' };

    it('dormant publishes only at the heartbeat, idle at its interval, active at once; market-data down publishes', async () => {
      const markets = await startMarketsServer();
      const tiered = await env.startService({
        PUBLISH_GATING: 'true',
        PUBLISH_IDLE_MIN_INTERVAL_SECONDS: '120',
        TOUCH_MARKET_DATA_URL: markets.url,
        TOUCH_MARKET_DATA_API_KEY: markets.apiKey,
        TOUCH_PERPS_TTL_MS: '0',
        TOUCH_PERPS_EMPTY_TTL_MS: '0',
        TOUCH_MARKET_DATA_TIMEOUT_MS: '500',
      });
      try {
        const hash = /Transaction hash: 0x[0-9a-f]{64}/;
        // Dormant: no market at all.
        const dormant = await freshBeacon();
        await update(tiered, dormant, '1').expect(200);
        const held = await update(tiered, dormant, '2').expect(200);
        const [, rule, next] = GATED.exec(held.body.message as string) as RegExpExecArray;
        expect([held.body.data, rule]).toEqual([null, 'dormant']);
        expect(new Date(next).getTime()).toBe((await lastPublishedAt(dormant)).getTime() + 840_000);
        // Markets without open interest or capacity are dormant too.
        markets.perps.set(dormant, [anvilAddress(30)]);
        markets.fields.set(dormant, OI);
        expect(GATED.exec((await update(tiered, dormant, '2').expect(200)).body.message as string)?.[1]).toBe('dormant');
        await age(dormant, 841);
        expect((await update(tiered, dormant, '2').expect(200)).body.data).toMatch(hash);

        // Idle: capacity, no open interest: the idle interval.
        const idle = await freshBeacon();
        markets.perps.set(idle, [anvilAddress(31)]);
        markets.fields.set(idle, { ...OI, capacity_short: '25.5' });
        await update(tiered, idle, '1').expect(200);
        const idleHeld = await update(tiered, idle, '2').expect(200);
        expect(GATED.exec(idleHeld.body.message as string)?.slice(1)).toEqual([
          'idle',
          new Date((await lastPublishedAt(idle)).getTime() + 120_000).toISOString(),
        ]);
        await age(idle, 121);
        expect((await update(tiered, idle, '2').expect(200)).body.data).toMatch(hash);

        // Active: open interest: a changed value goes through at once.
        const active = await freshBeacon();
        markets.perps.set(active, [anvilAddress(32)]);
        markets.fields.set(active, { ...OI, open_interest_long: '0.001' });
        await update(tiered, active, '1').expect(200);
        expect((await update(tiered, active, '2').expect(200)).body.data).toMatch(hash);

        // market-data down (or slow): the tier is unknown, and the dormant beacon's changed value is published.
        const before = (await gatingMetrics.failures.get()).values.find((v) => v.labels.reason === 'market_data')?.value ?? 0;
        for (const mode of ['down', 'hang'] as const) {
          markets.mode = mode;
          const value = mode === 'down' ? '3' : '4';
          expect((await update(tiered, dormant, value).expect(200)).body.data).toMatch(hash);
        }
        expect((await gatingMetrics.failures.get()).values.find((v) => v.labels.reason === 'market_data')?.value).toBe(before + 2);
        // The unchanged value is still held by the heartbeat, which needs no market-data.
        expect(GATED.exec((await update(tiered, dormant, '4').expect(200)).body.message as string)?.[1]).toBe('heartbeat');
      } finally {
        await tiered.close();
        await markets.close();
      }
    }, 60_000);
  });

  describe('per-beacon overrides (/get_beacon_gating, /set_beacon_gating)', () => {
    it('reads the settings for a beacon never set, sets and clears each field, and the gate follows them', async () => {
      const beacon = await freshBeacon();
      const defaults = {
        beacon_address: beacon,
        enabled: true,
        heartbeat_seconds: 840,
        min_interval_seconds: 0,
        idle_min_interval_seconds: 0,
        tier: null,
        overridden: [],
      };
      expect((await gated.post('/get_beacon_gating', { beacon_address: beacon.toUpperCase().replace('0X', '0x') }).expect(200)).body).toEqual({
        success: true,
        data: defaults,
        message: 'OK',
      });

      // Heartbeat 0 for this beacon: its unchanged values are all sent.
      const set = await gated.post('/set_beacon_gating', { beacon_address: beacon, heartbeat_seconds: 0 }).expect(200);
      expect(set.body.data).toEqual({ ...defaults, heartbeat_seconds: 0, overridden: ['heartbeat_seconds'] });
      await update(gated, beacon, '5').expect(200);
      expect((await update(gated, beacon, '5').expect(200)).body.data).toMatch(/Transaction hash/);

      // A floor of its own; an absent field stays, so heartbeat_seconds is still 0.
      const floor = await gated.post('/set_beacon_gating', { beacon_address: beacon, min_interval_seconds: 30, tier: 'dormant' }).expect(200);
      expect(floor.body.data).toEqual({
        ...defaults,
        heartbeat_seconds: 0,
        min_interval_seconds: 30,
        tier: 'dormant',
        overridden: ['heartbeat_seconds', 'min_interval_seconds', 'tier'],
      });
      expect(GATED.exec((await update(gated, beacon, '6').expect(200)).body.message as string)?.[1]).toBe('min_interval');

      // Another replica reads the same overrides.
      const other = await env.startService({ PUBLISH_GATING: 'true' });
      expect((await other.post('/get_beacon_gating', { beacon_address: beacon }).expect(200)).body.data).toEqual(floor.body.data);
      await other.close();

      // null returns a field to the setting; a row with nothing left is removed.
      const cleared = await gated
        .post('/set_beacon_gating', { beacon_address: beacon, heartbeat_seconds: null, min_interval_seconds: null, tier: null })
        .expect(200);
      expect(cleared.body.data).toEqual(defaults);
      expect(await gated.db.query(`SELECT * FROM beacon_gating WHERE beacon_address = $1`, [beacon])).toEqual([]);
      expect(GATED.exec((await update(gated, beacon, '5').expect(200)).body.message as string)?.[1]).toBe('heartbeat');
    });

    it('a pinned tier overrides market-data: a beacon pinned dormant publishes only at the heartbeat', async () => {
      const beacon = await freshBeacon();
      await gated.post('/set_beacon_gating', { beacon_address: beacon, tier: 'dormant' }).expect(200);
      await update(gated, beacon, '1').expect(200);
      expect(GATED.exec((await update(gated, beacon, '2').expect(200)).body.message as string)?.[1]).toBe('dormant');
      await gated.post('/set_beacon_gating', { beacon_address: beacon, tier: 'active' }).expect(200);
      expect((await update(gated, beacon, '2').expect(200)).body.data).toMatch(/Transaction hash/);
    });

    it('answers 422 naming the field, 404 for an address without a contract, and changes nothing then', async () => {
      const beacon = await freshBeacon();
      const cases: [object, string][] = [
        [{ beacon_address: beacon, tier: 'asleep' }, "Invalid request: body.tier: Input should be 'active', 'idle' or 'dormant'"],
        [{ beacon_address: beacon, heartbeat_seconds: -1 }, 'Invalid request: body.heartbeat_seconds: Input should be greater than or equal to 0'],
        [{ beacon_address: beacon, min_interval_seconds: 604_801 }, 'Invalid request: body.min_interval_seconds: Input should be less than or equal to 604800'],
        [
          { beacon_address: beacon, idle_min_interval_seconds: 1.5 },
          'Invalid request: body.idle_min_interval_seconds: Input should be a valid integer, got a number with a fractional part',
        ],
        [{ beacon_address: 'not-an-address', heartbeat_seconds: 1 }, ''],
        [
          { beacon_address: beacon },
          'Nothing to change: give at least one of heartbeat_seconds, min_interval_seconds, idle_min_interval_seconds, tier (null returns a field to the setting)',
        ],
      ];
      for (const [body, message] of cases) {
        const res = await gated.post('/set_beacon_gating', body).expect(422);
        expect(res.body.success).toBe(false);
        expect(res.body.data).toBeNull();
        if (message) expect(res.body.message).toBe(message);
        else expect(res.body.message).toMatch(/^Invalid request: body\.beacon_address: /);
      }
      const nowhere = '0x' + '7e'.repeat(20);
      const missing = await gated.post('/set_beacon_gating', { beacon_address: nowhere, heartbeat_seconds: 1 }).expect(404);
      expect(missing.body).toEqual({ success: false, data: null, message: expect.stringContaining(nowhere) });
      expect(await gated.db.query(`SELECT * FROM beacon_gating WHERE beacon_address IN ($1, $2)`, [beacon, nowhere])).toEqual([]);
      expect((await gated.post('/get_beacon_gating', { beacon_address: 'nope' }).expect(422)).body.message).toMatch(/^Invalid request: body\.beacon_address: /);
    });
  });
});
