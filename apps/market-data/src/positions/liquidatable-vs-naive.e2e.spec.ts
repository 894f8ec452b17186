import { NestFastifyApplication } from '@nestjs/platform-fastify';
import {
  decodeMarketChainRow,
  decodePositionChainRow,
  decodeTickChainRow,
  makerFigures,
  markMarket,
  POSITION_SETTLEMENT_COLUMNS,
  POSITION_SETTLEMENT_JOIN,
  takerFigures,
  TickChainRow,
} from '@perp/index-db';
import { estimatedRewardAtoms, formatDecimal, formatInteger, isCandidateE6, makerFailsAtPrice, priceToX96, ratioFromE6, atomsToHuman } from '@perp/x96-math';
import { PRESETS, runSimulation } from '@perp/market-sim';
import request from 'supertest';
import { CANDIDATES_SQL, candidateParams, MARKET_INPUTS_SQL } from './candidate-queries';
import { marketKeyBounds } from './candidate-rule';
import { decodeMarketState } from './market-state';
import { API_KEY, PositionsTestEnv } from './test/positions-test-env';

type Row = Record<string, string | number | boolean | null>;
type Sort = 'most_underwater' | 'largest_reward';

const STALE_AFTER = 300; // the default STALE_AFTER_SECONDS

interface Expected {
  id: number;
  perp_address: string;
  is_maker: boolean;
  amount: string;
  margin_ratio: string | null;
  /** ratio - threshold and the reward, E6 and atoms. */
  distance: bigint | null;
  reward: bigint | null;
  as_of: number | null;
  /** The contract's verdict (ratio < threshold), and what the old arithmetic would have said (see below). */
  liquidatable: boolean;
  utilOnly: boolean;
  markOnly: boolean;
  /** The exact test with only the mark moved (makers: the pool with it), every other leg held at as_of; null without figures. */
  failsAt: ((markX96: bigint) => boolean) | null;
}

/**
 * Every open position computed the slow way, from a full read of the tables (positions, markets,
 * ticks) and the contract arithmetic (index-db contract-figures.ts, @perp/x96-math): no key, no range,
 * no candidate query. Takers with funding and util owed at the fair-price mark accrued to the latest
 * snapshot; makers with their settle legs. Also notes, for each liquidatable taker, whether it is
 * liquidatable only because of its util owed, or only at the contract's mark (the stored EMA says healthy).
 */
async function naiveCandidates(env: PositionsTestEnv, bufferE6: bigint, perpAddress?: string): Promise<Expected[]> {
  return env.withIndex(async (client) => {
    const markets = new Map(
      (
        await client.query(
          `SELECT m.*, (SELECT floor(extract(epoch FROM max(s."timestamp")))::bigint FROM snapshots s WHERE s.perp_address = m.perp_address) AS as_of FROM markets m`,
        )
      ).rows.map((m) => [m.perp_address as string, m]),
    );
    const ticks = new Map<string, TickChainRow>();
    for (const t of (await client.query(`SELECT * FROM ticks`)).rows) ticks.set(`${t.perp_address}:${t.tick}`, decodeTickChainRow(t) as TickChainRow);
    const open = (await client.query(`SELECT * FROM positions WHERE NOT is_closed ORDER BY id`)).rows;
    const out: Expected[] = [];
    for (const p of open) {
      if (perpAddress && p.perp_address !== perpAddress) continue;
      const m = markets.get(p.perp_address);
      const chain = decodeMarketChainRow(m);
      const asOf = m.as_of === null ? null : Number(m.as_of);
      const marked = markMarket(chain, asOf);
      const position = decodePositionChainRow(p);
      const threshold = BigInt(p.liq_margin_ratio);
      let ratio: bigint | null = null;
      let reward: bigint | null = null;
      let utilOnly = false;
      let markOnly = false;
      let failsAt: Expected['failsAt'] = null;
      if (marked !== null && !p.is_maker) {
        const h = takerFigures(marked, position);
        failsAt = (markX96) => takerFigures(marked, position, markX96).isLiquidatable;
        ratio = position.perpDelta === 0n ? null : h.marginRatioE6;
        reward = estimatedRewardAtoms(h.equity, h.positionValue, BigInt(m.liquidation_fee));
        if (h.isLiquidatable && position.perpDelta !== 0n) {
          const noUtil = {
            ...position,
            entryLongUtilPaymentsX96: marked.cumulatives.longUtilPaymentsX96,
            entryShortUtilPaymentsX96: marked.cumulatives.shortUtilPaymentsX96,
          };
          utilOnly = !takerFigures(marked, noUtil).isLiquidatable;
          markOnly = chain.emaAmmPriceX96 !== null && !takerFigures(marked, position, chain.emaAmmPriceX96).isLiquidatable;
        }
      } else if (marked !== null) {
        const lower = ticks.get(`${p.perp_address}:${p.tick_lower}`);
        const upper = ticks.get(`${p.perp_address}:${p.tick_upper}`);
        if (lower && upper) {
          const f = makerFigures(marked, chain, position, { lower, upper });
          const band = { tickLower: position.tickLower as number, tickUpper: position.tickUpper as number, liquidity: position.liquidity as bigint };
          const held = { ...band, settledMargin: f.settledMargin, perpDelta: position.perpDelta, usdDelta: position.usdDelta, liqMarginRatioE6: threshold };
          failsAt = (priceX96) => makerFailsAtPrice(held, priceX96);
          ratio = f.marginRatioE6;
          reward = estimatedRewardAtoms(f.equity, f.positionValue, BigInt(m.liquidation_fee));
        }
      }
      if (ratio !== null && !isCandidateE6(ratio, threshold, bufferE6)) continue;
      const size = BigInt(p.perp_delta) < 0n ? -BigInt(p.perp_delta) : BigInt(p.perp_delta);
      out.push({
        id: Number(p.id),
        perp_address: p.perp_address,
        is_maker: p.is_maker,
        amount: formatInteger(p.is_maker ? BigInt(p.liquidity) : size),
        margin_ratio: ratio === null ? null : formatDecimal(ratioFromE6(ratio)),
        distance: ratio === null ? null : ratio - threshold,
        reward: marked === null ? null : reward,
        as_of: marked === null ? null : asOf,
        liquidatable: ratio !== null && ratio < threshold,
        utilOnly,
        markOnly,
        failsAt,
      });
    }
    return out;
  });
}

