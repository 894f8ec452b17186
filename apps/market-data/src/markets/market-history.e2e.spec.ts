import { Client } from 'pg';
import { MarketDataTestbed, startMarketDataTestbed } from './test/market-data-testbed';
import { Q96, address, insertMarket } from './test/market-fixtures';

/**
 * GET /markets/{perp_address}/funding and /open-interest, and /v1/markets/{market_id}/oi: the
 * points the markets row trigger (migration 010) records at each write that changed the figures,
 * written here the way the indexer writes them (an upsert of the row per block, with its block
 * time and number) and the way the simulator does (an insert without a block).
 */
const A = address('a1');
const B = address('b2');
const T = 1_767_225_600; // 2026-01-01T00:00:00Z
const iso = (s: number) => new Date(s * 1000).toISOString();
const E18 = 10n ** 18n;

/** One indexer write of A's row: the figures after block `block`, at its time. */
async function write(db: Client, block: number, at: number, figures: Record<string, bigint | null>): Promise<void> {
  const columns = Object.keys(figures);
  await db.query(
    `UPDATE markets SET ${['block_number = $2', 'last_touched_at = $3', ...columns.map((c, i) => `"${c}" = $${i + 4}`)].join(', ')} WHERE perp_address = $1`,
    [A, block, at, ...columns.map((c) => (figures[c] === null ? null : String(figures[c])))],
  );
}

