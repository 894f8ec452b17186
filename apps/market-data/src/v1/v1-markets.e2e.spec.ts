import { MarketDataTestbed, startMarketDataTestbed } from '../markets/test/market-data-testbed';
import { Q96, address, insertClosedTaker, insertMarket, insertSnapshot, insertTrade } from '../markets/test/market-fixtures';

/** The frozen /v1 market routes: legacy shapes with exactly their listed keys, same figures as /markets. */
const A = address('a1');
const B = address('b2');
const BEACON = address('be01');
const T0 = '2026-03-01T00:00:00.000Z';
const before = (hours: number) => new Date(Date.parse(T0) - hours * 3_600_000).toISOString();

const LEGACY_MARKET_KEYS = ['id', 'beacon', 'name', 'ticker', 'description', 'photo_url', 'data_source', 'card_label'];
const LEGACY_SNAPSHOT_KEYS = ['id', 'timestamp', 'perp', 'amm_price_x96', 'mark_price'];
const LEGACY_TRADE_KEYS = ['id', 'timestamp', 'perp', 'pos_id', 'was_liquidated', 'perp_delta', 'usd_delta', 'mark_price', 'funding', 'util_fees', 'liq_fee'];
const PAGE_KEYS = ['items', 'total', 'limit', 'offset', 'has_more'];

