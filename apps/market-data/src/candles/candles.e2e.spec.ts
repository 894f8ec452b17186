import BigNumber from 'bignumber.js';
import { MarketDataTestbed, startMarketDataTestbed } from '../markets/test/market-data-testbed';
import { Q96, address, insertClosedTaker, insertMarket, insertSnapshot, insertTrade } from '../markets/test/market-fixtures';

/**
 * GET /markets/{perp_address}/candles over HTTP on real Postgres. The fixtures are written as the
 * indexer writes them (plain INSERTs): the candles come from the triggers, not from the test.
 *
 * Market E, 2026-01-10 (mark = (sqrt / 2^96)^2, index = x / 2^96):
 * | time            | mark | index | trade                   |
 * | 00:00:10        | 4    | 3     |                         |
 * | 00:00:20        | 1    | -     |                         |
 * | 00:00:40        |      |       | +2 perps, -8 USD        |
 * | 00:00:50 (x2)   | 9, then 2.25 (higher id) | 2.5, 2.5 |   |
 * | 00:01:30        |      |       | -1.5 perps, +6 USD (a minute without a snapshot) |
 * | 00:02:05        | 0.25 | 1     |                         |
 * | 05:00:00        | 4    | -     |                         |
 * | 01-11 00:00:00  | 1    | -     |                         |
 *
 * Its open interest (markets row writes, as the indexer's: the trigger records a point at each):
 * long 2.5 / short 1 at 00:00:30, long 4 / short 0.000001 at exactly 00:02:00.
 */
const E = address('e5');
const EMPTY = address('e6');
const day = (time: string, d = '10') => `2026-01-${d}T${time}.000Z`;

type Candle = Record<string, string | number | null>;
const ohlc = (open: string | null, high: string | null, low: string | null, close: string | null) => ({ open, high, low, close });
const index = (open: string | null, high: string | null, low: string | null, close: string | null) => ({
  index_open: open,
  index_high: high,
  index_low: low,
  index_close: close,
});

