import { NestFastifyApplication } from '@nestjs/platform-fastify';
import request from 'supertest';
import { insertMaker, insertMarket, insertSnapshot, insertTaker, insertTick } from './test/position-fixtures';
import { API_KEY, PositionsTestEnv } from './test/positions-test-env';

const Q96 = 2n ** 96n;
const USD = 1_000_000n;
const MARKET_U = `0x${'1'.repeat(40)}`;
const MARKET_F = `0x${'f'.repeat(40)}`;
const MARKET_M = `0x${'5'.repeat(40)}`;
const MARKET_R = `0x${'7'.repeat(40)}`;
const HOLDER = `0x${'d1'.repeat(20)}`;

type Row = Record<string, unknown>;

/**
 * The three ways the served figures used to differ from the contract (issue 12), each on a market
 * of its own and worked out by hand below; every position here is liquidatable by the contract and
 * healthy by the old arithmetic, so each must be in /positions/liquidatable with the contract's figures.
 *
 * U: util owed. Pool, index and both EMAs at 4; long util payments 2^96/100 stored at T0, the long util
 *    fee 1 % a day; marked 8640 s (0.1 day) later, so the cumulative accrues
 *    floor(1e16 * floor(floor(8640 * 2^96 / 86400) * 4) / 1e18) = 316912650057057350374175801 (0.004 USD per perp).
 *    Taker 101: long 100 @ 4, margin 21, util checkpoint 0:
 *      util owed = ceil(100e6 * (2^96/100 + growth) / 2^96) = 1.4 USD;  equity = 21 - 1.4 + (400 - 400) = 19.6
 *      ratio = floor(19.6e12 / (400e6 + 1)) = 48999 -> 0.048999 < 0.05   (without util: 0.052499, healthy)
 * F: the fair-price mark. Pool 4 (sqrt 2 * 2^96), index 4, stored EMA(pool) 2 and EMA(index) 4 at T0, window 3600 s;
 *    marked 3600 s later: alpha = expWad(-1e18) = 367879441171442321, so
 *      EMA(pool) = floor((2 * 2^96 * alpha + 4 * 2^96 * (1e18 - alpha)) / 1e18) = 258619825755481792153857986737, EMA(index) = 4 * 2^96
 *      mark = floor((4 * 2^96 + (4 * 2^96 + EMA(pool) - 4 * 2^96)) / 2) = 287766237906269571264016894040 (3.6321205588...)
 *    market.mark_price stays the stored EMA (2); the un-advanced fair price would be 3.
 *    Taker 102: short 10 @ 3.3, margin 4: value = trunc(10e6 * mark / 2^96) = 36321205, pnl = 33 - 36.321205 = -3.321205,
 *      equity 0.678795, ratio floor(678795e6 / 36321206) = 18688 -> 0.018688   (at 2: 0.849999; at 3: 0.233333)
 * M: a maker's settle legs. Pool and mark 4, funding cumulative -0.5 USD per perp, band ticks 13000..14700 with L = 1e10
 *    (204.7692 perps + 845.214209 USD), deltas exactly the band (pnl 0), margin 1600, band checkpoints at the band's funding now.
 *    Maker 103: base funding owed = ceil(-204769200 * (-2^96/2) / 2^96) = 102.3846 USD; equity = 1600 - 102.3846 = 1497.6154
 *      band value = floor(204769200 * 4) + 845214209 = 1664291009; ratio = floor(1497.6154e12 / 1664291010) = 899851 < 0.9
 *      (without its settle legs: 0.96137, healthy)
 */
async function loadFailureCases(env: PositionsTestEnv, t0: number): Promise<void> {
  await env.withIndex(async (client) => {
    const spot = { sqrt_price_x96: 2n * Q96, tick: 13863, index_price_x96: 4n * Q96, ema_index_price_x96: 4n * Q96, rates_last_touch: t0 };
    await insertMarket(client, {
      perp_address: MARKET_U,
      ...spot,
      ema_amm_price_x96: 4n * Q96,
      long_util_payments_x96: Q96 / 100n,
      long_util_fee_per_day: 10n ** 16n,
    });
    await insertSnapshot(client, MARKET_U, t0 + 8640, 2n * Q96);
    await insertTaker(client, { id: 101, perp_address: MARKET_U, holder: HOLDER, margin: 21n * USD, perp_delta: 100n * USD, usd_delta: -400n * USD });

    await insertMarket(client, { perp_address: MARKET_F, ...spot, ema_amm_price_x96: 2n * Q96 });
    await insertSnapshot(client, MARKET_F, t0 + 3600, 2n * Q96);
    await insertTaker(client, { id: 102, perp_address: MARKET_F, holder: HOLDER, margin: 4n * USD, perp_delta: -10n * USD, usd_delta: 33n * USD });

    await insertMarket(client, { perp_address: MARKET_M, ...spot, ema_amm_price_x96: 4n * Q96, cumulative_funding_x96: -(Q96 / 2n) });
    await insertSnapshot(client, MARKET_M, t0, 2n * Q96);
    await insertTick(client, MARKET_M, 13000);
    await insertTick(client, MARKET_M, 14700);
    await insertMaker(client, {
      id: 103,
      perp_address: MARKET_M,
      holder: HOLDER,
      margin: 1600n * USD,
      perp_delta: -204_769_200n,
      usd_delta: -845_214_209n,
      tick_lower: 13000,
      tick_upper: 14700,
      liquidity: 10n ** 10n,
      chain: { entry_funding_within_x96: -(Q96 / 2n) },
    });

    // R: a taker stored with its own 20 % ratio in a 5 % market (the market's ratio changed after it opened; the
    // contract tests the position's). Long 100 @ 4, margin 88, mark 4: ratio floor(88e12 / 400000001) = 219999, within
    // 20 % x 1.1 (a candidate at a 10 % buffer). Its key (liquidation mark (404 - 88) / 80 = 3.95) lies below the range a
    // 5 % ratio gives (4 x 0.944999 / 0.95 = 3.9789...), so the key range alone would miss it.
    await insertMarket(client, { perp_address: MARKET_R, ...spot, ema_amm_price_x96: 4n * Q96 });
    await insertSnapshot(client, MARKET_R, t0, 2n * Q96);
    await insertTaker(client, {
      id: 104,
      perp_address: MARKET_R,
      holder: HOLDER,
      margin: 88n * USD,
      perp_delta: 100n * USD,
      usd_delta: -400n * USD,
      liq_margin_ratio: 200_000,
    });
  });
}