/** The DESIGN §4 sorts, written out again: uncomputable ratios last, then the key (nulls last), then id. */
function naiveSort(rows: Expected[], sort: Sort): Expected[] {
  const key = (e: Expected): bigint | null => (sort === 'most_underwater' ? e.distance : e.reward === null ? null : -e.reward);
  return [...rows].sort((a, b) => {
    if ((a.margin_ratio === null) !== (b.margin_ratio === null)) return a.margin_ratio === null ? 1 : -1;
    const ka = key(a);
    const kb = key(b);
    if (ka === null && kb !== null) return 1;
    if (kb === null && ka !== null) return -1;
    if (ka !== null && kb !== null && ka !== kb) return ka < kb ? -1 : 1;
    return a.id - b.id;
  });
}

/** The route's whole answer, paged through at the largest limit, checking each envelope. */
async function routeCandidates(app: NestFastifyApplication, query: string): Promise<Row[]> {
  const all: Row[] = [];
  for (let offset = 0; ; offset += 500) {
    const res = await request(app.getHttpServer()).get(`/positions/liquidatable?${query}&limit=500&offset=${offset}`).set('X-API-Key', API_KEY).expect(200);
    all.push(...res.body.items);
    expect(res.body.has_more).toBe(offset + res.body.items.length < res.body.total);
    if (!res.body.has_more) {
      expect(all).toHaveLength(res.body.total);
      return all;
    }
  }
}

