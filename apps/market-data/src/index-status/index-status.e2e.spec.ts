import { register } from 'prom-client';
import { MarketDataTestbed, startMarketDataTestbed } from '../markets/test/market-data-testbed';
import { Q96, address, insertMarket, insertSnapshot } from '../markets/test/market-fixtures';
import { NO_CURSOR_NOTE } from './index-status-view';

const F = address('f1');
const G = address('f2');

/** GET /index/status and its gauges over HTTP on real Postgres: first as the simulator leaves a store (no cursor), then with an indexer's cursor. */
describe('GET /index/status', () => {
  let bed: MarketDataTestbed;
  const snapshotAt = new Date(Date.now() - 90_000).toISOString();

  beforeAll(async () => {
    bed = await startMarketDataTestbed();
    await insertMarket(bed.index, { perp_address: F });
    await insertMarket(bed.index, { perp_address: G });
    await insertSnapshot(bed.index, { perp_address: F, timestamp: new Date(Date.now() - 3_600_000).toISOString(), amm_price_x96: Q96 });
    await insertSnapshot(bed.index, { perp_address: F, timestamp: snapshotAt, amm_price_x96: Q96 });
  }, 120_000);

  afterAll(async () => {
    await bed?.close();
  });

  it("says so when no indexer wrote the store, with each market's latest snapshot", async () => {
    const res = await bed.get('/index/status').expect(200);
    expect(res.headers['cache-control']).toBe('private, no-cache');
    expect(res.body).toEqual({
      checked_at: expect.stringMatching(/Z$/),
      indexed_from_chain: false,
      note: NO_CURSOR_NOTE,
      chains: [],
      markets_total: 2,
      markets: [
        { perp_address: F, last_snapshot_at: snapshotAt, snapshot_age_seconds: expect.any(Number) },
        { perp_address: G, last_snapshot_at: null, snapshot_age_seconds: null },
      ],
    });
    expect(res.body.markets[0].snapshot_age_seconds).toBeGreaterThanOrEqual(89);
    expect(res.body.markets[0].snapshot_age_seconds).toBeLessThan(150);
  });

  it('gives the cursor of each chain and its lag (now - block time), and the same figures as gauges', async () => {
    const blockTime = Math.floor(Date.now() / 1000) - 30;
    await bed.index.query(
      `INSERT INTO chain_cursor (chain_id, genesis_hash, block_number, block_hash, block_timestamp, updated_at) VALUES (31337, $1, 4242, $2, $3, now())`,
      [`0x${'ab'.repeat(32)}`, `0x${'cd'.repeat(32)}`, blockTime],
    );
    const res = await bed.get('/index/status').expect(200);
    expect(res.body).toMatchObject({ indexed_from_chain: true, note: null, markets_total: 2 });
    expect(res.body.chains).toEqual([
      {
        chain_id: 31337,
        block_number: 4242,
        block_hash: `0x${'cd'.repeat(32)}`,
        block_time: new Date(blockTime * 1000).toISOString(),
        indexed_at: expect.stringMatching(/Z$/),
        lag_seconds: expect.any(Number),
      },
    ]);
    expect(res.body.chains[0].lag_seconds).toBeGreaterThanOrEqual(29);
    expect(res.body.chains[0].lag_seconds).toBeLessThan(90);
    const text = await register.metrics();
    expect(text).toMatch(/^market_data_index_block_number\{chain_id="31337"\} 4242$/m);
    expect(text).toMatch(/^market_data_index_lag_seconds\{chain_id="31337"\} \d+(\.\d+)?$/m);
    expect(text).toMatch(new RegExp(`^market_data_index_snapshot_age_seconds\\{perp_address="${F}"\\} \\d+(\\.\\d+)?$`, 'm'));
    expect(text).not.toMatch(new RegExp(`market_data_index_snapshot_age_seconds\\{perp_address="${G}"\\}`));
  });

  it('401 without a key; 503 with its detail while the index store is down, and the gauges then absent', async () => {
    expect((await bed.anonymous('/index/status').expect(401)).body).toEqual({ detail: 'Missing API key' });
    await bed.indexProxy.pause();
    try {
      expect((await bed.get('/index/status').expect(503)).body).toEqual({ detail: 'Index store unavailable' });
      expect(await register.metrics()).not.toMatch(/^market_data_index_block_number/m);
    } finally {
      await bed.indexProxy.resume();
    }
    expect((await bed.get('/index/status').expect(200)).body.indexed_from_chain).toBe(true);
  });
});