describe('contract-exact figures: the three failure cases of issue 12', () => {
  let env: PositionsTestEnv;
  let app: NestFastifyApplication;
  const get = (path: string) => request(app.getHttpServer()).get(path).set('X-API-Key', API_KEY);

  beforeAll(async () => {
    env = await PositionsTestEnv.start();
    await loadFailureCases(env, Math.floor(Date.now() / 1000) - 86_400);
    app = await env.app({ CANDIDATE_BUFFER: '0' });
  }, 60_000);

  afterAll(async () => {
    await env?.stop();
  });

  it('a taker liquidatable by its util owed (accrued to the mark snapshot)', async () => {
    expect((await get('/positions/101').expect(200)).body).toMatchObject({ current_mark_price: '4', unrealized_pnl: '0', effective_margin: '19.6' });
    const candidate = (await get(`/positions/liquidatable?perp_address=${MARKET_U}`).expect(200)).body.items[0];
    expect(candidate).toMatchObject({ id: 101, margin_ratio: '0.048999', notional: '400', distance_to_liquidation: '-0.001001', estimated_reward: '4' });
  });

  it('a taker liquidatable at the fair price with the EMAs advanced; /live and the position serve that one mark', async () => {
    const mark = '3.632120558828557679';
    expect((await get('/positions/102').expect(200)).body).toMatchObject({
      current_mark_price: mark,
      unrealized_pnl: '-3.321205',
      effective_margin: '0.678795',
    });
    const candidate = (await get(`/positions/liquidatable?perp_address=${MARKET_F}`).expect(200)).body.items[0];
    expect(candidate).toMatchObject({
      id: 102,
      margin_ratio: '0.018688',
      notional: '36.321205',
      distance_to_liquidation: '-0.031312',
      estimated_reward: '0.363212',
    });
    expect((await get(`/markets/${MARKET_F}/live`).expect(200)).body.mark_price).toBe(mark);
    expect((await get(`/v1/markets/${MARKET_F}/live`).expect(200)).body.mark_price).toBe(mark);
    // market.mark_price is the spec's: the stored EMA of the pool price.
    expect((await get(`/markets/${MARKET_F}`).expect(200)).body.market.mark_price).toBe('2');
  });

  it('a maker liquidatable by its settle legs (funding owed on its deltas)', async () => {
    expect((await get('/positions/103').expect(200)).body).toMatchObject({ current_mark_price: '4', unrealized_pnl: '0', effective_margin: '1497.6154' });
    const candidate = (await get(`/positions/liquidatable?perp_address=${MARKET_M}`).expect(200)).body.items[0];
    expect(candidate).toMatchObject({
      id: 103,
      is_maker: true,
      margin_ratio: '0.899851',
      notional: '1664.291009',
      distance_to_liquidation: '-0.000149',
      estimated_reward: '16.64291',
    });
  });

  it("a taker tested at its own stored ratio, not its market's, is a candidate though outside the market's key range", async () => {
    const buffered = await env.app({ CANDIDATE_BUFFER: '0.1' });
    const items = (await request(buffered.getHttpServer()).get(`/positions/liquidatable?perp_address=${MARKET_R}`).set('X-API-Key', API_KEY).expect(200)).body
      .items;
    expect(items).toHaveLength(1);
    expect(items[0]).toMatchObject({ id: 104, margin_ratio: '0.219999', liq_margin_ratio: '0.2', distance_to_liquidation: '0.019999' });
  });

  it('all three, and nothing else, at a zero buffer', async () => {
    const ids = (await get('/positions/liquidatable').expect(200)).body.items.map((c: Row) => c['id']);
    expect(ids.sort()).toEqual([101, 102, 103]);
  });
});
