import { Client } from 'pg';
import { MarketDataTestbed, startMarketDataTestbed } from '../markets/test/market-data-testbed';
import { Q96, address, insertClosedTaker, insertMarket, insertTrade } from '../markets/test/market-fixtures';
import { fillsCountSql, fillsPageSql } from './fills-sql';

/**
 * GET /trades?holder= over HTTP on real Postgres, with hand-made fixtures:
 *
 * | position | holder | side  | trades (hours before T0)                   |
 * | A#1      | H1     | long  | f1 (5, partial close), f5 (2, after f4)    |
 * | A#2      | H2     | short | f3 (3)                                     |
 * | A#3      | H1     | long  | f4 (2)                                     |
 * | B#1      | H1     | short | f2 (4, liquidation)                        |
 *
 * B#1 shares its id with A#1 on purpose: ids are local to each market.
 */
const A = address('a1');
const B = address('b2');
const H1 = address('aa01');
const H2 = address('aa02');
const T0 = '2026-01-10T00:00:00.000Z';
const at = (hoursBeforeT0: number) => new Date(Date.parse(T0) - hoursBeforeT0 * 3_600_000).toISOString();
const PATTERN = '^0x[0-9a-fA-F]{40}$';

async function explain(url: string, sql: string, params: unknown[]): Promise<string> {
  const client = new Client({ connectionString: url });
  await client.connect();
  try {
    // A handful of rows: Postgres would rightly scan them; the plan shape is what counts.
    await client.query('SET enable_seqscan = off');
    const { rows } = await client.query(`EXPLAIN ${sql}`, params);
    return rows.map((row: Record<string, string>) => row['QUERY PLAN']).join('\n');
  } finally {
    await client.end();
  }
}

