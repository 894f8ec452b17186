import { NestFastifyApplication } from '@nestjs/platform-fastify';
import { atomsToHuman, BigNumber, formatDecimal, formatInteger, makerPositionValue, Q96, ratioFromE6, takerHealth, x96ToPrice } from '@perp/x96-math';
import { PRESETS, runSimulation } from '@perp/market-sim';
import request from 'supertest';
import { marketKeyBounds } from './candidate-rule';
import { CANDIDATES_SQL, MARKETS_WITH_MARK_TIME_SQL, PositionsRepository } from './positions.repository';
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
  distance: BigNumber | null;
  reward: BigNumber | null;
  as_of: number | null;
}

/**
 * Every open position's health computed the slow way, straight from the math lib and a full
 * read of the table: takers with their funding owed, makers on their net inventory (deltas
 * plus what their liquidity holds at the pool price). DESIGN §4 rule, no index involved.
 */
async function naiveCandidates(env: PositionsTestEnv, buffer: string, perpAddress?: string): Promise<Expected[]> {
  return env.withIndex(async (client) => {
    const markets = new Map(
      (
        await client.query(
          `SELECT m.*, (SELECT floor(extract(epoch FROM max(s."timestamp")))::bigint FROM snapshots s WHERE s.perp_address = m.perp_address) AS as_of FROM markets m`,
        )
      ).rows.map((m) => [m.perp_address as string, m]),
    );
    const open = (await client.query(`SELECT * FROM positions WHERE NOT is_closed ORDER BY id`)).rows;
    const out: Expected[] = [];
    for (const p of open) {
      if (perpAddress && p.perp_address !== perpAddress) continue;
      const m = markets.get(p.perp_address);
      let perp = BigInt(p.perp_delta);
      let usd = BigInt(p.usd_delta);
      let funding = (perp * (BigInt(m.cumulative_funding_x96) - BigInt(p.entry_cumulative_funding_x96))) / Q96;
      if (p.is_maker) {
        const held = makerPositionValue({ tickLower: p.tick_lower, tickUpper: p.tick_upper, liquidity: BigInt(p.liquidity) }, BigInt(m.sqrt_price_x96));
        perp += held.amount0;
        usd += held.amount1;
        funding = 0n;
      }
      const r = ratioFromE6(BigInt(p.liq_margin_ratio));
      const health =
        m.ema_amm_price_x96 === null
          ? null
          : takerHealth(
              { margin: atomsToHuman(BigInt(p.margin)), perpDelta: atomsToHuman(perp), usdDelta: atomsToHuman(usd), fundingOwed: atomsToHuman(funding) },
              x96ToPrice(BigInt(m.ema_amm_price_x96)),
              r,
              ratioFromE6(BigInt(m.liquidation_fee)),
            );
      const ratio = health?.marginRatio ?? null;
      if (ratio !== null && ratio.gt(r.times(new BigNumber(1).plus(buffer)))) continue;
      const size = BigInt(p.perp_delta) < 0n ? -BigInt(p.perp_delta) : BigInt(p.perp_delta);
      out.push({
        id: Number(p.id),
        perp_address: p.perp_address,
        is_maker: p.is_maker,
        amount: formatInteger(p.is_maker ? BigInt(p.liquidity) : size),
        margin_ratio: ratio === null ? null : formatDecimal(ratio),
        distance: health?.distanceToLiquidation ?? null,
        reward: health?.estimatedReward ?? null,
        as_of: m.ema_amm_price_x96 === null || m.as_of === null ? null : Number(m.as_of),
      });
    }
    return out;
  });
}

/** The DESIGN §4 sorts, written out again: uncomputable ratios last, then the key (nulls last), then id. */
function naiveSort(rows: Expected[], sort: Sort): Expected[] {
  const key = (e: Expected): BigNumber | null => (sort === 'most_underwater' ? e.distance : (e.reward?.negated() ?? null));
  return [...rows].sort((a, b) => {
    if ((a.margin_ratio === null) !== (b.margin_ratio === null)) return a.margin_ratio === null ? 1 : -1;
    const ka = key(a);
    const kb = key(b);
    if (ka === null && kb !== null) return 1;
    if (kb === null && ka !== null) return -1;
    if (ka !== null && kb !== null && !ka.eq(kb)) return ka.lt(kb) ? -1 : 1;
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
    const expected = naiveSort(await naiveCandidates(env, buffer, market), sort);
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
          distance_to_liquidation: e.distance === null ? null : formatDecimal(e.distance),
          estimated_reward: e.reward === null ? null : formatDecimal(e.reward),
          as_of: e.as_of,
          is_stale: e.as_of === null || now - e.as_of > STALE_AFTER,
        }),
      ),
    );
    // The data exercise every case: past the threshold, no ratio, takers and makers, fresh and unknown marks,
    // and with the wide buffer positions of the market whose indexing stopped 2 h ago (stale mark).
    if (!market) {
      expect(expected.some((e) => e.distance !== null && e.distance.lte(0))).toBe(true);
      expect(expected.some((e) => e.margin_ratio === null)).toBe(true);
      expect(expected.some((e) => e.is_maker) && expected.some((e) => !e.is_maker)).toBe(true);
      expect(actual.some((c) => c['is_stale'] === false)).toBe(true);
      expect(actual.some((c) => c['is_stale'] === true && c['as_of'] === null)).toBe(true);
      if (buffer === '1') expect(actual.some((c) => c['is_stale'] === true && c['as_of'] !== null)).toBe(true);
    }
  });

  it('reads candidates by range scans of the partial indexes, never a scan of positions', async () => {
    const repository = (apps.get('0.1') as NestFastifyApplication).get(PositionsRepository);
    const bounds = (await repository.marketsWithMarkTime()).map((m) => marketKeyBounds(m, 100_000));
    const params = [bounds.map((b) => b.perpAddress), bounds.map((b) => b.longMinKeyX96.toString()), bounds.map((b) => b.shortMaxKeyX96.toString())];
    const plan = await env.withIndex(async (c) => (await c.query(`EXPLAIN ${CANDIDATES_SQL}`, params)).rows.map((r) => r['QUERY PLAN'] as string).join('\n'));
    expect(plan).toContain('positions_liquidation_key_idx');
    expect(plan).toContain('positions_open_makers_idx');
    expect(plan).not.toMatch(/Seq Scan on positions/);
    // The mark snapshot of each market: one probe of the latest snapshot, not a scan of snapshots.
    const marks = await env.withIndex(async (c) =>
      (await c.query(`EXPLAIN ${MARKETS_WITH_MARK_TIME_SQL}`)).rows.map((r) => r['QUERY PLAN'] as string).join('\n'),
    );
    expect(marks).toContain('snapshots_market_time_idx');
    expect(marks).not.toMatch(/Seq Scan on snapshots/);
    // The range trims: far fewer takers read than are open.
    const read = (await repository.candidatePositions(bounds)).filter((p) => !p.isMaker).length;
    const openTakers = await env.withIndex(async (c) =>
      Number((await c.query(`SELECT count(*) AS n FROM positions WHERE NOT is_closed AND NOT is_maker`)).rows[0].n),
    );
    expect(read).toBeLessThan(openTakers / 4);
  });
});
