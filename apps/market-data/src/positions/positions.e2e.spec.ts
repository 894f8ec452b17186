import { NestFastifyApplication } from '@nestjs/platform-fastify';
import request from 'supertest';
import { createMarketDataApp } from '../create-app';
import { loadMarketDataSettings } from '../settings';
import { HOLDER_1, HOLDER_2, loadHandFixtures, MARKET_A, MARKET_B, MARKET_C } from './test/hand-fixtures';
import { insertMaker, insertTaker } from './test/position-fixtures';
import { API_KEY, PositionsTestEnv } from './test/positions-test-env';
import { devServiceEnv } from '@perp/service';
import {
  formatDecimal,
  isLiquidatableAtoms,
  makerFailsAtPrice,
  makerLiquidationMarksX96,
  makerLiquidationMarkX96,
  priceToX96,
  Q96,
  takerValPnl,
  x96ToPrice,
} from '@perp/x96-math';

/** GET /positions, /positions/{id} and their /v1 forms on hand-made rows (test/hand-fixtures.ts). */
describe('position routes', () => {
  let env: PositionsTestEnv;
  let app: NestFastifyApplication;

  const get = (path: string) => request(app.getHttpServer()).get(path).set('X-API-Key', API_KEY);
  const ids = async (path: string): Promise<number[]> => {
    const res = await get(path).expect(200);
    return res.body.items.map((p: { id: number }) => p.id);
  };

  beforeAll(async () => {
    env = await PositionsTestEnv.start();
    await env.withIndex((client) => loadHandFixtures(client, Math.floor(Date.now() / 1000)));
    app = await env.app();
  }, 60_000);

  afterAll(async () => {
    await env?.stop();
  });

  it('an open taker: stored fields decoded, current figures at the contract mark with the funding owed', async () => {
    // Position 1 on market A: margin 10, long 100 perps, usd_delta -380, entered when A's cumulative
    // funding was 0; A is now at 0.125 USD per perp, its mark (fair price) at 4.
    //   funding owed = ceil(100e6 * (2^96/8 - 0) / 2^96) atoms = 12.5 USD; util owed 0
    //   unrealized_pnl (valPnl) = trunc(100e6 * 4) - 380e6 atoms = 20
    //   effective_margin = 10 - 12.5 - 0 + 20 = 17.5
    const res = await get('/positions/1').expect(200);
    expect(res.body).toStrictEqual({
      id: 1,
      open_timestamp: 1_700_000_001,
      perp_address: MARKET_A,
      perp: MARKET_A,
      holder: HOLDER_1,
      is_maker: false,
      is_long: true,
      is_closed: false,
      close_timestamp: null,
      was_liquidated: null,
      margin: '10',
      perp_delta: '100',
      usd_delta: '-380',
      avg_entry_amm_price_x96: '316912650057057350374175801344', // 4 * 2^96
      liq_margin_ratio: '0.05',
      backstop_margin_ratio: '0.02',
      current_mark_price: '4',
      unrealized_pnl: '20',
      effective_margin: '17.5',
      // The integer test at mark m: settled margin -2.5, so E = floor(1e8 m) - 382.5e6 atoms, V = floor(1e8 m);
      // E * 1e6 < 5e4 (V + 1) <=> 19 V < 7650e6 + 1 <=> V <= 402631578 <=> m X96 < 402631579 * 2^96 / 1e8:
      // the highest such X96 mark is 318997601743868602686776609296 = 4.02631579 (to 18 places).
      liquidation_price: '4.02631579',
      // Open: null, though its opening's settlement row is stored.
      realized_pnl: null,
      net_funding: null,
    });
    const turn = 318997601743868602686776609296n;
    const fails = (markX96: bigint) => {
      const v = takerValPnl(100_000_000n, -380_000_000n, markX96);
      return isLiquidatableAtoms(-2_500_000n + v.unrealizedPnl, v.positionValue, 50_000n);
    };
    expect([fails(turn), fails(turn + 1n)]).toEqual([true, false]);
  });

  it('a closed position keeps its last stored fields, its current figures are null', async () => {
    const res = await get('/positions/6').expect(200);
    expect(res.body).toStrictEqual({
      id: 6,
      open_timestamp: 1_700_000_006,
      perp_address: MARKET_A,
      perp: MARKET_A,
      holder: HOLDER_2,
      is_maker: false,
      is_long: false,
      is_closed: true,
      close_timestamp: 1_700_100_000,
      was_liquidated: true,
      margin: '3',
      perp_delta: '-20',
      usd_delta: '85',
      avg_entry_amm_price_x96: null,
      liq_margin_ratio: '0.05',
      backstop_margin_ratio: '0.02',
      current_mark_price: null,
      unrealized_pnl: null,
      effective_margin: null,
      liquidation_price: null,
      // The sums of its settlement rows (hand-fixtures.ts): 0 + 0 - 5.5 realized; funding paid 1.25, received 0.5.
      realized_pnl: '-5.5',
      net_funding: '-0.75',
    });
  });

  it('realized_pnl and net_funding: a closed maker has no realized PnL, its funding; a closed position without its opening row has neither', async () => {
    expect((await get(`/positions/11?perp_address=${MARKET_B}`).expect(200)).body).toMatchObject({
      id: 11,
      is_closed: true,
      realized_pnl: null,
      net_funding: '-0.3',
    });
    // The same figures on the page as by id: summed in the page's statement.
    const page = (await get('/positions?is_open=false').expect(200)).body.items;
    expect(page.map((p: Record<string, unknown>) => [p['id'], p['realized_pnl'], p['net_funding']])).toEqual([
      [6, '-5.5', '-0.75'],
      [11, null, '-0.3'],
    ]);
    // A position opened before the store kept settlements (no opening row): no partial sum, null.
    const setOpened = (opened: boolean) =>
      env.withIndex((c) =>
        c.query(`UPDATE position_settlements SET opened = $1 WHERE perp_address = $2 AND pos_id = 6 AND "timestamp" = to_timestamp(1700000006)`, [
          opened,
          MARKET_A,
        ]),
      );
    await setOpened(false);
    try {
      expect((await get('/positions/6').expect(200)).body).toMatchObject({ id: 6, realized_pnl: null, net_funding: null });
    } finally {
      await setOpened(true);
    }
    expect((await get('/positions/6').expect(200)).body).toMatchObject({ realized_pnl: '-5.5', net_funding: '-0.75' });
  });

  it('a maker: valPnl on its band at the mark, equity with its settle legs (funding, util earnings, LP fees)', async () => {
    // Position 7: its liquidity holds 204.7692 perps + 845.214209 USD at A's pool price; deltas
    // -234.7692 / -745.214209, so the net inventory is -30 perps and +100 USD.
    //   band value = floor(204769200 * 4) + 845214209 = 1664291009 atoms
    //   unrealized_pnl = 1664291009 - 234769200 * 4 - 745214209 = -20 USD
    //   settle legs: funding 0 (checkpoints at the band's funding now), util earnings floor(1e6 * 2^96 / 2^96) = 1 USD,
    //   LP fees floor(1e10 * 2^115 / 2^128) = floor(1e10 / 8192) = 1.220703 USD
    //   effective_margin = 130 - 0 + 1 + 1.220703 - 20 = 112.220703
    const res = await get('/positions/7').expect(200);
    expect(res.body).toStrictEqual({
      id: 7,
      open_timestamp: 1_700_000_007,
      perp_address: MARKET_A,
      perp: MARKET_A,
      holder: HOLDER_1,
      is_maker: true,
      is_long: null,
      is_closed: false,
      close_timestamp: null,
      was_liquidated: null,
      margin: '130',
      perp_delta: '-234.7692',
      usd_delta: '-745.214209',
      avg_entry_amm_price_x96: null,
      liq_margin_ratio: '0.9',
      backstop_margin_ratio: '0.8',
      current_mark_price: '4',
      unrealized_pnl: '-20',
      effective_margin: '112.220703',
      realized_pnl: null,
      net_funding: null,
      // Ratio 0.9: equity would have to be 90% of the band's value, and it is not at any price (below: the USD owed
      // exceeds the margin; above: 69 USD against 1700), so no price flips the test: null.
      liquidation_price: null,
    });
    const maker = {
      settledMargin: 132_220_703n, // 130 + 1 + 1.220703, held
      perpDelta: -234_769_200n,
      usdDelta: -745_214_209n,
      tickLower: 13000,
      tickUpper: 14700,
      liquidity: 10n ** 10n,
      liqMarginRatioE6: 900_000n,
    };
    expect(makerLiquidationMarksX96(maker)).toEqual({ belowX96: null, aboveX96: null });
    for (const price of [1n, 4n, 1000n]) expect(makerFailsAtPrice(maker, price * Q96)).toBe(true);
    // At a 5% ratio the same maker has a turn on each side of 4; the served one is the nearer.
    const loose = makerLiquidationMarksX96({ ...maker, liqMarginRatioE6: 50_000n });
    expect(loose.belowX96 !== null && loose.belowX96 < 4n * Q96).toBe(true);
    expect(loose.aboveX96 !== null && loose.aboveX96 > 4n * Q96).toBe(true);
  });

  it('an open position of a market without a mark has null current figures', async () => {
    const res = await get('/positions/9').expect(200);
    expect(res.body).toMatchObject({ id: 9, perp_address: MARKET_C, is_closed: false, current_mark_price: null, unrealized_pnl: null, effective_margin: null });
  });

  it('a zero-size taker: pnl 0, equity = margin', async () => {
    const res = await get('/positions/10').expect(200);
    expect(res.body).toMatchObject({ perp_delta: '0', current_mark_price: '4', unrealized_pnl: '0', effective_margin: '5' });
  });

  it('lists every position by id in the paginated envelope', async () => {
    const res = await get('/positions').expect(200);
    expect(res.body).toMatchObject({ total: 11, limit: 100, offset: 0, has_more: false });
    expect(res.body.items.map((p: { id: number }) => p.id)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11]);
    const one = await get('/positions/1').expect(200);
    expect(res.body.items[0]).toStrictEqual(one.body);
  });

  it.each([
    ['holder (any case)', `holder=${HOLDER_1.toUpperCase().replace('0X', '0x')}`, [1, 2, 5, 7, 9, 11]],
    ['holder', `holder=${HOLDER_2}`, [3, 4, 6, 8, 10]],
    ['is_open=true', 'is_open=true', [1, 2, 3, 4, 5, 7, 8, 9, 10]],
    ['is_open=false', 'is_open=false', [6, 11]],
    ['is_maker=true', 'is_maker=true', [7, 11]],
    ['is_maker=false', 'is_maker=false', [1, 2, 3, 4, 5, 6, 8, 9, 10]],
    ['is_long=true', 'is_long=true', [1, 2, 3, 4, 8, 9, 10]],
    ['is_long=false (makers have no side)', 'is_long=false', [5, 6]],
    ['perp_address', `perp_address=${MARKET_A}`, [1, 2, 3, 4, 5, 6, 7, 10]],
    ['perp_address B', `perp_address=${MARKET_B}`, [8, 11]],
    ['filters combined', `holder=${HOLDER_1}&is_open=1&perp_address=${MARKET_A}`, [1, 2, 5, 7]],
    ['no match', `holder=0x${'9'.repeat(40)}`, []],
  ])('filters by %s', async (_name, query, expected) => {
    const res = await get(`/positions?${query}`).expect(200);
    expect(res.body.items.map((p: { id: number }) => p.id)).toEqual(expected);
    expect(res.body.total).toBe(expected.length);
  });

  it.each(['market_id', 'perp', 'perp_id'])('the deprecated alias %s answers exactly as perp_address', async (alias) => {
    const canonical = await get(`/positions?perp_address=${MARKET_A}&limit=3`).expect(200);
    const aliased = await get(`/positions?${alias}=${MARKET_A.toUpperCase().replace('0X', '0x')}&limit=3`).expect(200);
    expect(aliased.body).toStrictEqual(canonical.body);
  });

  it('several identifiers: perp_address wins, then market_id, perp, perp_id', async () => {
    expect(await ids(`/positions?market_id=${MARKET_A}&perp_address=${MARKET_B}`)).toEqual([8, 11]);
    expect(await ids(`/positions?perp_id=${MARKET_C}&perp=${MARKET_A}&market_id=${MARKET_B}`)).toEqual([8, 11]);
    expect(await ids(`/positions?perp_id=${MARKET_A}&perp=${MARKET_C}`)).toEqual([9]);
  });

  it('pages: total and has_more', async () => {
    expect((await get('/positions?limit=4&offset=4').expect(200)).body).toMatchObject({ total: 11, limit: 4, offset: 4, has_more: true });
    expect(await ids('/positions?limit=4&offset=4')).toEqual([5, 6, 7, 8]);
    const last = await get('/positions?limit=4&offset=8').expect(200);
    expect(last.body).toMatchObject({ total: 11, limit: 4, offset: 8, has_more: false });
    expect(last.body.items.map((p: { id: number }) => p.id)).toEqual([9, 10, 11]);
    expect((await get('/positions?offset=50').expect(200)).body).toEqual({ items: [], total: 11, limit: 100, offset: 50, has_more: false });
    expect((await get('/positions?limit=1').expect(200)).body).toMatchObject({ total: 11, limit: 1, has_more: true });
    expect((await get('/positions?limit=500').expect(200)).body).toMatchObject({ total: 11, limit: 500, has_more: false });
  });

  it.each([
    ['limit=0', 'limit', { type: 'greater_than_equal', msg: 'Input should be greater than or equal to 1', input: '0', ctx: { ge: 1 } }],
    ['limit=501', 'limit', { type: 'less_than_equal', msg: 'Input should be less than or equal to 500', input: '501', ctx: { le: 500 } }],
    ['offset=-1', 'offset', { type: 'greater_than_equal', msg: 'Input should be greater than or equal to 0', input: '-1', ctx: { ge: 0 } }],
    ['limit=ten', 'limit', { type: 'int_parsing' }],
    ['holder=0x123', 'holder', { type: 'string_pattern_mismatch' }],
    ['is_open=maybe', 'is_open', { type: 'bool_parsing' }],
    ['perp_id=nothex', 'perp_id', { type: 'string_pattern_mismatch' }],
  ])('422 for %s', async (query, field, error) => {
    for (const path of ['/positions', '/v1/positions']) {
      const q = path === '/v1/positions' ? query.replace('holder', 'wallet').replace('perp_id', 'market_id') : query;
      const name = path === '/v1/positions' ? field.replace('holder', 'wallet').replace('perp_id', 'market_id') : field;
      const res = await get(`${path}?${q}`).expect(422);
      expect(res.body.detail).toHaveLength(1);
      expect(res.body.detail[0]).toMatchObject({ loc: ['query', name], ...error });
    }
  });

  it('404 for an unknown position, 422 for a non-integer id', async () => {
    for (const prefix of ['/positions', '/v1/positions']) {
      expect((await get(`${prefix}/999`).expect(404)).body).toEqual({ detail: 'Position not found' });
      expect((await get(`${prefix}/99999999999999999999`).expect(404)).body).toEqual({ detail: 'Position not found' });
      const res = await get(`${prefix}/abc`).expect(422);
      expect(res.body.detail).toEqual([
        expect.objectContaining({
          type: 'int_parsing',
          loc: ['path', 'position_id'],
          msg: 'Input should be a valid integer, unable to parse string as an integer',
          input: 'abc',
        }),
      ]);
      await get(`${prefix}/1.5`).expect(422);
    }
  });

  it('401 without or with a wrong API key, on every position route', async () => {
    for (const path of ['/positions', '/positions/1', '/positions/liquidatable', '/v1/positions', '/v1/positions/1', '/v1/positions/liquidatable']) {
      expect((await request(app.getHttpServer()).get(path).expect(401)).body).toEqual({ detail: 'Missing API key' });
      expect((await request(app.getHttpServer()).get(path).set('X-API-Key', 'mdk_wrong').expect(401)).body).toEqual({ detail: 'Invalid API key' });
    }
  });

  it('/v1/positions: exactly the legacy fields, wallet and market_id filters', async () => {
    const one = await get('/v1/positions/1').expect(200);
    expect(one.body).toStrictEqual({
      id: 1,
      open_timestamp: 1_700_000_001,
      perp: MARKET_A,
      holder: HOLDER_1,
      is_maker: false,
      is_long: true,
      is_closed: false,
      close_timestamp: null,
      was_liquidated: null,
    });
    const closed = await get('/v1/positions/6').expect(200);
    expect(closed.body).toStrictEqual({
      id: 6,
      open_timestamp: 1_700_000_006,
      perp: MARKET_A,
      holder: HOLDER_2,
      is_maker: false,
      is_long: false,
      is_closed: true,
      close_timestamp: 1_700_100_000,
      was_liquidated: true,
    });
    const page = await get(`/v1/positions?wallet=${HOLDER_1}&market_id=${MARKET_A}&is_open=true&limit=2`).expect(200);
    expect(page.body).toMatchObject({ total: 4, limit: 2, offset: 0, has_more: true });
    expect(page.body.items).toEqual([one.body, (await get('/v1/positions/2').expect(200)).body]);
    expect(await ids('/v1/positions?is_maker=true')).toEqual([7, 11]);
    expect(await ids('/v1/positions?is_long=false')).toEqual([5, 6]);
    expect(await ids('/v1/positions?is_open=false')).toEqual([6, 11]);
    expect((await get('/v1/positions').expect(200)).body).toMatchObject({ total: 11, limit: 100, offset: 0, has_more: false });
  });

  it('documents every position route, parameter, limit and error in OpenAPI', async () => {
    const spec = (await request(app.getHttpServer()).get('/openapi.json').expect(200)).body;
    const list = spec.paths['/positions'].get;
    const params = Object.fromEntries(list.parameters.map((p: { name: string }) => [p.name, p]));
    expect(Object.keys(params).sort()).toEqual(['holder', 'is_long', 'is_maker', 'is_open', 'limit', 'market_id', 'offset', 'perp', 'perp_address', 'perp_id']);
    expect(params['limit'].schema).toMatchObject({ minimum: 1, maximum: 500, default: 100 });
    expect(params['market_id'].deprecated).toBe(true);
    expect(Object.keys(list.responses).sort()).toEqual(['200', '400', '401', '408', '422', '429', '500', '503']);
    expect(list.security).toEqual([{ APIKeyHeader: [] }]);
    const candidates = spec.paths['/positions/liquidatable'].get;
    const sort = candidates.parameters.find((p: { name: string }) => p.name === 'sort');
    expect(sort.schema).toMatchObject({ enum: ['most_underwater', 'largest_reward'], default: 'most_underwater' });
    const byId = spec.paths['/positions/{position_id}'].get;
    expect(byId.parameters[0]).toMatchObject({ name: 'position_id', in: 'path', schema: { type: 'integer' } });
    expect(byId.parameters.map((p: { name: string }) => p.name).sort()).toEqual(['market_id', 'perp', 'perp_address', 'perp_id', 'position_id']);
    expect(spec.paths['/v1/positions/{position_id}'].get.parameters.map((p: { name: string }) => p.name).sort()).toEqual(['perp_address', 'position_id']);
    expect(Object.keys(byId.responses).sort()).toEqual(['200', '400', '401', '404', '408', '414', '422', '429', '500', '503']);
    expect(spec.paths['/v1/positions'].get.parameters.map((p: { name: string }) => p.name).sort()).toEqual([
      'is_long',
      'is_maker',
      'is_open',
      'limit',
      'market_id',
      'offset',
      'wallet',
    ]);
    expect(spec.paths['/v1/positions/liquidatable'].get.parameters.map((p: { name: string }) => p.name).sort()).toEqual(['limit', 'market_id', 'offset']);
    expect(spec.paths['/v1/positions/{position_id}'].get.responses['404']).toBeDefined();
    expect(Object.keys(spec.components.schemas['V1PositionDto'].properties)).toEqual([
      'id',
      'open_timestamp',
      'perp',
      'holder',
      'is_maker',
      'is_long',
      'is_closed',
      'close_timestamp',
      'was_liquidated',
    ]);
    expect(Object.keys(spec.components.schemas['V1LiquidationCandidateDto'].properties)).toEqual([
      'id',
      'perp',
      'is_maker',
      'amount',
      'mode',
      'margin_ratio',
      'liq_margin_ratio',
      'as_of',
    ]);
    expect(spec.components.schemas['PositionDto'].properties['effective_margin']).toMatchObject({ type: 'string', nullable: true });
  });

  // Last: it adds rows. On chain a position id is local to its Perp (DESIGN.md §4, "position ids").
  it('ids are local to each market: perp_address picks one; without it a shared id is 422 naming how many markets hold it', async () => {
    const before = await get('/positions/9').expect(200);
    expect(before.body.perp_address).toBe(MARKET_C);
    await env.withIndex(async (client) => {
      for (const perp of [MARKET_A, MARKET_B]) {
        await insertTaker(client, { id: 9, perp_address: perp, holder: HOLDER_2, margin: 7_000_000n, perp_delta: 1_000_000n, usd_delta: -3_000_000n });
      }
    });
    for (const prefix of ['/positions', '/v1/positions']) {
      const res = await get(`${prefix}/9`).expect(422);
      expect(res.body).toEqual({
        detail: [
          {
            type: 'missing',
            loc: ['query', 'perp_address'],
            msg: 'Field required: position id 9 exists in 3 markets (ids are local to each perp); name one with perp_address',
            input: null,
          },
        ],
      });
      const inC = await get(`${prefix}/9?perp_address=${MARKET_C.toUpperCase().replace('0X', '0x')}`).expect(200);
      expect(inC.body).toMatchObject({ id: 9, [prefix === '/v1/positions' ? 'perp' : 'perp_address']: MARKET_C });
      const inB = await get(`${prefix}/9?perp_address=${MARKET_B}`).expect(200);
      expect(inB.body).toMatchObject({ id: 9, holder: HOLDER_2, is_maker: false, is_long: true, is_closed: false });
      expect((await get(`${prefix}/1?perp_address=${MARKET_B}`).expect(404)).body).toEqual({ detail: 'Position not found' });
      expect((await get(`${prefix}/9?perp_address=0x12`).expect(422)).body.detail[0]).toMatchObject({
        loc: ['query', 'perp_address'],
        type: 'string_pattern_mismatch',
      });
    }
    expect((await get(`/positions/9?perp_address=${MARKET_C}`).expect(200)).body).toStrictEqual(before.body);
    for (const alias of ['market_id', 'perp', 'perp_id']) {
      expect((await get(`/positions/9?${alias}=${MARKET_B}`).expect(200)).body).toStrictEqual((await get(`/positions/9?perp_address=${MARKET_B}`)).body);
    }
    // Still one market for id 1: no perp_address needed.
    expect((await get('/positions/1').expect(200)).body.perp_address).toBe(MARKET_A);
    // Lists order by (id, perp_address): the three 9s sit together, in address order.
    const page = await get('/positions?limit=500').expect(200);
    const nines = page.body.items.filter((p: { id: number }) => p.id === 9).map((p: { perp_address: string }) => p.perp_address);
    expect(nines).toEqual([MARKET_A, MARKET_B, MARKET_C].sort());
    expect(page.body.items.map((p: { id: number }) => p.id)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 9, 9, 10, 11]);
  });

  it('a maker liquidation_price: the turn nearest the mark, the pool and the mark moved together, settle legs held', async () => {
    // Position 7's book at a 5% ratio, as id 12 in A: the same mark (4) and settle legs as 7's.
    await env.withIndex((client) =>
      insertMaker(client, {
        id: 12,
        perp_address: MARKET_A,
        holder: HOLDER_2,
        margin: 130n * 1_000_000n,
        perp_delta: -204_769_200n - 30_000_000n,
        usd_delta: -845_214_209n + 100_000_000n,
        tick_lower: 13000,
        tick_upper: 14700,
        liquidity: 10n ** 10n,
        liq_margin_ratio: 50_000,
        chain: { entry_cumulative_funding_x96: Q96 / 8n, entry_funding_within_x96: Q96 / 8n, capacity_long: 1_000_000n },
      }),
    );
    const res = await get(`/positions/12?perp_address=${MARKET_A}`).expect(200);
    expect(res.body).toMatchObject({ id: 12, current_mark_price: '4', effective_margin: '112.220703' });
    const maker = {
      settledMargin: 132_220_703n,
      perpDelta: -234_769_200n,
      usdDelta: -745_214_209n,
      tickLower: 13000,
      tickUpper: 14700,
      liquidity: 10n ** 10n,
      liqMarginRatioE6: 50_000n,
    };
    const { belowX96, aboveX96 } = makerLiquidationMarksX96(maker);
    const [below, above] = [belowX96 as bigint, aboveX96 as bigint];
    expect(below < 4n * Q96 && above > 4n * Q96).toBe(true);
    const nearest = 4n * Q96 - below <= above - 4n * Q96 ? below : above;
    // The served turn is searched from the mark: a turn (fails there, a neighbouring unit passes), the nearer one; the
    // atoms' floors leave stretches about one atom of value wide where the test alternates, so it may be another unit
    // of that stretch than the search from the peak stops at: equal to 1e-8 of the price.
    const served = priceToX96(res.body.liquidation_price);
    expect(((served > nearest ? served - nearest : nearest - served) * 10n ** 8n) / nearest).toBe(0n);
    const turn = makerLiquidationMarkX96(maker, 4n * Q96) as bigint;
    expect(res.body.liquidation_price).toBe(formatDecimal(x96ToPrice(turn)));
    expect(makerFailsAtPrice(maker, turn)).toBe(true);
    expect(makerFailsAtPrice(maker, turn + 1n) && makerFailsAtPrice(maker, turn - 1n)).toBe(false);
    expect([makerFailsAtPrice(maker, below), makerFailsAtPrice(maker, below + 1n)]).toEqual([true, false]);
    expect([makerFailsAtPrice(maker, above), makerFailsAtPrice(maker, above - 1n)]).toEqual([true, false]);
  });

  it('answers 503 {"detail": "Index store unavailable"} with the index store down, never a hang or a 500', async () => {
    const nowhere = 'postgres://postgres@127.0.0.1:1/none';
    const down = await createMarketDataApp(
      loadMarketDataSettings(devServiceEnv({ INDEX_DATABASE_URL: nowhere, SOURCE_DATABASE_URL: nowhere, MARKET_DATA_DATABASE_URL: env.pg.url('market_data') })),
      { logger: false },
    );
    try {
      await down.init();
      await down.getHttpAdapter().getInstance().ready();
      for (const path of ['/positions', '/positions/1', '/positions/liquidatable', '/v1/positions', '/v1/positions/1', '/v1/positions/liquidatable']) {
        const res = await request(down.getHttpServer()).get(path).set('X-API-Key', API_KEY).expect(503);
        expect(res.body).toEqual({ detail: 'Index store unavailable' });
      }
    } finally {
      await down.close();
    }
  });
});