describe('GET /trades (fills by wallet)', () => {
  let bed: MarketDataTestbed;
  const f: Record<string, number> = {};
  const ids = (body: { items: Array<{ id: number }> }) => body.items.map((item) => item.id);

  beforeAll(async () => {
    bed = await startMarketDataTestbed();
    const db = bed.index;
    await insertMarket(db, { perp_address: A });
    await insertMarket(db, { perp_address: B });
    await insertClosedTaker(db, 1, A, { holder: H1, is_long: true });
    await insertClosedTaker(db, 2, A, { holder: H2, is_long: false });
    await insertClosedTaker(db, 3, A, { holder: H1, is_long: true });
    await insertClosedTaker(db, 1, B, { holder: H1, is_long: false, was_liquidated: true });
    f.f1 = await insertTrade(db, {
      perp_address: A,
      timestamp: at(5),
      pos_id: 1,
      was_liquidated: false,
      perp_delta: -2_000_000n,
      usd_delta: 4_500_000n,
      mark_price_x96: 2n * Q96 + Q96 / 4n,
      funding: 120_000n,
      util_fees: 1_000n,
      liq_fee: null,
    });
    f.f2 = await insertTrade(db, {
      perp_address: B,
      timestamp: at(4),
      pos_id: 1,
      was_liquidated: true,
      perp_delta: 3_000_000n,
      usd_delta: -6_000_000n,
      mark_price_x96: Q96 / 2n,
      funding: -50n,
      util_fees: null,
      liq_fee: 250_000n,
    });
    f.f3 = await insertTrade(db, { perp_address: A, timestamp: at(3), pos_id: 2, was_liquidated: false, perp_delta: 1_000_000n, usd_delta: -1_000_000n });
    f.f4 = await insertTrade(db, { perp_address: A, timestamp: at(2), pos_id: 3, was_liquidated: false, perp_delta: -1n, usd_delta: 1n });
    f.f5 = await insertTrade(db, { perp_address: A, timestamp: at(2), pos_id: 1, was_liquidated: false, perp_delta: -3_000_000n, usd_delta: 7_000_000n });
  }, 60_000);

  afterAll(async () => {
    await bed?.close();
  });

  it("lists every close of the holder's positions in every market, newest first (timestamp, then id), each figure decoded", async () => {
    const res = await bed.get(`/trades?holder=${H1.toUpperCase().replace('0X', '0x')}`).expect(200);
    expect(res.body).toMatchObject({ total: 4, limit: 50, offset: 0, has_more: false });
    expect(ids(res.body)).toEqual([f.f5, f.f4, f.f2, f.f1]);
    expect(res.body.items[2]).toEqual({
      id: f.f2,
      timestamp: at(4),
      perp_address: B,
      pos_id: 1,
      holder: H1,
      is_long: false,
      was_liquidated: true,
      perp_delta: '3',
      usd_delta: '-6',
      mark_price: '0.5',
      funding: '-0.00005',
      util_fees: null,
      liq_fee: '0.25',
    });
    expect(res.body.items[3]).toEqual({
      id: f.f1,
      timestamp: at(5),
      perp_address: A,
      pos_id: 1,
      holder: H1,
      is_long: true,
      was_liquidated: false,
      perp_delta: '-2',
      usd_delta: '4.5',
      mark_price: '2.25',
      funding: '0.12',
      util_fees: '0.001',
      liq_fee: null,
    });
    expect(ids((await bed.get(`/trades?holder=${H2}`).expect(200)).body)).toEqual([f.f3]);
  });

  it('filters by market (ids are local to it) and by an inclusive time range', async () => {
    expect(ids((await bed.get(`/trades?holder=${H1}&perp_address=${A}`).expect(200)).body)).toEqual([f.f5, f.f4, f.f1]);
    expect(ids((await bed.get(`/trades?holder=${H1}&perp_address=${B.toUpperCase().replace('0X', '0x')}`).expect(200)).body)).toEqual([f.f2]);
    const ranged = await bed.get(`/trades?holder=${H1}&start_time=${at(4)}&end_time=${at(2)}`).expect(200);
    expect(ids(ranged.body)).toEqual([f.f5, f.f4, f.f2]);
    expect(ranged.body.total).toBe(3);
    expect(ids((await bed.get(`/trades?holder=${H1}&perp_address=${A}&end_time=${at(5)}`).expect(200)).body)).toEqual([f.f1]);
  });

  it('paginates with the exact total and has_more', async () => {
    expect((await bed.get(`/trades?holder=${H1}&limit=2&offset=1`).expect(200)).body).toMatchObject({ total: 4, limit: 2, offset: 1, has_more: true });
    expect(ids((await bed.get(`/trades?holder=${H1}&limit=2&offset=1`).expect(200)).body)).toEqual([f.f4, f.f2]);
    expect((await bed.get(`/trades?holder=${H1}&limit=2&offset=2`).expect(200)).body).toMatchObject({ total: 4, has_more: false });
    expect((await bed.get(`/trades?holder=${H1}&offset=10`).expect(200)).body).toEqual({ items: [], total: 4, limit: 50, offset: 10, has_more: false });
  });

  it('gives an empty page for a holder without trades or an unknown market', async () => {
    const empty = { items: [], total: 0, limit: 50, offset: 0, has_more: false };
    expect((await bed.get(`/trades?holder=${address('dead')}`).expect(200)).body).toEqual(empty);
    expect((await bed.get(`/trades?holder=${H2}&perp_address=${B}`).expect(200)).body).toEqual(empty);
    expect((await bed.get(`/trades?holder=${H1}&perp_address=${address('dead')}`).expect(200)).body).toEqual(empty);
  });

  it('422: holder missing or malformed, a malformed market or time, limit outside 1-500, negative offset', async () => {
    expect((await bed.get('/trades').expect(422)).body).toEqual({
      detail: [{ type: 'missing', loc: ['query', 'holder'], msg: 'Field required', input: null }],
    });
    expect((await bed.get('/trades?holder=0x123').expect(422)).body.detail).toEqual([
      { type: 'string_pattern_mismatch', loc: ['query', 'holder'], msg: `String should match pattern '${PATTERN}'`, input: '0x123', ctx: { pattern: PATTERN } },
    ]);
    expect((await bed.get(`/trades?holder=${H1}&perp_address=nope`).expect(422)).body.detail[0]).toMatchObject({ loc: ['query', 'perp_address'] });
    expect((await bed.get(`/trades?holder=${H1}&start_time=yesterday`).expect(422)).body.detail[0]).toMatchObject({ loc: ['query', 'start_time'] });
    expect((await bed.get(`/trades?holder=${H1}&limit=501`).expect(422)).body.detail).toEqual([
      { type: 'less_than_equal', loc: ['query', 'limit'], msg: 'Input should be less than or equal to 500', input: '501', ctx: { le: 500 } },
    ]);
    await bed.get(`/trades?holder=${H1}&limit=0`).expect(422);
    await bed.get(`/trades?holder=${H1}&offset=-1`).expect(422);
    await bed.get(`/trades?holder=${H1}&limit=1`).expect(200);
    await bed.get(`/trades?holder=${H1}&limit=500`).expect(200);
  });

  it('answers with Cache-Control: private, no-cache and an ETag, 304 when unchanged', async () => {
    const res = await bed.get(`/trades?holder=${H1}`).expect(200);
    expect(res.headers['cache-control']).toBe('private, no-cache');
    expect(res.headers['etag']).toMatch(/^"[A-Za-z0-9_-]+"$/);
    await bed.get(`/trades?holder=${H1}`).set('If-None-Match', res.headers['etag']).expect(304);
  });

  it('401 without a key', async () => {
    expect((await bed.anonymous(`/trades?holder=${H1}`).expect(401)).body).toEqual({ detail: 'Missing API key' });
  });

  it("reads through the holder's positions and each one's trades by index (positions_holder_idx, trades_position_time_idx)", async () => {
    for (const { sql, params } of [fillsPageSql({ holder: H1, limit: 50, offset: 0 }), fillsCountSql({ holder: H1 })]) {
      const plan = await explain(bed.pg.url('perp_index'), sql, params);
      expect(plan).toContain('positions_holder_idx');
      expect(plan).toContain('trades_position_time_idx');
      expect(plan).not.toContain('Seq Scan');
    }
    // With a market and a time range, that market's trades in the range may be the narrower probe.
    const { sql, params } = fillsPageSql({ holder: H1, perp_address: A, start_time: new Date(at(4)), end_time: new Date(at(2)), limit: 50, offset: 0 });
    const plan = await explain(bed.pg.url('perp_index'), sql, params);
    expect(plan).toMatch(/positions_holder_idx|positions_pkey/);
    expect(plan).toMatch(/trades_position_time_idx|trades_market_time_idx/);
    expect(plan).not.toContain('Seq Scan');
  });

  it('is documented: holder required, limits, errors', async () => {
    const doc = (await bed.anonymous('/openapi.json').expect(200)).body;
    const op = doc.paths['/trades'].get;
    expect(op.operationId).toBe('listFills');
    const param = (name: string) => op.parameters.find((p: { name: string }) => p.name === name);
    expect(param('holder')).toMatchObject({ required: true, schema: { type: 'string', pattern: PATTERN } });
    expect(param('limit').schema).toMatchObject({ minimum: 1, maximum: 500, default: 50 });
    expect(Object.keys(op.responses)).toEqual(expect.arrayContaining(['200', '304', '401', '422', '503']));
    expect(doc.components.schemas.FillDto.required).toEqual(expect.arrayContaining(['holder', 'was_liquidated', 'perp_delta', 'liq_fee']));
  });

  // Last: it takes the index store away and brings it back.
  it('503 "Index store unavailable" while the index store is down, then recovers', async () => {
    await bed.indexProxy.pause();
    try {
      expect((await bed.get(`/trades?holder=${H1}`).expect(503)).body).toEqual({ detail: 'Index store unavailable' });
    } finally {
      await bed.indexProxy.resume();
    }
    expect((await bed.get(`/trades?holder=${H1}`).expect(200)).body.total).toBe(4);
  });
});