describe('/v1 market routes', () => {
  let bed: MarketDataTestbed;
  const ids: Record<string, number> = {};

  beforeAll(async () => {
    bed = await startMarketDataTestbed();
    await insertMarket(bed.index, {
      perp_address: A,
      beacon_address: BEACON,
      name: 'Alpha',
      ticker: 'ALP',
      created_at: 100,
      funding_per_day: -1_000_000_000_000_000n,
      description: 'd',
      photo_url: 'p',
      data_source: 's',
      card_label: 'c',
      open_interest_long: 1n,
    });
    await insertMarket(bed.index, { perp_address: B, name: 'Beta', created_at: 200 });
    ids.s1 = await insertSnapshot(bed.index, { perp_address: A, timestamp: before(2), amm_price_x96: 2n * Q96 }); // 4
    ids.s2 = await insertSnapshot(bed.index, { perp_address: A, timestamp: T0, amm_price_x96: 3n * Q96, index_price_x96: Q96 / 4n }); // 9, index 0.25
    await insertClosedTaker(bed.index, 7, A);
    ids.t1 = await insertTrade(bed.index, {
      perp_address: A,
      timestamp: before(1),
      pos_id: 7,
      was_liquidated: true,
      perp_delta: -2_500_000n,
      usd_delta: 7_000_000n,
      mark_price_x96: 3n * Q96,
      funding: 1n,
      util_fees: 2n,
      liq_fee: 3n,
    });
  }, 60_000);

  afterAll(async () => {
    await bed?.close();
  });

  it('GET /v1/markets: legacy Market with exactly its keys, newest first', async () => {
    const res = await bed.get('/v1/markets').expect(200);
    expect(Object.keys(res.body)).toEqual(PAGE_KEYS);
    expect(res.body).toMatchObject({ total: 2, limit: 100, offset: 0, has_more: false });
    for (const market of res.body.items) expect(Object.keys(market)).toEqual(LEGACY_MARKET_KEYS);
    expect(res.body.items).toEqual([
      { id: B, beacon: address('beac0'), name: 'Beta', ticker: null, description: null, photo_url: null, data_source: null, card_label: null },
      { id: A, beacon: BEACON, name: 'Alpha', ticker: 'ALP', description: 'd', photo_url: 'p', data_source: 's', card_label: 'c' },
    ]);
    const page = await bed.get('/v1/markets?limit=1&offset=0').expect(200);
    expect(page.body).toMatchObject({ total: 2, limit: 1, has_more: true });
  });

  it('GET /v1/markets: limit 1-500', async () => {
    await bed.get('/v1/markets?limit=500').expect(200);
    expect((await bed.get('/v1/markets?limit=501').expect(422)).body.detail).toEqual([
      { type: 'less_than_equal', loc: ['query', 'limit'], msg: 'Input should be less than or equal to 500', input: '501', ctx: { le: 500 } },
    ]);
    await bed.get('/v1/markets?limit=0').expect(422);
  });

  it('GET /v1/markets/{market_id}: market and latest_snapshot only', async () => {
    const res = await bed.get(`/v1/markets/${A.toUpperCase().replace('0X', '0x')}`).expect(200);
    expect(Object.keys(res.body)).toEqual(['market', 'latest_snapshot']);
    expect(Object.keys(res.body.market)).toEqual(LEGACY_MARKET_KEYS);
    expect(res.body.latest_snapshot).toEqual({ id: ids.s2, timestamp: T0, perp: A, amm_price_x96: (3n * Q96).toString(), mark_price: '9' });
    expect(res.headers['cache-control']).toBe('private, max-age=1');
    expect((await bed.get(`/v1/markets/${B}`).expect(200)).body.latest_snapshot).toBeNull();
    expect((await bed.get(`/v1/markets/${address('dead')}`).expect(404)).body).toEqual({ detail: 'Market not found' });
    expect((await bed.get('/v1/markets/0x1').expect(422)).body.detail[0]).toMatchObject({ type: 'string_pattern_mismatch', loc: ['path', 'market_id'] });
  });

  it('GET /v1/markets/{market_id}/live: perp_id, no alias', async () => {
    const res = await bed.get(`/v1/markets/${A}/live`).expect(200);
    expect(res.body).toEqual({ perp_id: A, mark_price: '9', index_price: '0.25', funding_rate_daily: '-0.001', timestamp: T0 });
    expect(Object.keys(res.body)).toEqual(['perp_id', 'mark_price', 'index_price', 'funding_rate_daily', 'timestamp']);
    expect((await bed.get(`/v1/markets/${B}/live`).expect(404)).body).toEqual({ detail: 'No live data for market' });
  });

  it('GET /v1/markets/{market_id}/stats: perp_id plus the four figures', async () => {
    const res = await bed.get(`/v1/markets/${A}/stats`).expect(200);
    // 4 -> 9: change 5, percent 125.
    expect(res.body).toEqual({ perp_id: A, price_24h_high: '9', price_24h_low: '4', price_24h_change: '5', price_24h_change_percent: '125' });
    expect(Object.keys(res.body)).toEqual(['perp_id', 'price_24h_high', 'price_24h_low', 'price_24h_change', 'price_24h_change_percent']);
    expect((await bed.get(`/v1/markets/${B}/stats`).expect(404)).body).toEqual({ detail: 'No live data for market' });
  });

  it('GET /v1/markets/{market_id}/snapshots: perp instead of perp_address, no alias', async () => {
    const res = await bed.get(`/v1/markets/${A}/snapshots?end_time=${before(2)}`).expect(200);
    expect(res.body).toEqual({
      items: [{ id: ids.s1, timestamp: before(2), perp: A, amm_price_x96: (2n * Q96).toString(), mark_price: '4' }],
      total: 1,
      limit: 100,
      offset: 0,
      has_more: false,
    });
    const all = await bed.get(`/v1/markets/${A}/snapshots`).expect(200);
    for (const snapshot of all.body.items) expect(Object.keys(snapshot)).toEqual(LEGACY_SNAPSHOT_KEYS);
    await bed.get(`/v1/markets/${A}/snapshots?limit=1000`).expect(200);
    await bed.get(`/v1/markets/${A}/snapshots?limit=1001`).expect(422);
    expect((await bed.get(`/v1/markets/${address('dead')}/snapshots`).expect(404)).body).toEqual({ detail: 'Market not found' });
  });

  it('GET /v1/markets/{market_id}/trades: perp in place of perp_address', async () => {
    const res = await bed.get(`/v1/markets/${A}/trades`).expect(200);
    expect(res.body).toMatchObject({ total: 1, limit: 50 });
    expect(Object.keys(res.body.items[0])).toEqual(LEGACY_TRADE_KEYS);
    expect(res.body.items[0]).toEqual({
      id: ids.t1,
      timestamp: before(1),
      perp: A,
      pos_id: 7,
      was_liquidated: true,
      perp_delta: '-2.5',
      usd_delta: '7',
      mark_price: '3',
      funding: '0.000001',
      util_fees: '0.000002',
      liq_fee: '0.000003',
    });
    await bed.get(`/v1/markets/${A}/trades?limit=500`).expect(200);
    await bed.get(`/v1/markets/${A}/trades?limit=501`).expect(422);
    expect((await bed.get(`/v1/markets/${address('dead')}/trades`).expect(404)).body).toEqual({ detail: 'Market not found' });
  });

  it('GET /v1/markets/{market_id}/oi: the open-interest points in the legacy shape, 404 for an unknown market, limits 1-1000', async () => {
    // A's row as inserted (created_at 100, one long atom) is its one point (market-history.e2e.spec covers the series).
    const res = await bed.get(`/v1/markets/${A}/oi`).expect(200);
    expect(res.body).toEqual({
      items: [{ perp_id: A, taker_long_oi: '0.000001', taker_short_oi: '0', timestamp: '1970-01-01T00:01:40.000Z' }],
      total: 1,
      limit: 100,
      offset: 0,
      has_more: false,
    });
    for (const point of res.body.items) expect(Object.keys(point)).toEqual(['perp_id', 'taker_long_oi', 'taker_short_oi', 'timestamp']);
    expect((await bed.get(`/v1/markets/${A}/oi?limit=1000&offset=5&start_time=${T0}&end_time=${T0}`).expect(200)).body).toEqual({
      items: [],
      total: 0,
      limit: 1000,
      offset: 5,
      has_more: false,
    });
    expect((await bed.get(`/v1/markets/${A}/oi?limit=1001`).expect(422)).body.detail).toEqual([
      { type: 'less_than_equal', loc: ['query', 'limit'], msg: 'Input should be less than or equal to 1000', input: '1001', ctx: { le: 1000 } },
    ]);
    await bed.get(`/v1/markets/${A}/oi?limit=0`).expect(422);
    expect((await bed.get(`/v1/markets/${address('dead')}/oi`).expect(404)).body).toEqual({ detail: 'Market not found' });
  });

  it('ETag and 304 on the cached legacy routes', async () => {
    const first = await bed.get(`/v1/markets/${A}/live`).expect(200);
    await bed.get(`/v1/markets/${A}/live`).set('If-None-Match', first.headers['etag']).expect(304);
  });

  it('401 without a key', async () => {
    for (const path of [
      '/v1/markets',
      `/v1/markets/${A}`,
      `/v1/markets/${A}/live`,
      `/v1/markets/${A}/oi`,
      `/v1/markets/${A}/stats`,
      `/v1/markets/${A}/snapshots`,
      `/v1/markets/${A}/trades`,
    ]) {
      expect((await bed.anonymous(path).expect(401)).body).toEqual({ detail: 'Missing API key' });
    }
  });
});