/** The simulator's demo preset (10 markets, 5,000 positions) against the naive computation. */
describe('liquidation candidates on simulated data', () => {
  let env: PositionsTestEnv;
  /** By CANDIDATE_BUFFER: the default, and 100 % so that many more positions go through the range. */
  const apps = new Map<string, NestFastifyApplication>();
  let busiest: string;

  beforeAll(async () => {
    env = await PositionsTestEnv.start();
    // The simulated "now" is the real one, so that is_stale means what it says (the stale market stopped 2 h ago).
    const end = Math.floor(Date.now() / 1000 / 60) * 60;
    await runSimulation({ preset: PRESETS['demo'], seed: '42', end, indexUrl: env.indexUrl, sourceUrl: env.sourceUrl });
    apps.set('0.1', await env.app());
    apps.set('1', await env.app({ CANDIDATE_BUFFER: '1' }));
    busiest = await env.withIndex(
      async (c) =>
        (await c.query(`SELECT perp_address FROM positions WHERE NOT is_closed GROUP BY perp_address ORDER BY count(*) DESC, perp_address LIMIT 1`)).rows[0]
          .perp_address,
    );
  }, 120_000);

  afterAll(async () => {
    await env?.stop();
  });

  it.each([
    ['most_underwater', 'every market', '0.1'],
    ['largest_reward', 'every market', '0.1'],
    ['most_underwater', 'one market', '0.1'],
    ['largest_reward', 'one market', '0.1'],
    ['most_underwater', 'every market', '1'],
    ['largest_reward', 'one market', '1'],
  ] as [Sort, string, string][])('%s over %s, buffer %s, equals the naive full computation', async (sort, scope, buffer) => {
    const market = scope === 'one market' ? busiest : undefined;
    const expected = naiveSort(await naiveCandidates(env, BigInt(Math.round(Number(buffer) * 1e6)), market), sort);
    const now = Math.floor(Date.now() / 1000);
    const actual = await routeCandidates(apps.get(buffer) as NestFastifyApplication, `sort=${sort}${market ? `&perp_address=${market}` : ''}`);
    expect(actual.map((c) => c['id'])).toEqual(expected.map((e) => e.id));
    expect(actual).toEqual(
      expected.map((e) =>
        expect.objectContaining({
          id: e.id,
          perp_address: e.perp_address,
          is_maker: e.is_maker,
          amount: e.amount,
          margin_ratio: e.margin_ratio,
          distance_to_liquidation: e.distance === null ? null : formatDecimal(ratioFromE6(e.distance)),
          estimated_reward: e.reward === null ? null : formatDecimal(atomsToHuman(e.reward)),
          as_of: e.as_of,
          is_stale: e.as_of === null || now - e.as_of > STALE_AFTER,
        }),
      ),
    );
    // liquidation_price: the test flips across it. The decimal is the X96 turn rounded to 18 places (within
    // 5e-19), so 1e-17 either side of it lies on either side of the turn: one side fails, the other passes.
    const delta = priceToX96('0.00000000000000001');
    const byKey = new Map(expected.map((e) => [`${e.perp_address}:${e.id}`, e]));
    let priced = { takers: 0, makers: 0 };
    for (const c of actual) {
      const e = byKey.get(`${c['perp_address']}:${c['id']}`) as Expected;
      if (c['liquidation_price'] === null || e.failsAt === null) continue;
      const x = priceToX96(c['liquidation_price'] as string);
      expect([c['id'], e.failsAt(x - delta) !== e.failsAt(x + delta)]).toEqual([c['id'], true]);
      priced = e.is_maker ? { ...priced, makers: priced.makers + 1 } : { ...priced, takers: priced.takers + 1 };
    }
    if (!market) expect(priced.takers > 0 && priced.makers > 0).toBe(true);
    // The data exercise every case: past the threshold, no ratio, takers and makers, fresh and unknown marks,
    // and with the wide buffer positions of the market whose indexing stopped 2 h ago (stale mark).
    if (!market) {
      expect(expected.some((e) => e.distance !== null && e.distance <= 0n)).toBe(true);
      expect(expected.some((e) => e.margin_ratio === null)).toBe(true);
      expect(expected.some((e) => e.is_maker) && expected.some((e) => !e.is_maker)).toBe(true);
      expect(actual.some((c) => c['is_stale'] === false)).toBe(true);
      expect(actual.some((c) => c['is_stale'] === true && c['as_of'] === null)).toBe(true);
      if (buffer === '1') expect(actual.some((c) => c['is_stale'] === true && c['as_of'] !== null)).toBe(true);
    }
  });

  it('misses no position the contract liquidates on the demo preset, among them ones liquidatable only by util owed or only at the fair-price mark', async () => {
    const everyOpen = await naiveCandidates(env, 0n);
    const liquidatable = everyOpen.filter((e) => e.liquidatable);
    const served = new Set((await routeCandidates(apps.get('0.1') as NestFastifyApplication, 'sort=most_underwater')).map((c) => c['id']));
    expect(liquidatable.filter((e) => !served.has(e.id)).map((e) => e.id)).toEqual([]);
    expect(liquidatable.length).toBeGreaterThan(5);
    expect(liquidatable.filter((e) => e.utilOnly).length).toBeGreaterThan(0);
    expect(liquidatable.filter((e) => e.markOnly).length).toBeGreaterThan(0);
  });

  it('/live.mark_price is the positions current_mark_price, the contract mark at the snapshot time', async () => {
    const app = apps.get('0.1') as NestFastifyApplication;
    const position = (await request(app.getHttpServer()).get(`/positions?perp_address=${busiest}&is_open=true&limit=1`).set('X-API-Key', API_KEY).expect(200))
      .body.items[0];
    const live = (await request(app.getHttpServer()).get(`/markets/${busiest}/live`).set('X-API-Key', API_KEY).expect(200)).body;
    expect(position.current_mark_price).not.toBeNull();
    expect(live.mark_price).toBe(position.current_mark_price);
  });

  it("realized_pnl and net_funding on the demo data: a closed taker realized its close's usd plus its entry usd, summed by one index probe per closed row", async () => {
    const app = apps.get('0.1') as NestFastifyApplication;
    const items: Row[] = (await request(app.getHttpServer()).get('/positions?is_open=false&limit=500').set('X-API-Key', API_KEY).expect(200)).body.items;
    const expected = await env.withIndex(async (c) => {
      const rows = (
        await c.query(
          `SELECT p.perp_address, p.id, p.is_maker, p.usd_delta, t.usd_delta AS close_usd,
                  (SELECT sum(funding) FROM position_settlements s WHERE s.perp_address = p.perp_address AND s.pos_id = p.id) AS funding
             FROM positions p LEFT JOIN trades t ON t.perp_address = p.perp_address AND t.pos_id = p.id WHERE p.is_closed`,
        )
      ).rows;
      const atoms = (x: bigint) => formatDecimal(atomsToHuman(x));
      return new Map(
        rows.map((r) => [
          `${r.perp_address}:${r.id}`,
          // The simulator keeps no settlement of a maker: both null.
          r.is_maker
            ? { realized_pnl: null, net_funding: null }
            : { realized_pnl: atoms(BigInt(r.close_usd) + BigInt(r.usd_delta)), net_funding: atoms(-BigInt(r.funding)) },
        ]),
      );
    });
    expect(items.length).toBeGreaterThan(100);
    expect(items.filter((p) => !p['is_maker'] && p['net_funding'] !== '0').length).toBeGreaterThan(0);
    for (const p of items) {
      expect({ id: p['id'], realized_pnl: p['realized_pnl'], net_funding: p['net_funding'] }).toEqual({
        id: p['id'],
        ...expected.get(`${p['perp_address']}:${p['id']}`),
      });
    }
    // The sums of a page: one probe of position_settlements_position_idx per row, never a scan of the table.
    const plan = await env.withIndex(async (c) =>
      (
        await c.query(
          `EXPLAIN SELECT p.id, ${POSITION_SETTLEMENT_COLUMNS} FROM (SELECT * FROM positions WHERE is_closed ORDER BY id, perp_address LIMIT 500) p ${POSITION_SETTLEMENT_JOIN}`,
        )
      ).rows
        .map((r) => r['QUERY PLAN'] as string)
        .join('\n'),
    );
    expect(plan).toContain('position_settlements_position_idx');
    expect(plan).not.toMatch(/Seq Scan on position_settlements/);
  });

  it('reads candidates by range scans of the partial indexes, never a scan of positions', async () => {
    const markets = await env.withIndex(async (c) => (await c.query(MARKET_INPUTS_SQL)).rows.map((row) => decodeMarketState(row)));
    const params = candidateParams(markets.map((m) => marketKeyBounds(m, 100_000)));
    const plan = await env.withIndex(async (c) => (await c.query(`EXPLAIN ${CANDIDATES_SQL}`, params)).rows.map((r) => r['QUERY PLAN'] as string).join('\n'));
    expect(plan).toContain('positions_liquidation_key_idx');
    expect(plan).toContain('positions_open_makers_idx');
    expect(plan).toContain('positions_open_takers_ratio_idx');
    expect(plan).not.toMatch(/Seq Scan on positions/);
    // Each market's inputs: one probe of its latest snapshot, not a scan of snapshots, and its write version.
    const inputs = await env.withIndex(async (c) => (await c.query(`EXPLAIN ${MARKET_INPUTS_SQL}`)).rows.map((r) => r['QUERY PLAN'] as string).join('\n'));
    expect(inputs).toContain('snapshots_market_time_idx');
    expect(inputs).not.toMatch(/Seq Scan on snapshots/);
    // The range trims: far fewer takers read than are open.
    const read = await env.withIndex(async (c) => (await c.query(CANDIDATES_SQL, params)).rows.filter((p) => !p.is_maker).length);
    const openTakers = await env.withIndex(async (c) =>
      Number((await c.query(`SELECT count(*) AS n FROM positions WHERE NOT is_closed AND NOT is_maker`)).rows[0].n),
    );
    expect(read).toBeLessThan(openTakers / 4);
  });
});
