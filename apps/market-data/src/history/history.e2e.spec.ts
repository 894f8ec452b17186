import { MarketDataTestbed, startMarketDataTestbed } from '../markets/test/market-data-testbed';
import { Q96, address, insertBoundary, insertMarket, insertMeasurement, insertSnapshot } from '../markets/test/market-fixtures';

/**
 * GET /markets/{ticker}/history: the source series merged with the on-chain index
 * (DESIGN.md "history merge"), hand-made on both stores.
 *
 * Market H (ticker HIST), boundary at T0:
 * | point   | source raw / index / origin | snapshots at that exact time | expected index / origin |
 * | T0-2h   | 10.5 / 3·Q96 / backfill     | (5·Q96, ignored: before)     | 3·Q96 / backfill        |
 * | T0-1h   | 11 / null / mirror          |                              | null / mirror           |
 * | T0-30m  | 12 / -1 / folded            |                              | null / folded           |
 * | T0      | 13 / 999 / mirror           | 4·Q96                        | 4·Q96 / chain           |
 * | T0+1h   | 14 / 777 / chain            | none (one at T0+30m: no fill) | null / chain           |
 * | T0+2h   | 15 / null / chain           | 0                            | null / chain            |
 * | T0+3h   | 16 / null / chain           | null index                   | null / chain            |
 * | T0+4h   | 17 / null / chain           | 6·Q96 then 7·Q96 (higher id) | 7·Q96 / chain           |
 * Market N (ticker NOB) has no boundary: every point keeps its source index and origin.
 */
const H = address('4a');
const N = address('4b');
const T0 = Date.parse('2026-02-01T12:00:00.000Z');
const at = (minutes: number) => new Date(T0 + minutes * 60_000).toISOString();