describe('GET /markets/{perp_address}/candles', () => {
  let bed: MarketDataTestbed;

  beforeAll(async () => {
    bed = await startMarketDataTestbed();
    const db = bed.index;
    await insertMarket(db, { perp_address: E, name: 'Echo', symbol: 'ECHO' });
    await insertMarket(db, { perp_address: EMPTY, name: 'Empty', symbol: 'NONE' });
    await insertClosedTaker(db, 1, E);
    await insertSnapshot(db, { perp_address: E, timestamp: day('00:00:10'), amm_price_x96: 2n * Q96, index_price_x96: 3n * Q96 });
    await insertSnapshot(db, { perp_address: E, timestamp: day('00:00:20'), amm_price_x96: Q96 });
    await insertTrade(db, { perp_address: E, timestamp: day('00:00:40'), pos_id: 1, was_liquidated: false, perp_delta: 2_000_000n, usd_delta: -8_000_000n });
    await insertSnapshot(db, { perp_address: E, timestamp: day('00:00:50'), amm_price_x96: 3n * Q96, index_price_x96: (5n * Q96) / 2n });
    await insertSnapshot(db, { perp_address: E, timestamp: day('00:00:50'), amm_price_x96: (3n * Q96) / 2n, index_price_x96: (5n * Q96) / 2n });
    await insertTrade(db, { perp_address: E, timestamp: day('00:01:30'), pos_id: 1, was_liquidated: true, perp_delta: -1_500_000n, usd_delta: 6_000_000n });
    await insertSnapshot(db, { perp_address: E, timestamp: day('00:02:05'), amm_price_x96: Q96 / 2n, index_price_x96: Q96 });
    await insertSnapshot(db, { perp_address: E, timestamp: day('05:00:00'), amm_price_x96: 2n * Q96 });
    await insertSnapshot(db, { perp_address: E, timestamp: day('00:00:00', '11'), amm_price_x96: Q96 });
    const openInterest = (time: string, long: bigint, short: bigint) =>
      db.query(`UPDATE markets SET last_touched_at = $2, open_interest_long = $3, open_interest_short = $4 WHERE perp_address = $1`, [
        E,
        Date.parse(day(time)) / 1000,
        long.toString(),
        short.toString(),
      ]);
    await openInterest('00:00:30', 2_500_000n, 1_000_000n);
    await openInterest('00:02:00', 4_000_000n, 1n);
  }, 120_000);

  afterAll(async () => {
    await bed?.close();
  });

  const starts = (body: { items: Candle[] }) => body.items.map((c) => c.timestamp);

  it('gives 1m candles newest first, an interval without snapshot or trade absent, one with trades only without prices', async () => {
    const res = await bed.get(`/markets/${E.toUpperCase().replace('0X', '0x')}/candles?resolution=1m`).expect(200);
    expect(res.headers['cache-control']).toBe('private, no-cache');
    expect(res.body).toMatchObject({ total: 5, limit: 500, offset: 0, has_more: false });
    expect(starts(res.body)).toEqual([day('00:00:00', '11'), day('05:00:00'), day('00:02:00'), day('00:01:00'), day('00:00:00')]);
    expect(res.body.items[4]).toEqual({
      timestamp: day('00:00:00'),
      perp_address: E,
      resolution: '1m',
      ...ohlc('4', '9', '1', '2.25'),
      ...index('3', '3', '2.5', '2.5'),
      volume_usd: '8',
      volume_perps: '2',
      trade_count: 1,
      // Its start precedes the market's first open-interest point.
      open_interest_long: null,
      open_interest_short: null,
    });
    expect(res.body.items[3]).toMatchObject({
      ...ohlc(null, null, null, null),
      ...index(null, null, null, null),
      volume_usd: '6',
      volume_perps: '1.5',
      trade_count: 1,
    });
    expect(res.body.items[2]).toMatchObject({ ...ohlc('0.25', '0.25', '0.25', '0.25'), ...index('1', '1', '1', '1'), volume_usd: '0', trade_count: 0 });
  });

  it('gives each candle the open interest in force at its start: the last point strictly before it, a point at the start counting inside', async () => {
    const oi = (body: { items: Candle[] }) => body.items.map((c) => [c.open_interest_long, c.open_interest_short]);
    const minutes = await bed.get(`/markets/${E}/candles?resolution=1m`).expect(200);
    expect(oi(minutes.body)).toEqual([
      ['4', '0.000001'], // 01-11 00:00
      ['4', '0.000001'], // 05:00
      ['2.5', '1'], // 00:02: the point at exactly 00:02:00 is a change inside the interval
      ['2.5', '1'], // 00:01
      [null, null], // 00:00: no point before it (the 00:00:30 one is inside)
    ]);
    const fives = await bed.get(`/markets/${E}/candles?resolution=5m`).expect(200);
    expect(oi(fives.body)).toEqual([
      ['4', '0.000001'],
      ['4', '0.000001'],
      [null, null],
    ]);
    const daily = await bed.get(`/markets/${E}/candles?resolution=1d`).expect(200);
    expect(oi(daily.body)).toEqual([
      ['4', '0.000001'],
      [null, null],
    ]);
    // A page past the offset: each candle still gets its own start's figures.
    const page = await bed.get(`/markets/${E}/candles?resolution=1m&limit=2&offset=2`).expect(200);
    expect(oi(page.body)).toEqual([
      ['2.5', '1'],
      ['2.5', '1'],
    ]);
  });

  it('rolls up 5m, 15m, 1h, 4h and 1d from the same rows', async () => {
    const first = { ...ohlc('4', '9', '0.25', '0.25'), ...index('3', '3', '1', '1'), volume_usd: '14', volume_perps: '3.5', trade_count: 2 };
    for (const resolution of ['5m', '15m', '1h', '4h']) {
      const res = await bed.get(`/markets/${E}/candles?resolution=${resolution}`).expect(200);
      const at5 = resolution === '4h' ? day('04:00:00') : day('05:00:00');
      expect(starts(res.body)).toEqual([day('00:00:00', '11'), at5, day('00:00:00')]);
      expect(res.body.items[2]).toMatchObject({ resolution, ...first });
      expect(res.body.items[1]).toMatchObject({ ...ohlc('4', '4', '4', '4'), ...index(null, null, null, null), trade_count: 0 });
    }
    const daily = await bed.get(`/markets/${E}/candles?resolution=1d`).expect(200);
    expect(daily.body.total).toBe(2);
    expect(daily.body.items[1]).toMatchObject({ timestamp: day('00:00:00'), ...ohlc('4', '9', '0.25', '4'), ...index('3', '3', '1', '1'), volume_usd: '14' });
    expect(daily.body.items[0]).toMatchObject({ timestamp: day('00:00:00', '11'), ...ohlc('1', '1', '1', '1'), trade_count: 0 });
  });

  it('bounds every snapshot of a candle by its high and low', async () => {
    const snapshots = (await bed.get(`/markets/${E}/snapshots?limit=1000`).expect(200)).body.items as Array<{ timestamp: string; mark_price: string }>;
    for (const [resolution, seconds] of [
      ['1m', 60],
      ['1h', 3600],
      ['1d', 86400],
    ] as const) {
      const candles = (await bed.get(`/markets/${E}/candles?resolution=${resolution}`).expect(200)).body.items as Candle[];
      for (const s of snapshots) {
        const t = Date.parse(s.timestamp);
        const candle = candles.find((c) => Date.parse(c.timestamp as string) <= t && t < Date.parse(c.timestamp as string) + seconds * 1000);
        expect(candle).toBeDefined();
        const mark = new BigNumber(s.mark_price);
        expect(mark.gte(candle?.low as string) && mark.lte(candle?.high as string)).toBe(true);
      }
    }
  });

  it('bounds the start times inclusively, and pages with total and has_more', async () => {
    const range = await bed.get(`/markets/${E}/candles?resolution=1m&start_time=${day('00:01:00')}&end_time=${day('00:02:00')}`).expect(200);
    expect(starts(range.body)).toEqual([day('00:02:00'), day('00:01:00')]);
    expect(range.body.total).toBe(2);
    // A candle starting before start_time is out even when its interval reaches past it.
    const open = await bed.get(`/markets/${E}/candles?resolution=1m&start_time=${day('00:01:30')}`).expect(200);
    expect(open.body).toMatchObject({ total: 3 });
    const upTo = await bed.get(`/markets/${E}/candles?resolution=1h&end_time=${day('04:59:59')}`).expect(200);
    expect(starts(upTo.body)).toEqual([day('00:00:00')]);
    expect(upTo.body.total).toBe(1);
    const none = await bed.get(`/markets/${E}/candles?resolution=1m&start_time=${day('00:03:00')}&end_time=${day('04:00:00')}`).expect(200);
    expect(none.body).toEqual({ items: [], total: 0, limit: 500, offset: 0, has_more: false });
    const inverted = await bed.get(`/markets/${E}/candles?resolution=1m&start_time=${day('05:00:00')}&end_time=${day('00:00:00')}`).expect(200);
    expect(inverted.body.total).toBe(0);
    const page = await bed.get(`/markets/${E}/candles?resolution=1m&limit=2&offset=1`).expect(200);
    expect(page.body).toMatchObject({ total: 5, limit: 2, offset: 1, has_more: true });
    expect(starts(page.body)).toEqual([day('05:00:00'), day('00:02:00')]);
    const last = await bed.get(`/markets/${E}/candles?resolution=1m&limit=2&offset=4`).expect(200);
    expect(last.body).toMatchObject({ total: 5, has_more: false });
    expect(last.body.items).toHaveLength(1);
  });

  it('answers an empty page for a market without rows, 404 for an unknown market', async () => {
    expect((await bed.get(`/markets/${EMPTY}/candles?resolution=1d`).expect(200)).body).toEqual({
      items: [],
      total: 0,
      limit: 500,
      offset: 0,
      has_more: false,
    });
    expect((await bed.get(`/markets/${address('dead')}/candles?resolution=1m`).expect(404)).body).toEqual({ detail: 'Market not found' });
  });

  it.each([
    ['', 'resolution', 'missing'],
    ['resolution=2m', 'resolution', 'literal_error'],
    ['resolution=1M', 'resolution', 'literal_error'],
    ['resolution=1m&limit=0', 'limit', 'greater_than_equal'],
    ['resolution=1m&limit=1001', 'limit', 'less_than_equal'],
    ['resolution=1m&offset=-1', 'offset', 'greater_than_equal'],
    ['resolution=1m&start_time=yesterday', 'start_time', expect.any(String)],
  ])('answers ?%s with 422 on %s', async (query, field, type) => {
    const res = await bed.get(`/markets/${E}/candles?${query}`).expect(422);
    expect(res.body.detail).toEqual([expect.objectContaining({ loc: ['query', field], type })]);
  });

  it('422 for a malformed address, 401 without a key', async () => {
    expect((await bed.get('/markets/0xnothex/candles?resolution=1m').expect(422)).body.detail[0]).toMatchObject({ loc: ['path', 'perp_address'] });
    expect((await bed.anonymous(`/markets/${E}/candles?resolution=1m`).expect(401)).body).toEqual({ detail: 'Missing API key' });
  });

  it('follows a rewind: deleted snapshots and trades leave their candles recomputed or gone', async () => {
    await bed.index.query(`DELETE FROM snapshots WHERE perp_address = $1 AND "timestamp" >= $2`, [E, day('00:00:50')]);
    await bed.index.query(`DELETE FROM trades WHERE perp_address = $1 AND "timestamp" >= $2`, [E, day('00:01:00')]);
    const res = await bed.get(`/markets/${E}/candles?resolution=1m`).expect(200);
    expect(res.body.total).toBe(1);
    expect(res.body.items[0]).toMatchObject({ ...ohlc('4', '4', '1', '1'), ...index('3', '3', '3', '3'), volume_usd: '8', trade_count: 1 });
    const daily = await bed.get(`/markets/${E}/candles?resolution=1d`).expect(200);
    expect(daily.body.items).toEqual([expect.objectContaining({ timestamp: day('00:00:00'), ...ohlc('4', '4', '1', '1') })]);
  });

  it('keeps a page only while its market is unwritten: a snapshot, a trade or an open-interest point serves the new page at once', async () => {
    const url = `/markets/${EMPTY}/candles?resolution=1m`;
    await insertSnapshot(bed.index, { perp_address: EMPTY, timestamp: day('03:00:10'), amm_price_x96: 2n * Q96 });
    const first = await bed.get(url).expect(200);
    expect(first.body.items).toEqual([expect.objectContaining({ timestamp: day('03:00:00'), ...ohlc('4', '4', '4', '4'), open_interest_long: null })]);
    const again = await bed.get(url).expect(200);
    expect(again.text).toBe(first.text);
    expect(again.headers.etag).toBe(first.headers.etag);

    await insertSnapshot(bed.index, { perp_address: EMPTY, timestamp: day('03:00:20'), amm_price_x96: 3n * Q96 });
    expect((await bed.get(url).expect(200)).body.items[0]).toMatchObject(ohlc('4', '9', '4', '9'));
    await insertClosedTaker(bed.index, 2, EMPTY);
    await insertTrade(bed.index, {
      perp_address: EMPTY,
      timestamp: day('03:00:30'),
      pos_id: 2,
      was_liquidated: false,
      perp_delta: 1_000_000n,
      usd_delta: -9_000_000n,
    });
    expect((await bed.get(url).expect(200)).body.items[0]).toMatchObject({ volume_usd: '9', trade_count: 1 });
    await bed.index.query(`UPDATE markets SET last_touched_at = $2, open_interest_long = 5000000, open_interest_short = 0 WHERE perp_address = $1`, [
      EMPTY,
      Date.parse(day('02:00:00')) / 1000,
    ]);
    const last = await bed.get(url).expect(200);
    expect(last.body.items[0]).toMatchObject({ open_interest_long: '5', open_interest_short: '0' });
    expect(last.headers.etag).not.toBe(first.headers.etag);
  });
});