describe('market funding and open-interest history', () => {
  let bed: MarketDataTestbed;

  beforeAll(async () => {
    bed = await startMarketDataTestbed();
    // Created at block 1 (as the indexer inserts it): the first point of both series.
    await insertMarket(bed.index, { perp_address: A, created_at: T, last_touched_at: T, block_number: 1 });
    // Block 2: a long opens; funding unchanged -> an OI point only.
    await write(bed.index, 2, T + 60, { open_interest_long: 2_500_000n, capacity_long: 10_000_000n, capacity_short: 9_000_000n });
    // Block 3: funding starts; OI unchanged -> a funding point only.
    await write(bed.index, 3, T + 120, { funding_per_day: -E18 / 1000n, cumulative_funding_x96: -Q96 / 4n });
    // Block 4: the row rewritten with nothing changed -> no point.
    await write(bed.index, 4, T + 180, {});
    // Block 5: both change.
    await write(bed.index, 5, T + 240, { funding_per_day: 1n, cumulative_funding_x96: Q96 * 3n, open_interest_short: 1n });
    // The simulator's row: no block, its own time.
    await insertMarket(bed.index, {
      perp_address: B,
      created_at: T - 86_400,
      last_touched_at: T - 60,
      funding_per_day: 5n * E18,
      open_interest_long: 7_000_000n,
    });
    // A market with no time recorded (created_at and last_touched_at null): no points.
    await insertMarket(bed.index, { perp_address: address('c3') });
  }, 60_000);

  afterAll(async () => {
    await bed?.close();
  });

  it('GET /markets/{perp_address}/funding: a point at each change, newest first, the same decimals as the market', async () => {
    const res = await bed.get(`/markets/${A}/funding`).expect(200);
    expect(res.headers['cache-control']).toBe('private, no-cache');
    expect(res.body).toEqual({
      items: [
        { id: expect.any(Number), timestamp: iso(T + 240), block_number: 5, funding_rate_daily: '0.000000000000000001', cumulative_funding: '3' },
        { id: expect.any(Number), timestamp: iso(T + 120), block_number: 3, funding_rate_daily: '-0.001', cumulative_funding: '-0.25' },
        { id: expect.any(Number), timestamp: iso(T), block_number: 1, funding_rate_daily: null, cumulative_funding: '0' },
      ],
      total: 3,
      limit: 100,
      offset: 0,
      has_more: false,
    });
    // The latest point is the market's own figure.
    const market = (await bed.get(`/markets/${A}`).expect(200)).body;
    expect((market.market ?? market).funding_rate_daily).toBe(res.body.items[0].funding_rate_daily);
  });

  it('GET /markets/{perp_address}/open-interest: long, short and capacity at each change', async () => {
    const res = await bed.get(`/markets/${A}/open-interest`).expect(200);
    expect(res.headers['cache-control']).toBe('private, no-cache');
    expect(res.body.items).toEqual([
      {
        id: expect.any(Number),
        timestamp: iso(T + 240),
        block_number: 5,
        open_interest_long: '2.5',
        open_interest_short: '0.000001',
        capacity_long: '10',
        capacity_short: '9',
      },
      {
        id: expect.any(Number),
        timestamp: iso(T + 60),
        block_number: 2,
        open_interest_long: '2.5',
        open_interest_short: '0',
        capacity_long: '10',
        capacity_short: '9',
      },
      {
        id: expect.any(Number),
        timestamp: iso(T),
        block_number: 1,
        open_interest_long: '0',
        open_interest_short: '0',
        capacity_long: '0',
        capacity_short: '0',
      },
    ]);
    expect(res.body.total).toBe(3);
  });

  it('a simulator row (no block) gives a point with a null block at its time', async () => {
    expect((await bed.get(`/markets/${B}/funding`).expect(200)).body.items).toEqual([
      { id: expect.any(Number), timestamp: iso(T - 60), block_number: null, funding_rate_daily: '5', cumulative_funding: '0' },
    ]);
    expect((await bed.get(`/markets/${B}/open-interest`).expect(200)).body.items).toEqual([
      expect.objectContaining({ timestamp: iso(T - 60), block_number: null, open_interest_long: '7' }),
    ]);
  });

  it('start_time and end_time inclusive, limit and offset with an exact total', async () => {
    const range = await bed.get(`/markets/${A}/open-interest?start_time=${iso(T + 60)}&end_time=${iso(T + 240)}`).expect(200);
    expect(range.body.items.map((p: { block_number: number }) => p.block_number)).toEqual([5, 2]);
    expect(range.body.total).toBe(2);
    const page = await bed.get(`/markets/${A}/funding?limit=1&offset=1`).expect(200);
    expect(page.body).toMatchObject({ total: 3, limit: 1, offset: 1, has_more: true });
    expect(page.body.items.map((p: { block_number: number }) => p.block_number)).toEqual([3]);
    const past = await bed.get(`/markets/${A}/funding?offset=5`).expect(200);
    expect(past.body).toEqual({ items: [], total: 3, limit: 100, offset: 5, has_more: false });
  });

  it('an empty page for a market without a recorded time, 404 for an unknown market', async () => {
    for (const route of ['funding', 'open-interest']) {
      expect((await bed.get(`/markets/${address('c3')}/${route}`).expect(200)).body).toEqual({ items: [], total: 0, limit: 100, offset: 0, has_more: false });
      expect((await bed.get(`/markets/${address('dead')}/${route}`).expect(404)).body).toEqual({ detail: 'Market not found' });
    }
  });

  it('422 on a bad address, limit out of 1-1000, a bad time', async () => {
    for (const route of ['funding', 'open-interest']) {
      await bed.get(`/markets/${A}/${route}?limit=1000`).expect(200);
      expect((await bed.get(`/markets/${A}/${route}?limit=1001`).expect(422)).body.detail).toEqual([
        { type: 'less_than_equal', loc: ['query', 'limit'], msg: 'Input should be less than or equal to 1000', input: '1001', ctx: { le: 1000 } },
      ]);
      expect((await bed.get(`/markets/${A}/${route}?limit=0`).expect(422)).body.detail[0]).toMatchObject({ loc: ['query', 'limit'] });
      expect((await bed.get(`/markets/${A}/${route}?offset=-1`).expect(422)).body.detail[0]).toMatchObject({ loc: ['query', 'offset'] });
      expect((await bed.get(`/markets/${A}/${route}?start_time=yesterday`).expect(422)).body.detail[0]).toMatchObject({ loc: ['query', 'start_time'] });
      expect((await bed.get(`/markets/0x123/${route}`).expect(422)).body.detail[0]).toMatchObject({ loc: ['path', 'perp_address'] });
      expect((await bed.anonymous(`/markets/${A}/${route}`).expect(401)).body).toEqual({ detail: 'Missing API key' });
    }
  });

  it('GET /v1/markets/{market_id}/oi: the same points in the legacy shape', async () => {
    const res = await bed.get(`/v1/markets/${A}/oi`).expect(200);
    expect(res.headers['cache-control']).toBe('private, no-cache');
    expect(res.body).toEqual({
      items: [
        { perp_id: A, taker_long_oi: '2.5', taker_short_oi: '0.000001', timestamp: iso(T + 240) },
        { perp_id: A, taker_long_oi: '2.5', taker_short_oi: '0', timestamp: iso(T + 60) },
        { perp_id: A, taker_long_oi: '0', taker_short_oi: '0', timestamp: iso(T) },
      ],
      total: 3,
      limit: 100,
      offset: 0,
      has_more: false,
    });
    const range = await bed.get(`/v1/markets/${A}/oi?start_time=${iso(T + 1)}&end_time=${iso(T + 60)}&limit=1`).expect(200);
    expect(range.body).toEqual({
      items: [{ perp_id: A, taker_long_oi: '2.5', taker_short_oi: '0', timestamp: iso(T + 60) }],
      total: 1,
      limit: 1,
      offset: 0,
      has_more: false,
    });
  });

  it('a deleted market takes its points with it', async () => {
    await insertMarket(bed.index, { perp_address: address('d4'), created_at: T });
    const count = async () =>
      (
        await bed.index.query(
          `SELECT (SELECT count(*) FROM funding_history WHERE perp_address = $1) + (SELECT count(*) FROM open_interest_history WHERE perp_address = $1) AS n`,
          [address('d4')],
        )
      ).rows[0].n;
    expect(Number(await count())).toBe(2);
    await bed.index.query('DELETE FROM markets WHERE perp_address = $1', [address('d4')]);
    expect(Number(await count())).toBe(0);
  });

  it('documents both routes with their limits and errors', async () => {
    const doc = (await bed.anonymous('/openapi.json').expect(200)).body;
    for (const path of ['/markets/{perp_address}/funding', '/markets/{perp_address}/open-interest']) {
      const op = doc.paths[path].get;
      expect(Object.keys(op.responses)).toEqual(expect.arrayContaining(['200', '401', '404', '422', '503']));
      expect(op.parameters.find((p: { name: string }) => p.name === 'limit').schema).toMatchObject({ minimum: 1, maximum: 1000, default: 100 });
    }
  });
});
