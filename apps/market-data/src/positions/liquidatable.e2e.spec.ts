import { NestFastifyApplication } from '@nestjs/platform-fastify';
import request from 'supertest';
import { CANDIDATES_MAX_AGE_MS } from './liquidation-candidates.service';
import { HOLDER_1, HOLDER_2, loadHandFixtures, MARKET_A, MARKET_B, MARKET_C } from './test/hand-fixtures';
import { insertSnapshot } from './test/position-fixtures';
import { API_KEY, PositionsTestEnv } from './test/positions-test-env';

type Row = Record<string, unknown>;

/**
 * GET /positions/liquidatable and /v1/positions/liquidatable on hand-made rows
 * (test/hand-fixtures.ts), default buffer 0.10: candidate when the contract's margin ratio
 * (floor(equity * 1e6 / (value + 1)) / 1e6) is <= 0.05 * 1.1 = 0.055 for takers, <= 0.9 * 1.1 = 0.99
 * for makers, or when the ratio cannot be computed.
 */
describe('liquidation candidates', () => {
  let env: PositionsTestEnv;
  let app: NestFastifyApplication;
  let asOfA: number;
  let asOfB: number;

  const get = (path: string, on = app) => request(on.getHttpServer()).get(path).set('X-API-Key', API_KEY);
  const ids = async (path: string, on = app): Promise<number[]> => (await get(path, on).expect(200)).body.items.map((c: Row) => c['id']);

  beforeAll(async () => {
    env = await PositionsTestEnv.start();
    ({ asOfA, asOfB } = await env.withIndex((client) => loadHandFixtures(client, Math.floor(Date.now() / 1000))));
    app = await env.app();
  }, 60_000);

  afterAll(async () => {
    await env?.stop();
  });

  it('the hand-worked taker: ratio, distance, reward, notional, amount, as_of', async () => {
    // Position 1 on A: margin 10, long 100 perps, usd_delta -380, funding owed 100 * 0.125 = 12.5 (entry 0).
    //   equity   = 10 - 12.5 + (100 * 4 - 380) = 17.5
    //   notional = the contract's value, trunc(100e6 * 4) atoms = 400
    //   ratio    = floor(17.5e6 * 1e6 / (400e6 + 1)) = 43749 -> 0.043749   (the +1 atom: not 0.04375)
    //   distance = 0.043749 - 0.05 = -0.006251
    //   reward   = min(max(17.5, 0), floor(400e6 * 10000 / 1e6) atoms) = 4
    //   amount   = |perp_delta| in atoms = 100000000
    const res = await get('/positions/liquidatable').expect(200);
    expect(res.body.items.find((c: Row) => c['id'] === 1)).toStrictEqual({
      id: 1,
      perp_address: MARKET_A,
      perp: MARKET_A,
      is_maker: false,
      amount: '100000000',
      mode: 'full',
      margin_ratio: '0.043749',
      liq_margin_ratio: '0.05',
      as_of: asOfA,
      holder: HOLDER_1,
      notional: '400',
      health: { margin_ratio: '0.043749', liq_margin_ratio: '0.05' },
      distance_to_liquidation: '-0.006251',
      estimated_reward: '4',
      // positions.e2e.spec.ts derives it: the highest X96 mark with 19 * floor(1e8 m) < 7650e6 + 1.
      liquidation_price: '4.02631579',
      is_stale: false,
    });
    // Computed in the candidates worker, it is the position route's figure, candidate by candidate.
    for (const c of res.body.items as Row[]) {
      const position = await get(`/positions/${c['id']}?perp_address=${c['perp_address']}`).expect(200);
      expect([c['id'], c['liquidation_price']]).toEqual([c['id'], position.body.liquidation_price]);
    }
  });

  it('a maker: the contract ratio on its band value with its settle legs, amount = its liquidity', async () => {
    // Position 7 (positions.e2e.spec.ts works its figures): equity 112.220703, band value 1664.291009.
    //   ratio = floor(112220703e6 / (1664291009 + 1)) = 67428 -> 0.067428, past 0.9: liquidatable
    //   distance = 0.067428 - 0.9 = -0.832572; reward = min(112.220703, floor(1664291009 * 0.01) atoms) = 16.64291
    const res = await get(`/positions/liquidatable?perp_address=${MARKET_A}`).expect(200);
    const maker = res.body.items.find((c: Row) => c['id'] === 7);
    expect(maker).toStrictEqual({
      id: 7,
      perp_address: MARKET_A,
      perp: MARKET_A,
      is_maker: true,
      amount: '10000000000',
      mode: 'full',
      margin_ratio: '0.067428',
      liq_margin_ratio: '0.9',
      as_of: asOfA,
      holder: HOLDER_1,
      notional: '1664.291009',
      health: { margin_ratio: '0.067428', liq_margin_ratio: '0.9' },
      distance_to_liquidation: '-0.832572',
      estimated_reward: '16.64291',
      liquidation_price: null, // at a 0.9 ratio no price makes it safe (positions.e2e.spec.ts)
      is_stale: false,
    });
  });

  it('most_underwater (the default): distance ascending, uncomputable ratios last, ties by id', async () => {
    // Ratios are floor(equity * 1e6 / (value + 1)): 7: 0.067428 - 0.9; 1: 0.043749 - 0.05; 8 (B, mark 2): equity 2 + 20 - 21 = 1
    // over 20 -> 0.049999 (liquidatable: the +1 atom); 5: 10.5 / 200 -> 0.052499; 2: 21.96 / 400 -> 0.054899;
    // 4: 22 / 400 -> 0.054999; then 9 (no mark) and 10 (no exposure). Out: 3 (22.04 / 400 -> 0.055099 > 0.055), 6 and 11 (closed).
    const res = await get('/positions/liquidatable').expect(200);
    expect(res.body).toMatchObject({ total: 8, limit: 100, offset: 0, has_more: false });
    expect(res.body.items.map((c: Row) => [c['id'], c['distance_to_liquidation']])).toEqual([
      [7, '-0.832572'],
      [1, '-0.006251'],
      [8, '-0.000001'],
      [5, '0.002499'],
      [2, '0.004899'],
      [4, '0.004999'],
      [9, null],
      [10, null],
    ]);
    expect(await ids('/positions/liquidatable?sort=most_underwater')).toEqual([7, 1, 8, 5, 2, 4, 9, 10]);
  });

  it('largest_reward: estimated_reward descending, ties by id, uncomputable ratios and null rewards last', async () => {
    // rewards: 7: 16.64291; 1, 2, 4: min(equity, 400 * 0.01) = 4; 5: min(10.5, 200 * 0.01) = 2; 8: min(1, 20 * 0.005) = 0.1;
    // 10: no ratio (reward min(5, 0) = 0); 9: no mark, no reward.
    const res = await get('/positions/liquidatable?sort=largest_reward').expect(200);
    expect(res.body.items.map((c: Row) => [c['id'], c['estimated_reward']])).toEqual([
      [7, '16.64291'],
      [1, '4'],
      [2, '4'],
      [4, '4'],
      [5, '2'],
      [8, '0.1'],
      [10, '0'],
      [9, null],
    ]);
  });

  it('the buffer: just inside, exactly at and just outside liq_margin_ratio * 1.1', async () => {
    const res = await get(`/positions/liquidatable?perp_address=${MARKET_A}`).expect(200);
    const ratios = Object.fromEntries(res.body.items.map((c: Row) => [c['id'], c['margin_ratio']]));
    expect(ratios[2]).toBe('0.054899'); // floor(21.96e12 / (400e6 + 1))
    expect(ratios[4]).toBe('0.054999'); // 22 / 400 less the +1 atom: inside
    expect(ratios[3]).toBeUndefined(); // floor(22.04e12 / (400e6 + 1)) = 55099 > 55000
  });

  it('CANDIDATE_BUFFER is a setting: with 0 only ratios <= the raw threshold (or uncomputable) remain', async () => {
    const strict = await env.app({ CANDIDATE_BUFFER: '0' });
    // 7: 0.067428 <= 0.9; 1: 0.043749; 8: 0.049999; 2, 4, 5 drop out; 9 and 10 stay (no ratio).
    expect(await ids('/positions/liquidatable', strict)).toEqual([7, 1, 8, 9, 10]);
    const wide = await env.app({ CANDIDATE_BUFFER: '0.103' });
    // 0.05 * 1.103 = 0.05515 now takes 3 (0.055099) in.
    expect(await ids(`/positions/liquidatable?perp_address=${MARKET_A}`, wide)).toEqual([7, 1, 5, 2, 4, 3, 10]);
  });

  it('is_stale: fresh mark snapshot false, an hour old true, unknown (no mark) true; as_of is the snapshot time', async () => {
    const res = await get('/positions/liquidatable').expect(200);
    const byId = Object.fromEntries(res.body.items.map((c: Row) => [c['id'], c]));
    expect(byId[1]).toMatchObject({ as_of: asOfA, is_stale: false });
    expect(byId[8]).toMatchObject({
      perp_address: MARKET_B,
      as_of: asOfB,
      is_stale: true,
      holder: HOLDER_2,
      amount: '10000000',
      notional: '20',
      estimated_reward: '0.1',
    });
    expect(byId[9]).toStrictEqual({
      id: 9,
      perp_address: MARKET_C,
      perp: MARKET_C,
      is_maker: false,
      amount: '10000000',
      mode: 'full',
      margin_ratio: null,
      liq_margin_ratio: '0.05',
      as_of: null,
      holder: HOLDER_1,
      notional: null,
      health: { margin_ratio: null, liq_margin_ratio: '0.05' },
      distance_to_liquidation: null,
      estimated_reward: null,
      liquidation_price: null,
      is_stale: true,
    });
    expect(byId[10]).toMatchObject({ amount: '0', margin_ratio: null, notional: '0', estimated_reward: '0', distance_to_liquidation: null, is_stale: false });
    const staleWindow = await env.app({ STALE_AFTER_SECONDS: '7200' });
    const relaxed = await get(`/positions/liquidatable?perp_address=${MARKET_B}`, staleWindow).expect(200);
    expect(relaxed.body.items).toEqual([expect.objectContaining({ id: 8, is_stale: false })]);
  });

  it('filters by perp_address; the three aliases answer the same; unknown market: empty page', async () => {
    const canonical = await get(`/positions/liquidatable?perp_address=${MARKET_A}&sort=largest_reward`).expect(200);
    expect(canonical.body.items.map((c: Row) => c['id'])).toEqual([7, 1, 2, 4, 5, 10]);
    for (const alias of ['market_id', 'perp', 'perp_id']) {
      const aliased = await get(`/positions/liquidatable?${alias}=${MARKET_A.toUpperCase().replace('0X', '0x')}&sort=largest_reward`).expect(200);
      expect(aliased.body).toStrictEqual(canonical.body);
    }
    expect(await ids(`/positions/liquidatable?perp_address=${MARKET_B}&market_id=${MARKET_A}`)).toEqual([8]);
    expect((await get(`/positions/liquidatable?perp_address=0x${'9'.repeat(40)}`).expect(200)).body).toEqual({
      items: [],
      total: 0,
      limit: 100,
      offset: 0,
      has_more: false,
    });
  });

  it('pages: total and has_more; limits at the bounds and one past', async () => {
    const page = await get('/positions/liquidatable?limit=3&offset=3').expect(200);
    expect(page.body).toMatchObject({ total: 8, limit: 3, offset: 3, has_more: true });
    expect(page.body.items.map((c: Row) => c['id'])).toEqual([5, 2, 4]);
    const last = await get('/positions/liquidatable?limit=3&offset=6').expect(200);
    expect(last.body).toMatchObject({ total: 8, has_more: false });
    expect(last.body.items.map((c: Row) => c['id'])).toEqual([9, 10]);
    await get('/positions/liquidatable?limit=1').expect(200);
    await get('/positions/liquidatable?limit=500').expect(200);
    for (const prefix of ['/positions/liquidatable', '/v1/positions/liquidatable']) {
      expect((await get(`${prefix}?limit=0`).expect(422)).body.detail[0]).toMatchObject({
        type: 'greater_than_equal',
        loc: ['query', 'limit'],
        ctx: { ge: 1 },
      });
      expect((await get(`${prefix}?limit=501`).expect(422)).body.detail[0]).toMatchObject({
        type: 'less_than_equal',
        loc: ['query', 'limit'],
        ctx: { le: 500 },
      });
      expect((await get(`${prefix}?offset=-1`).expect(422)).body.detail[0]).toMatchObject({ type: 'greater_than_equal', loc: ['query', 'offset'] });
    }
    expect((await get('/positions/liquidatable?sort=biggest').expect(422)).body.detail[0]).toMatchObject({
      type: 'literal_error',
      loc: ['query', 'sort'],
      msg: "Input should be 'most_underwater' or 'largest_reward'",
    });
  });

  it('/v1/positions/liquidatable: exactly the legacy fields, most underwater first, market_id filter', async () => {
    const res = await get('/v1/positions/liquidatable').expect(200);
    expect(res.body).toMatchObject({ total: 8, limit: 100, offset: 0, has_more: false });
    expect(res.body.items.map((c: Row) => c['id'])).toEqual([7, 1, 8, 5, 2, 4, 9, 10]);
    expect(res.body.items.find((c: Row) => c['id'] === 1)).toStrictEqual({
      id: 1,
      perp: MARKET_A,
      is_maker: false,
      amount: '100000000',
      mode: 'full',
      margin_ratio: '0.043749',
      liq_margin_ratio: '0.05',
      as_of: asOfA,
    });
    expect(res.body.items.find((c: Row) => c['id'] === 7)).toStrictEqual({
      id: 7,
      perp: MARKET_A,
      is_maker: true,
      amount: '10000000000',
      mode: 'full',
      margin_ratio: '0.067428',
      liq_margin_ratio: '0.9',
      as_of: asOfA,
    });
    expect(res.body.items.find((c: Row) => c['id'] === 9)).toStrictEqual({
      id: 9,
      perp: MARKET_C,
      is_maker: false,
      amount: '10000000',
      mode: 'full',
      margin_ratio: null,
      liq_margin_ratio: '0.05',
      as_of: null,
    });
    const one = await get(`/v1/positions/liquidatable?market_id=${MARKET_B}&limit=1`).expect(200);
    expect(one.body).toEqual({
      items: [{ id: 8, perp: MARKET_B, is_maker: false, amount: '10000000', mode: 'full', margin_ratio: '0.049999', liq_margin_ratio: '0.05', as_of: asOfB }],
      total: 1,
      limit: 1,
      offset: 0,
      has_more: false,
    });
  });

  // Last: it moves market B's mark snapshot.
  it('serves a new mark snapshot within CANDIDATES_MAX_AGE_MS of its write, and answers the same page again until then', async () => {
    const before = await get(`/positions/liquidatable?perp_address=${MARKET_B}`).expect(200);
    expect((await get(`/positions/liquidatable?perp_address=${MARKET_B}`).expect(200)).body).toEqual(before.body);
    const asOf = asOfB + 60;
    await env.withIndex((client) => insertSnapshot(client, MARKET_B, asOf, 2n ** 96n));
    const written = Date.now();
    let served: number | undefined;
    while (Date.now() - written < CANDIDATES_MAX_AGE_MS + 1_000) {
      const res = await get(`/positions/liquidatable?perp_address=${MARKET_B}`).expect(200);
      expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
      if (res.body.items[0]?.as_of === asOf) {
        served = Date.now() - written;
        break;
      }
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect(served).toBeDefined();
    expect(served).toBeLessThanOrEqual(CANDIDATES_MAX_AGE_MS);
  });
});
