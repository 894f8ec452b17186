import { Client } from 'pg';
import { etagOfJson } from '../common';
import { marketsPageSql } from './markets-list-sql';
import { MarketDataTestbed, startMarketDataTestbed } from './test/market-data-testbed';
import { Q96, address, insertClosedTaker, insertMarket, insertSnapshot, insertTrade } from './test/market-fixtures';

/**
 * The unversioned market routes over HTTP on real Postgres, with hand-made fixtures:
 *
 * | market | name / symbol / ticker        | beacon | created | OI long+short | liquidity | funding/day |
 * | A (a1) | Alpha Perp / ALPHA / ALP      | B1     | 1000    | 5 + 3 = 8     | 1000      | 0.05        |
 * | B (b2) | Beta 100%_Perp / BETA / -     | B1     | 2000    | 0             | 0         | null        |
 * | C (c3) | Gamma / GAM / GMX             | B2     | null    | 1.5 + 0       | 0         | -0.02       |
 * | D (d4) | Delta / DLT / dlt             | B2     | 3000    | 0             | 500       | 0.01        |
 */
const A = address('a1');
const B = address('b2');
const C = address('c3');
const D = address('d4');
const B1 = address('be01');
const B2 = address('be02');
const T0 = '2026-01-10T00:00:00.000Z';
/** The plan of a query with sequential scans discouraged (markets is small: Postgres would rightly scan it). */
async function explain(url: string, sql: string, params: unknown[]): Promise<string> {
  const client = new Client({ connectionString: url });
  await client.connect();
  try {
    await client.query('SET enable_seqscan = off');
    const { rows } = await client.query(`EXPLAIN ${sql}`, params);
    return rows.map((row: Record<string, string>) => row['QUERY PLAN']).join('\n');
  } finally {
    await client.end();
  }
}
const at = (hoursBeforeT0: number) => new Date(Date.parse(T0) - hoursBeforeT0 * 3_600_000).toISOString();