describe('GET /markets/{ticker}/history', () => {
  let bed: MarketDataTestbed;

  beforeAll(async () => {
    bed = await startMarketDataTestbed();
    await insertMarket(bed.index, { perp_address: H, name: 'History', ticker: 'HIST' });
    await insertMarket(bed.index, { perp_address: N, name: 'No boundary', ticker: 'NOB' });
    await insertMarket(bed.index, { perp_address: address('4c'), name: 'Unsourced', ticker: 'EMPTY' });
    await insertBoundary(bed.source, H, at(0));
    const points: Array<[number, number, bigint | null, 'backfill' | 'mirror' | 'folded' | 'chain']> = [
      [-120, 10.5, 3n * Q96, 'backfill'],
      [-60, 11, null, 'mirror'],
      [-30, 12, -1n, 'folded'],
      [0, 13, 999n, 'mirror'],
      [60, 14, 777n, 'chain'],
      [120, 15, null, 'chain'],
      [180, 16, null, 'chain'],
      [240, 17, null, 'chain'],
    ];
    for (const [minutes, raw, index, origin] of points) {
      await insertMeasurement(bed.source, { perp_address: H, ts: at(minutes), raw_value: raw, index_x96: index, origin });
    }
    const snapshot = (minutes: number, index: bigint | null) =>
      insertSnapshot(bed.index, { perp_address: H, timestamp: at(minutes), amm_price_x96: Q96, index_price_x96: index });
    await snapshot(-120, 5n * Q96);
    await snapshot(0, 4n * Q96);
    await snapshot(30, 9n * Q96);
    await snapshot(120, 0n);
    await snapshot(180, null);
    await snapshot(240, 6n * Q96);
    await snapshot(240, 7n * Q96);
    await insertMeasurement(bed.source, { perp_address: N, ts: at(0), raw_value: 1, index_x96: 2n * Q96, origin: 'mirror' });
    await insertMeasurement(bed.source, { perp_address: N, ts: at(60), raw_value: 2, index_x96: 0n, origin: 'folded' });
  }, 60_000);

  afterAll(async () => {
    await bed?.close();
  });

  it('merges per the boundary, oldest first, without forward-fill, keeping points with no index', async () => {
    const res = await bed.get('/markets/HIST/history').expect(200);
    expect(res.body).toEqual({
      items: [
        { ts: at(-120), raw_value: 10.5, index_x96: (3n * Q96).toString(), origin: 'backfill' },
        { ts: at(-60), raw_value: 11, index_x96: null, origin: 'mirror' },
        { ts: at(-30), raw_value: 12, index_x96: null, origin: 'folded' },
        { ts: at(0), raw_value: 13, index_x96: (4n * Q96).toString(), origin: 'chain' },
        { ts: at(60), raw_value: 14, index_x96: null, origin: 'chain' },
        { ts: at(120), raw_value: 15, index_x96: null, origin: 'chain' },
        { ts: at(180), raw_value: 16, index_x96: null, origin: 'chain' },
        { ts: at(240), raw_value: 17, index_x96: (7n * Q96).toString(), origin: 'chain' },
      ],
      total: 8,
      limit: 500,
      offset: 0,
      has_more: false,
    });
    expect(res.headers['cache-control']).toBe('private, no-cache');
  });

  it('without a boundary, every point keeps its source index (<= 0 -> null) and origin', async () => {
    const res = await bed.get('/markets/NOB/history').expect(200);
    expect(res.body.items).toEqual([
      { ts: at(0), raw_value: 1, index_x96: (2n * Q96).toString(), origin: 'mirror' },
      { ts: at(60), raw_value: 2, index_x96: null, origin: 'folded' },
    ]);
  });

  it('includes both time bounds and paginates', async () => {
    const res = await bed.get(`/markets/HIST/history?start_time=${at(-60)}&end_time=${at(0)}`).expect(200);
    expect(res.body.items.map((p: { ts: string }) => p.ts)).toEqual([at(-60), at(-30), at(0)]);
    expect(res.body.total).toBe(3);
    const page = await bed.get('/markets/HIST/history?limit=3&offset=3').expect(200);
    expect(page.body).toMatchObject({ total: 8, limit: 3, offset: 3, has_more: true });
    expect(page.body.items.map((p: { origin: string }) => p.origin)).toEqual(['chain', 'chain', 'chain']);
    expect(page.body.items[0].index_x96).toBe((4n * Q96).toString());
    const last = await bed.get('/markets/HIST/history?limit=3&offset=6').expect(200);
    expect(last.body).toMatchObject({ total: 8, has_more: false });
    expect(last.body.items.map((p: { index_x96: string | null }) => p.index_x96)).toEqual([null, (7n * Q96).toString()]);
  });

  it('an empty page for a market without source points', async () => {
    expect((await bed.get('/markets/EMPTY/history').expect(200)).body).toEqual({ items: [], total: 0, limit: 500, offset: 0, has_more: false });
  });

  it('404 "Ticker not found" for an unknown ticker (exact, case-sensitive)', async () => {
    expect((await bed.get('/markets/NOPE/history').expect(404)).body).toEqual({ detail: 'Ticker not found' });
    expect((await bed.get('/markets/hist/history').expect(404)).body).toEqual({ detail: 'Ticker not found' });
  });

  it('limit 1-1000: bounds accepted, one past refused', async () => {
    await bed.get('/markets/HIST/history?limit=1').expect(200);
    await bed.get('/markets/HIST/history?limit=1000').expect(200);
    expect((await bed.get('/markets/HIST/history?limit=1001').expect(422)).body).toEqual({
      detail: [{ type: 'less_than_equal', loc: ['query', 'limit'], msg: 'Input should be less than or equal to 1000', input: '1001', ctx: { le: 1000 } }],
    });
    expect((await bed.get('/markets/HIST/history?limit=0').expect(422)).body.detail[0]).toMatchObject({ type: 'greater_than_equal', loc: ['query', 'limit'] });
  });

  it('lives next to the address routes: a ticker here, an address there', async () => {
    await bed.get(`/markets/${H}`).expect(200);
    await bed.get('/markets/HIST').expect(422); // a ticker is not an address
  });

  it('needs both stores: 503 naming the one that is down, then recovers', async () => {
    await bed.sourceProxy.pause();
    try {
      expect((await bed.get('/markets/HIST/history').expect(503)).body).toEqual({ detail: 'Source store unavailable' });
    } finally {
      await bed.sourceProxy.resume();
    }
    await bed.get('/markets/HIST/history').expect(200);
    await bed.indexProxy.pause();
    try {
      expect((await bed.get('/markets/HIST/history').expect(503)).body).toEqual({ detail: 'Index store unavailable' });
    } finally {
      await bed.indexProxy.resume();
    }
    await bed.get('/markets/HIST/history').expect(200);
  });
});