describe('unversioned market routes', () => {
  let bed: MarketDataTestbed;
  const ids: Record<string, number> = {};

  beforeAll(async () => {
    bed = await startMarketDataTestbed();
    const db = bed.index;
    await insertMarket(db, {
      perp_address: A,
      beacon_address: B1,
      name: 'Alpha Perp',
      symbol: 'ALPHA',
      ticker: 'ALP',
      created_at: 1000,
      last_touched_at: 1500,
      open_interest_long: 5_000_000n,
      open_interest_short: 3_000_000n,
      liquidity: 1000n,
      funding_per_day: 50_000_000_000_000_000n,
      ema_amm_price_x96: 2n * Q96,
      ema_index_price_x96: (3n * Q96) / 2n,
      protocol_fee: 50_000,
      ema_window: 3600,
      capacity_long: 10_000_000n,
      capacity_short: 2_500_000n,
      insurance: 1_234_567n,
      bad_debt: 0n,
      total_margin: 100_000_000n,
      tick: 42,
      description: 'The first market',
      photo_url: 'https://example.test/a.png',
      data_source: 'test feed',
      card_label: 'Alpha',
    });
    await insertMarket(db, { perp_address: B, beacon_address: B1, name: 'Beta 100%_Perp', symbol: 'BETA', created_at: 2000 });
    await insertMarket(db, {
      perp_address: C,
      beacon_address: B2,
      name: 'Gamma',
      symbol: 'GAM',
      ticker: 'GMX',
      open_interest_long: 1_500_000n,
      funding_per_day: -20_000_000_000_000_000n,
    });
    await insertMarket(db, {
      perp_address: D,
      beacon_address: B2,
      name: 'Delta',
      symbol: 'DLT',
      ticker: 'dlt',
      created_at: 3000,
      liquidity: 500n,
      funding_per_day: 10_000_000_000_000_000n,
    });

    // A's snapshots: price = (sqrt / 2^96)^2. s1 lies outside the 24 h before the latest (s4), s2 exactly on its start.
    ids.s1 = await insertSnapshot(db, { perp_address: A, timestamp: at(25), amm_price_x96: Q96 }); // 1
    ids.s2 = await insertSnapshot(db, { perp_address: A, timestamp: at(24), amm_price_x96: 3n * Q96 }); // 9
    ids.s3a = await insertSnapshot(db, { perp_address: A, timestamp: at(12), amm_price_x96: Q96 }); // 1, same time as s3, lower id
    ids.s3 = await insertSnapshot(db, { perp_address: A, timestamp: at(12), amm_price_x96: Q96 / 2n }); // 0.25
    ids.s4 = await insertSnapshot(db, { perp_address: A, timestamp: T0, amm_price_x96: 2n * Q96, index_price_x96: (5n * Q96) / 2n }); // 4, index 2.5
    // D: one snapshot without an index. C: none.
    ids.d1 = await insertSnapshot(db, { perp_address: D, timestamp: at(1), amm_price_x96: 3n * Q96 });

    await insertClosedTaker(db, 1, A);
    await insertClosedTaker(db, 2, A);
    ids.t1 = await insertTrade(db, {
      perp_address: A,
      timestamp: at(2),
      pos_id: 1,
      was_liquidated: false,
      perp_delta: -5_000_000n,
      usd_delta: 10_500_000n,
      mark_price_x96: 2n * Q96 + Q96 / 4n,
      funding: 120_000n,
      util_fees: 1_000n,
      liq_fee: null,
    });
    ids.t2 = await insertTrade(db, {
      perp_address: A,
      timestamp: at(1),
      pos_id: 2,
      was_liquidated: true,
      perp_delta: 3_000_000n,
      usd_delta: -6_000_000n,
      mark_price_x96: null,
      funding: -50n,
      util_fees: null,
      liq_fee: 250_000n,
    });
    ids.t3 = await insertTrade(db, { perp_address: A, timestamp: at(1), pos_id: 1, was_liquidated: false, perp_delta: 1n, usd_delta: -1n });
  }, 60_000);

  afterAll(async () => {
    await bed?.close();
  });

  const perps = (body: { items: Array<{ perp_address: string }> }) => body.items.map((item) => item.perp_address);

  describe('GET /markets', () => {
    it('returns market A with every field decoded exactly, and the paginated envelope', async () => {
      const res = await bed.get('/markets?q=alpha').expect(200);
      expect(res.body).toEqual({ items: [expect.any(Object)], total: 1, limit: 100, offset: 0, has_more: false });
      expect(res.body.items[0]).toEqual({
        perp_address: A,
        perp: A,
        beacon_address: B1,
        owner: address('0e'),
        name: 'Alpha Perp',
        symbol: 'ALPHA',
        token_uri: 'ipfs://market',
        pool_id: `0x${'ab'.repeat(32)}`,
        pricing_module: address('1001'),
        funding_module: address('1002'),
        fees_module: address('1003'),
        margin_ratios_module: address('1004'),
        price_impact_module: address('1005'),
        ema_window: '3600',
        protocol_fee: '0.05',
        mark_price: '2',
        index_price: '1.5',
        funding_rate_daily: '0.05',
        open_interest_long: '5',
        open_interest_short: '3',
        capacity_long: '10',
        capacity_short: '2.5',
        liquidity: '1000',
        tick: 42,
        insurance: '1.234567',
        bad_debt: '0',
        total_margin: '100',
        created_at: 1000,
        last_touched_at: 1500,
        description: 'The first market',
        photo_url: 'https://example.test/a.png',
        data_source: 'test feed',
        card_label: 'Alpha',
        ticker: 'ALP',
      });
    });

    it('keeps the nullable fields null when unknown', async () => {
      const res = await bed.get('/markets?q=beta').expect(200);
      expect(res.body.items[0]).toMatchObject({
        perp_address: B,
        mark_price: null,
        index_price: null,
        funding_rate_daily: null,
        created_at: 2000,
        last_touched_at: null,
        ticker: null,
        description: null,
        photo_url: null,
        data_source: null,
        card_label: null,
        open_interest_long: '0',
        liquidity: '0',
      });
    });

    it.each([
      ['created', 'desc', [D, B, A, C]],
      ['created', 'asc', [A, B, D, C]],
      ['open_interest', 'desc', [A, C, B, D]],
      ['open_interest', 'asc', [B, D, C, A]],
      ['funding', 'desc', [A, D, C, B]],
      ['funding', 'asc', [C, D, A, B]],
      ['liquidity', 'desc', [A, D, B, C]],
      ['liquidity', 'asc', [B, C, D, A]],
    ])('sort=%s order=%s: nulls last, ties by perp_address', async (sort, order, expected) => {
      const res = await bed.get(`/markets?sort=${sort}&order=${order}`).expect(200);
      expect(perps(res.body)).toEqual(expected);
    });

    it('defaults to sort=created, order=desc', async () => {
      expect(perps((await bed.get('/markets').expect(200)).body)).toEqual([D, B, A, C]);
    });

    it.each([
      ['beacon (any case)', `beacon=${B1.toUpperCase().replace('0X', '0x')}`, [B, A]],
      ['min_open_interest as a decimal string, inclusive', 'min_open_interest=1.5', [A, C]],
      ['min_open_interest as a number', 'min_open_interest=2', [A]],
      ['max_open_interest, inclusive', 'max_open_interest=1.5', [D, B, C]],
      ['an open-interest range', 'min_open_interest=1&max_open_interest=8', [A, C]],
      ['has_liquidity=true', 'has_liquidity=true', [D, A]],
      ['has_liquidity=false', 'has_liquidity=false', [B, C]],
      ['active=true (open interest or liquidity)', 'active=true', [D, A, C]],
      ['active=false', 'active=false', [B]],
      ['q over name, case-insensitive', 'q=ALPHA%20p', [A]],
      ['q over symbol', 'q=gam', [C]],
      ['q over ticker only', 'q=gmx', [C]],
      ['q with a literal %', 'q=%25', [B]],
      ['q with a literal _', 'q=_', [B]],
      ['filters combined', 'beacon=' + B2 + '&active=true&has_liquidity=false', [C]],
    ])('filters: %s', async (_name, query, expected) => {
      const res = await bed.get(`/markets?${query}`).expect(200);
      expect(perps(res.body)).toEqual(expected);
      expect(res.body.total).toBe(expected.length);
    });

    it('counts the total over the filter, not the page, and sets has_more', async () => {
      const first = await bed.get('/markets?limit=1').expect(200);
      expect(first.body).toMatchObject({ total: 4, limit: 1, offset: 0, has_more: true });
      expect(perps(first.body)).toEqual([D]);
      const last = await bed.get('/markets?limit=2&offset=2').expect(200);
      expect(last.body).toMatchObject({ total: 4, limit: 2, offset: 2, has_more: false });
      expect(perps(last.body)).toEqual([A, C]);
      const beyond = await bed.get('/markets?offset=10').expect(200);
      expect(beyond.body).toEqual({ items: [], total: 4, limit: 100, offset: 10, has_more: false });
    });

    it('accepts limit 1 and 500, refuses 0 and 501 with the field named', async () => {
      await bed.get('/markets?limit=1').expect(200);
      await bed.get('/markets?limit=500').expect(200);
      expect((await bed.get('/markets?limit=0').expect(422)).body).toEqual({
        detail: [{ type: 'greater_than_equal', loc: ['query', 'limit'], msg: 'Input should be greater than or equal to 1', input: '0', ctx: { ge: 1 } }],
      });
      expect((await bed.get('/markets?limit=501').expect(422)).body).toEqual({
        detail: [{ type: 'less_than_equal', loc: ['query', 'limit'], msg: 'Input should be less than or equal to 500', input: '501', ctx: { le: 500 } }],
      });
    });

    it('refuses a negative open interest bound, a bad sort, order, boolean or beacon', async () => {
      const negative = await bed.get('/markets?min_open_interest=-1').expect(422);
      expect(negative.body.detail).toEqual([
        { type: 'greater_than_equal', loc: ['query', 'min_open_interest'], msg: 'Input should be greater than or equal to 0', input: '-1', ctx: { ge: 0 } },
      ]);
      const sort = await bed.get('/markets?sort=volume').expect(422);
      expect(sort.body.detail[0]).toMatchObject({ type: 'literal_error', loc: ['query', 'sort'], input: 'volume' });
      const order = await bed.get('/markets?order=up').expect(422);
      expect(order.body.detail[0]).toMatchObject({ type: 'literal_error', loc: ['query', 'order'], msg: "Input should be 'asc' or 'desc'" });
      const bool = await bed.get('/markets?active=maybe').expect(422);
      expect(bool.body.detail[0]).toMatchObject({ type: 'bool_parsing', loc: ['query', 'active'] });
      const beacon = await bed.get('/markets?beacon=0x12').expect(422);
      expect(beacon.body.detail[0]).toMatchObject({ type: 'string_pattern_mismatch', loc: ['query', 'beacon'] });
    });

    it.each([
      ['created', 'desc'],
      ['created', 'asc'],
      ['open_interest', 'desc'],
      ['open_interest', 'asc'],
      ['funding', 'desc'],
      ['funding', 'asc'],
      ['liquidity', 'desc'],
      ['liquidity', 'asc'],
    ] as const)('plans sort=%s order=%s on its index (the OI one on the exact index expression)', async (sort, order) => {
      const query = { limit: 100, offset: 0, sort, order, ...(sort === 'open_interest' ? { min_open_interest: '1', max_open_interest: '8' } : {}) };
      const { sql, params } = marketsPageSql(query);
      const plan = await explain(bed.pg.url('perp_index'), sql, params);
      expect(plan).toContain(`markets_${sort}_${order}_idx`);
    });

    it('answers lists with Cache-Control: no-cache and an ETag', async () => {
      const res = await bed.get('/markets').expect(200);
      expect(res.headers['cache-control']).toBe('private, no-cache');
      expect(res.headers['etag']).toMatch(/^"[A-Za-z0-9_-]+"$/);
    });
  });

  describe('GET /markets/{perp_address}', () => {
    it('returns the market, its latest snapshot (highest timestamp, then id) and its live figures', async () => {
      const res = await bed.get(`/markets/${A.toUpperCase().replace('0X', '0x')}`).expect(200);
      expect(Object.keys(res.body)).toEqual(['market', 'latest_snapshot', 'live']);
      expect(res.body.market).toMatchObject({ perp_address: A, perp: A, mark_price: '2' });
      expect(res.body.latest_snapshot).toEqual({
        id: ids.s4,
        timestamp: T0,
        perp_address: A,
        perp: A,
        amm_price_x96: (2n * Q96).toString(),
        mark_price: '4',
      });
      expect(res.body.live).toEqual({ perp_address: A, perp: A, mark_price: '4', index_price: '2.5', funding_rate_daily: '0.05', timestamp: T0 });
    });

    it('gives null latest_snapshot and live to a market without snapshots', async () => {
      const res = await bed.get(`/markets/${C}`).expect(200);
      expect(res.body).toMatchObject({ latest_snapshot: null, live: null, market: { perp_address: C } });
    });

    it('404 for an unknown market, 422 for a malformed address', async () => {
      expect((await bed.get(`/markets/${address('dead')}`).expect(404)).body).toEqual({ detail: 'Market not found' });
      expect((await bed.get('/markets/0xnothex').expect(422)).body.detail).toEqual([
        expect.objectContaining({ type: 'string_pattern_mismatch', loc: ['path', 'perp_address'], input: '0xnothex' }),
      ]);
    });

    it('is cacheable: Cache-Control max-age, a strong ETag, 304 on If-None-Match', async () => {
      const first = await bed.get(`/markets/${A}`).expect(200);
      expect(first.headers['cache-control']).toBe('private, max-age=1');
      expect(first.headers['content-type']).toBe('application/json; charset=utf-8');
      const etag = first.headers['etag'];
      expect(etag).toMatch(/^"[A-Za-z0-9_-]+"$/);
      // The tag is the hash of the very text sent (serialised once), and the memoised answer is the same text.
      expect(etag).toBe(etagOfJson(first.text));
      expect((await bed.get(`/markets/${A}`).expect(200)).text).toBe(first.text);
      const again = await bed.get(`/markets/${A}`).set('If-None-Match', etag).expect(304);
      expect(again.text ?? '').toBe('');
      expect(again.headers['etag']).toBe(etag);
      await bed.get(`/markets/${A}`).set('If-None-Match', `W/${etag}, "other"`).expect(304);
      await bed.get(`/markets/${A}`).set('If-None-Match', '"other"').expect(200);
    });
  });

  describe('GET /markets/{perp_address}/live', () => {
    it('decodes the latest snapshot: mark (sqrt X96 squared), its index, the market funding', async () => {
      const res = await bed.get(`/markets/${A}/live`).expect(200);
      expect(res.body).toEqual({ perp_address: A, perp: A, mark_price: '4', index_price: '2.5', funding_rate_daily: '0.05', timestamp: T0 });
      expect(res.headers['cache-control']).toBe('private, max-age=1');
    });

    it('has a null index_price when the snapshot carries none', async () => {
      const res = await bed.get(`/markets/${D}/live`).expect(200);
      expect(res.body).toEqual({ perp_address: D, perp: D, mark_price: '9', index_price: null, funding_rate_daily: '0.01', timestamp: at(1) });
    });

    it('404 "No live data for market" without a snapshot, "Market not found" for an unknown market', async () => {
      expect((await bed.get(`/markets/${C}/live`).expect(404)).body).toEqual({ detail: 'No live data for market' });
      expect((await bed.get(`/markets/${address('dead')}/live`).expect(404)).body).toEqual({ detail: 'Market not found' });
    });
  });

  describe('GET /markets/{perp_address}/stats', () => {
    it('covers the 24 h ending at the latest snapshot, both ends inclusive, exactly', async () => {
      // Window: s2 (9, on the start), s3a (1), s3 (0.25), s4 (4); s1 (1, 25 h before) is out.
      const res = await bed.get(`/markets/${A}/stats`).expect(200);
      expect(res.body).toEqual({
        perp_address: A,
        perp: A,
        price_24h_high: '9',
        price_24h_low: '0.25',
        price_24h_change: '-5',
        price_24h_change_percent: '-55.555555555555555556',
      });
      expect(res.headers['etag']).toBeDefined();
    });

    it('is all zero change with a single snapshot', async () => {
      const res = await bed.get(`/markets/${D}/stats`).expect(200);
      expect(res.body).toEqual({ perp_address: D, perp: D, price_24h_high: '9', price_24h_low: '9', price_24h_change: '0', price_24h_change_percent: '0' });
    });

    it('404 without snapshots or for an unknown market', async () => {
      expect((await bed.get(`/markets/${C}/stats`).expect(404)).body).toEqual({ detail: 'No live data for market' });
      expect((await bed.get(`/markets/${address('dead')}/stats`).expect(404)).body).toEqual({ detail: 'Market not found' });
    });
  });

  describe('GET /markets/{perp_address}/snapshots', () => {
    it('lists newest first, ties by id descending', async () => {
      const res = await bed.get(`/markets/${A}/snapshots`).expect(200);
      expect(res.body).toMatchObject({ total: 5, limit: 100, offset: 0, has_more: false });
      expect(res.body.items.map((s: { id: number }) => s.id)).toEqual([ids.s4, ids.s3, ids.s3a, ids.s2, ids.s1]);
      expect(res.body.items[1]).toEqual({ id: ids.s3, timestamp: at(12), perp_address: A, perp: A, amm_price_x96: (Q96 / 2n).toString(), mark_price: '0.25' });
      expect(res.headers['cache-control']).toBe('private, no-cache');
    });

    it('includes both time bounds', async () => {
      const res = await bed.get(`/markets/${A}/snapshots?start_time=${at(24)}&end_time=${at(12)}`).expect(200);
      expect(res.body.items.map((s: { id: number }) => s.id)).toEqual([ids.s3, ids.s3a, ids.s2]);
      expect(res.body.total).toBe(3);
      const open = await bed.get(`/markets/${A}/snapshots?start_time=2026-01-09T12:00:00Z`).expect(200);
      expect(open.body.items.map((s: { id: number }) => s.id)).toEqual([ids.s4, ids.s3, ids.s3a]);
    });

    it('paginates with total and has_more', async () => {
      const page = await bed.get(`/markets/${A}/snapshots?limit=2&offset=2`).expect(200);
      expect(page.body).toMatchObject({ total: 5, limit: 2, offset: 2, has_more: true });
      expect(page.body.items.map((s: { id: number }) => s.id)).toEqual([ids.s3a, ids.s2]);
      const last = await bed.get(`/markets/${A}/snapshots?limit=2&offset=4`).expect(200);
      expect(last.body).toMatchObject({ total: 5, has_more: false });
      expect(last.body.items).toHaveLength(1);
    });

    it('limit 1-1000: bounds accepted, one past refused', async () => {
      await bed.get(`/markets/${A}/snapshots?limit=1`).expect(200);
      await bed.get(`/markets/${A}/snapshots?limit=1000`).expect(200);
      expect((await bed.get(`/markets/${A}/snapshots?limit=1001`).expect(422)).body.detail).toEqual([
        { type: 'less_than_equal', loc: ['query', 'limit'], msg: 'Input should be less than or equal to 1000', input: '1001', ctx: { le: 1000 } },
      ]);
      expect((await bed.get(`/markets/${A}/snapshots?limit=0`).expect(422)).body.detail[0]).toMatchObject({
        type: 'greater_than_equal',
        loc: ['query', 'limit'],
      });
      expect((await bed.get(`/markets/${A}/snapshots?start_time=yesterday`).expect(422)).body.detail[0]).toMatchObject({ loc: ['query', 'start_time'] });
    });

    it('an empty page for a market without snapshots, 404 for an unknown one', async () => {
      expect((await bed.get(`/markets/${C}/snapshots`).expect(200)).body).toEqual({ items: [], total: 0, limit: 100, offset: 0, has_more: false });
      expect((await bed.get(`/markets/${address('dead')}/snapshots`).expect(404)).body).toEqual({ detail: 'Market not found' });
    });
  });

  describe('GET /markets/{perp_address}/trades', () => {
    it('lists newest first (timestamp, then id) with every figure decoded', async () => {
      const res = await bed.get(`/markets/${A}/trades`).expect(200);
      expect(res.body).toMatchObject({ total: 3, limit: 50, offset: 0, has_more: false });
      expect(res.body.items.map((t: { id: number }) => t.id)).toEqual([ids.t3, ids.t2, ids.t1]);
      expect(res.body.items[1]).toEqual({
        id: ids.t2,
        timestamp: at(1),
        perp_address: A,
        perp: A,
        pos_id: 2,
        was_liquidated: true,
        perp_delta: '3',
        usd_delta: '-6',
        mark_price: null,
        funding: '-0.00005',
        util_fees: null,
        liq_fee: '0.25',
      });
      expect(res.body.items[2]).toEqual({
        id: ids.t1,
        timestamp: at(2),
        perp_address: A,
        perp: A,
        pos_id: 1,
        was_liquidated: false,
        perp_delta: '-5',
        usd_delta: '10.5',
        mark_price: '2.25',
        funding: '0.12',
        util_fees: '0.001',
        liq_fee: null,
      });
    });

    it('includes both time bounds and paginates', async () => {
      const res = await bed.get(`/markets/${A}/trades?start_time=${at(2)}&end_time=${at(1)}&limit=2`).expect(200);
      expect(res.body).toMatchObject({ total: 3, limit: 2, has_more: true });
      const bounded = await bed.get(`/markets/${A}/trades?end_time=${at(2)}`).expect(200);
      expect(bounded.body.items.map((t: { id: number }) => t.id)).toEqual([ids.t1]);
    });

    it('limit 1-500, default 50', async () => {
      await bed.get(`/markets/${A}/trades?limit=1`).expect(200);
      await bed.get(`/markets/${A}/trades?limit=500`).expect(200);
      expect((await bed.get(`/markets/${A}/trades?limit=501`).expect(422)).body.detail).toEqual([
        { type: 'less_than_equal', loc: ['query', 'limit'], msg: 'Input should be less than or equal to 500', input: '501', ctx: { le: 500 } },
      ]);
      await bed.get(`/markets/${A}/trades?limit=0`).expect(422);
      expect((await bed.get(`/markets/${address('dead')}/trades`).expect(404)).body).toEqual({ detail: 'Market not found' });
    });
  });

  describe('authentication', () => {
    it.each([
      '/markets',
      `/markets/${A}`,
      `/markets/${A}/live`,
      `/markets/${A}/stats`,
      `/markets/${A}/snapshots`,
      `/markets/${A}/trades`,
      '/markets/ALP/history',
    ])('401 without a key: %s', async (path) => {
      expect((await bed.anonymous(path).expect(401)).body).toEqual({ detail: 'Missing API key' });
    });

    it('401 with an unknown key', async () => {
      expect((await bed.anonymous('/markets').set('X-API-Key', 'mdk_unknown').expect(401)).body).toEqual({ detail: 'Invalid API key' });
    });
  });

  describe('OpenAPI', () => {
    it('documents every market route with its parameters, limits and errors', async () => {
      const doc = (await bed.anonymous('/openapi.json').expect(200)).body;
      const list = doc.paths['/markets'].get;
      const limit = list.parameters.find((p: { name: string }) => p.name === 'limit');
      expect(limit.schema).toMatchObject({ minimum: 1, maximum: 500, default: 100 });
      expect(Object.keys(list.responses).sort()).toEqual(['200', '304', '400', '401', '408', '422', '429', '500', '503']);
      for (const path of [
        '/markets/{perp_address}',
        '/markets/{perp_address}/live',
        '/markets/{perp_address}/stats',
        '/markets/{perp_address}/snapshots',
        '/markets/{perp_address}/trades',
        '/markets/{ticker}/history',
      ]) {
        expect(Object.keys(doc.paths[path].get.responses)).toEqual(expect.arrayContaining(['200', '401', '404', '422', '503']));
      }
      const market = doc.components.schemas.MarketDto;
      expect(market.required).toEqual(expect.arrayContaining(['perp_address', 'mark_price', 'ticker']));
      expect(market.properties.mark_price).toMatchObject({ type: 'string', nullable: true });
    });
  });

  // Last: it takes the index store away and brings it back.
  describe('index store outage', () => {
    it('503 "Index store unavailable" while it is down, then recovers without a restart', async () => {
      await bed.indexProxy.pause();
      try {
        for (const path of ['/markets', `/markets/${B}/snapshots`, `/markets/${B}/trades`]) {
          expect((await bed.get(path).expect(503)).body).toEqual({ detail: 'Index store unavailable' });
        }
      } finally {
        await bed.indexProxy.resume();
      }
      expect((await bed.get('/markets').expect(200)).body.total).toBe(4);
      await bed.get(`/markets/${B}/snapshots`).expect(200);
    });
  });
});
