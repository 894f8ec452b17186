import { Client } from 'pg';
import {
  candidateKeyBounds,
  decodeMarketChainRow,
  decodePositionChainRow,
  liquidationKeyX96,
  liquidationMarkX96,
  markMarket,
  QUERY_PATHS,
  takerCumulatives,
  takerFigures,
} from '@perp/index-db';
import { getSqrtPriceAtTick, isCandidateE6, isLiquidatableAtoms, sqrtX96ToPrice, takerValPnl } from '@perp/x96-math';
import { tickAtSqrtPrice } from './tick-at-sqrt-price';

/** Every rule the simulator promises about its output, by id. */
export const INVARIANTS = {
  'liquidation-marks':
    'every open taker liq_mark_x96 equals the closed form, liq_key_x96 its candidate key with funding and util checkpoints (null for makers and closed positions)',
  'market-aggregates': 'open interest per side and total_margin equal the sums over open positions',
  'maker-depth': 'tick and liquidity equal what the open makers imply at the pool price, capacity the sum of their fixed capacities',
  'liquidations-past-threshold': 'every liquidated position was past its threshold at its close mark, with every fee it settled',
  'candidate-range': "the liquidation-key range scan returns every open taker the contract's test calls a candidate at the served mark (zero false negatives)",
  'trades-are-closes': 'trades are the closes of taker positions, one each, with the opposite perp delta',
  'snapshot-bounds': "every snapshot decodes to a price inside the market's bounds",
  'chronological-ids': 'position ids follow opening time',
  'source-series': 'source series: backfill, mirror and folded before the boundary, the chain index after it',
  'special-markets': 'special markets present: no snapshot, no ticker, inactive, stale mark',
  'taker-settlements':
    'every taker has one opening settlement row; a closed one realized its close trade usd plus its entry usd, and its close row settled the trade funding',
} as const;
export type InvariantId = keyof typeof INVARIANTS;

export interface InvariantResult {
  id: InvariantId;
  name: string;
  /** How many rows (or markets) the rule was evaluated on. */
  checked: number;
  /** The first violations, described; empty when the rule holds. */
  failures: string[];
}

const MAX_REPORTED = 10;
/** is_stale's default threshold (DESIGN section 4). */
const STALE_SECONDS = 300;

function result(id: InvariantId): InvariantResult {
  return { id, name: INVARIANTS[id], checked: 0, failures: [] };
}

function fail(r: InvariantResult, message: string): void {
  if (r.failures.length < MAX_REPORTED) r.failures.push(message);
  else if (r.failures.length === MAX_REPORTED) r.failures.push('...');
}

const big = (v: string | null): bigint | null => (v === null ? null : BigInt(v));

/** Funding owed in atoms, the simulator's and the indexer's convention (truncated toward zero). */
/** DESIGN's default candidate buffer (10 %), and a wide one (100 %) so that many positions are in range, 1e6-scaled. */
const CANDIDATE_BUFFERS_E6 = [100_000, 1_000_000];
const CANDIDATES_OF_A_MARKET = QUERY_PATHS.find((q) => q.name === 'liquidation candidates of a market');

/**
 * The simulator's promises about its own output, checked on the stores: the tests assert
 * that every list of failures is empty. `sampleMarkets` bounds the cross-store series check.
 */
export async function checkInvariants(indexUrl: string, sourceUrl: string, { sampleMarkets = Infinity } = {}): Promise<InvariantResult[]> {
  const index = new Client({ connectionString: indexUrl });
  const source = new Client({ connectionString: sourceUrl });
  await index.connect();
  await source.connect();
  try {
    const results: InvariantResult[] = [];
    const markets = (await index.query(`SELECT * FROM markets ORDER BY perp_address`)).rows;
    const byAddress = new Map(markets.map((m) => [m.perp_address as string, m]));

    // 1. Stored liquidation marks are the math lib's formula; makers and closed positions have none.
    {
      const r = result('liquidation-marks');
      const open = await index.query(`SELECT * FROM positions WHERE NOT is_closed AND NOT is_maker`);
      for (const p of open.rows) {
        r.checked++;
        const position = decodePositionChainRow(p);
        const expected = liquidationMarkX96(position, p.liq_margin_ratio);
        if (expected !== big(p.liq_mark_x96)) fail(r, `position ${p.id}: stored ${p.liq_mark_x96}, formula ${expected}`);
        const key = liquidationKeyX96(position, p.liq_margin_ratio);
        if (key !== big(p.liq_key_x96)) fail(r, `position ${p.id}: stored key ${p.liq_key_x96}, formula ${key}`);
      }
      const stray = await index.query(
        `SELECT id FROM positions WHERE (liq_mark_x96 IS NOT NULL OR liq_key_x96 IS NOT NULL) AND (is_maker OR is_closed) LIMIT ${MAX_REPORTED}`,
      );
      for (const p of stray.rows) fail(r, `position ${p.id}: a maker or closed position with a liquidation mark`);
      results.push(r);
    }

    // 2. Market aggregates equal the sums over open positions.
    {
      const r = result('market-aggregates');
      const sums = await index.query(
        `SELECT m.perp_address, m.open_interest_long, m.open_interest_short, m.total_margin,
                coalesce(sum(p.perp_delta) FILTER (WHERE NOT p.is_maker AND p.is_long), 0) AS long_sum,
                coalesce(sum(-p.perp_delta) FILTER (WHERE NOT p.is_maker AND NOT p.is_long), 0) AS short_sum,
                coalesce(sum(p.margin), 0) AS margin_sum
           FROM markets m LEFT JOIN positions p ON p.perp_address = m.perp_address AND NOT p.is_closed
          GROUP BY m.perp_address`,
      );
      for (const m of sums.rows) {
        r.checked++;
        if (BigInt(m.open_interest_long) !== BigInt(m.long_sum)) fail(r, `${m.perp_address}: open_interest_long ${m.open_interest_long} != ${m.long_sum}`);
        if (BigInt(m.open_interest_short) !== BigInt(m.short_sum)) fail(r, `${m.perp_address}: open_interest_short ${m.open_interest_short} != ${m.short_sum}`);
        if (BigInt(m.total_margin) !== BigInt(m.margin_sum)) fail(r, `${m.perp_address}: total_margin ${m.total_margin} != ${m.margin_sum}`);
      }
      results.push(r);
    }

    // 3. Pool state and depth equal what the open makers imply at the market's sqrt price.
    {
      const r = result('maker-depth');
      const makers = await index.query(
        `SELECT perp_address, tick_lower, tick_upper, liquidity, capacity_long, capacity_short FROM positions WHERE is_maker AND NOT is_closed`,
      );
      const byMarket = new Map<string, { tickLower: number; tickUpper: number; liquidity: bigint; capacityLong: bigint; capacityShort: bigint }[]>();
      for (const p of makers.rows) {
        const list = byMarket.get(p.perp_address) ?? [];
        list.push({
          tickLower: p.tick_lower,
          tickUpper: p.tick_upper,
          liquidity: BigInt(p.liquidity),
          capacityLong: BigInt(p.capacity_long),
          capacityShort: BigInt(p.capacity_short),
        });
        byMarket.set(p.perp_address, list);
      }
      for (const m of markets) {
        r.checked++;
        const sqrtP = BigInt(m.sqrt_price_x96);
        const tick = tickAtSqrtPrice(sqrtP);
        let liquidity = 0n;
        let capacityLong = 0n;
        let capacityShort = 0n;
        for (const p of byMarket.get(m.perp_address) ?? []) {
          if (p.tickLower <= tick && tick < p.tickUpper) liquidity += p.liquidity;
          capacityLong += p.capacityLong;
          capacityShort += p.capacityShort;
        }
        if (tick !== m.tick) fail(r, `${m.perp_address}: tick ${m.tick}, sqrt price says ${tick}`);
        if (liquidity !== BigInt(m.liquidity)) fail(r, `${m.perp_address}: liquidity ${m.liquidity} != ${liquidity}`);
        if (capacityLong !== BigInt(m.capacity_long)) fail(r, `${m.perp_address}: capacity_long ${m.capacity_long} != ${capacityLong}`);
        if (capacityShort !== BigInt(m.capacity_short)) fail(r, `${m.perp_address}: capacity_short ${m.capacity_short} != ${capacityShort}`);
      }
      results.push(r);
    }

    // 4. Liquidations happened past the threshold, judged at the close mark. The trade holds the funding settled and
    // util_fees (trading fees plus the util owed, which is at most that): with all of it taken off, the contract's test
    // must fail too, since equity only falls as fees rise.
    {
      const r = result('liquidations-past-threshold');
      const rows = await index.query(
        `SELECT p.id, p.margin, p.perp_delta, p.usd_delta, p.liq_margin_ratio, p.close_timestamp, t.mark_price_x96, t.funding, t.util_fees, t.timestamp
           FROM positions p JOIN trades t ON t.perp_address = p.perp_address AND t.pos_id = p.id AND t.was_liquidated WHERE p.was_liquidated`,
      );
      for (const p of rows.rows) {
        r.checked++;
        const { unrealizedPnl, positionValue } = takerValPnl(BigInt(p.perp_delta), BigInt(p.usd_delta), BigInt(p.mark_price_x96));
        const equity = BigInt(p.margin) - BigInt(p.funding) - BigInt(p.util_fees) + unrealizedPnl;
        if (!isLiquidatableAtoms(equity, positionValue, BigInt(p.liq_margin_ratio))) fail(r, `position ${p.id}: healthy at its liquidation mark`);
        if (Number(p.close_timestamp) !== (p.timestamp as Date).getTime() / 1000) fail(r, `position ${p.id}: close time differs from its trade's`);
      }
      const counts = await index.query(
        `SELECT (SELECT count(*) FROM positions WHERE was_liquidated)::int AS positions, (SELECT count(*) FROM trades WHERE was_liquidated)::int AS trades`,
      );
      if (counts.rows[0].positions !== counts.rows[0].trades || counts.rows[0].positions !== r.checked) {
        fail(r, `liquidated positions ${counts.rows[0].positions}, liquidation trades ${counts.rows[0].trades}, matched ${r.checked}`);
      }
      results.push(r);
    }

    // 5. The candidate range scan misses no position the contract's test calls a candidate at the served mark
    // (the fair price at the latest snapshot), with the buffer and without.
    {
      const r = result('candidate-range');
      if (!CANDIDATES_OF_A_MARKET) throw new Error('query path "liquidation candidates of a market" is missing');
      const open = await index.query(`SELECT * FROM positions WHERE NOT is_closed AND NOT is_maker`);
      const asOf = await index.query(
        `SELECT m.perp_address, (SELECT floor(extract(epoch FROM s."timestamp"))::bigint FROM snapshots s WHERE s.perp_address = m.perp_address
           ORDER BY s."timestamp" DESC, s.id DESC LIMIT 1) AS as_of FROM markets m`,
      );
      const asOfByMarket = new Map(asOf.rows.map((x) => [x.perp_address as string, x.as_of === null ? null : Number(x.as_of)]));
      let candidates = 0;
      let liquidatable = 0;
      for (const [m, buffer] of markets.flatMap((x) => CANDIDATE_BUFFERS_E6.map((b) => [x, b] as const))) {
        const market = decodeMarketChainRow(m);
        const marked = markMarket(market, asOfByMarket.get(m.perp_address) ?? null);
        if (marked === null) continue;
        const bounds = candidateKeyBounds(marked.markX96, takerCumulatives(marked), m.taker_liq_margin_ratio, buffer);
        const found = await index.query(CANDIDATES_OF_A_MARKET.sql, [
          m.perp_address,
          (bounds.longMinKeyX96 ?? -(10n ** 77n)).toString(),
          bounds.shortMaxKeyX96.toString(),
        ]);
        const ids = new Set(found.rows.map((p) => p.id as string));
        for (const p of open.rows.filter((x) => x.perp_address === m.perp_address)) {
          r.checked++;
          const health = takerFigures(marked, decodePositionChainRow(p));
          if (!isCandidateE6(health.marginRatioE6, BigInt(p.liq_margin_ratio), BigInt(buffer))) continue;
          candidates++;
          if (health.isLiquidatable) liquidatable++;
          if (!ids.has(p.id)) fail(r, `position ${p.id}: ratio ${health.marginRatioE6} (E6) is within a ${buffer / 1e4} % buffer, but the key range misses it`);
        }
      }
      if (candidates === 0 || liquidatable === 0) fail(r, `${candidates} candidates, ${liquidatable} liquidatable: the check proves nothing on this data`);
      results.push(r);
    }

    // 6. Trades are exactly the closes of taker positions.
    {
      const r = result('trades-are-closes');
      const bad = await index.query(
        `SELECT p.id, count(t.id)::int AS trades, bool_and(t.perp_delta = -p.perp_delta) AS opposite, bool_and(t.was_liquidated = p.was_liquidated) AS same_kind
           FROM positions p LEFT JOIN trades t ON t.perp_address = p.perp_address AND t.pos_id = p.id
          WHERE NOT p.is_maker AND p.is_closed GROUP BY p.perp_address, p.id
         HAVING count(t.id) <> 1 OR NOT bool_and(t.perp_delta = -p.perp_delta) OR NOT bool_and(t.was_liquidated = p.was_liquidated)
          LIMIT ${MAX_REPORTED}`,
      );
      for (const p of bad.rows) fail(r, `position ${p.id}: ${p.trades} trades, opposite delta ${p.opposite}, same kind ${p.same_kind}`);
      const orphans = await index.query(
        `SELECT t.id FROM trades t JOIN positions p ON p.perp_address = t.perp_address AND p.id = t.pos_id WHERE p.is_maker OR NOT p.is_closed LIMIT ${MAX_REPORTED}`,
      );
      for (const t of orphans.rows) fail(r, `trade ${t.id}: not the close of a closed taker`);
      r.checked = (await index.query(`SELECT count(*)::int AS n FROM trades`)).rows[0].n;
      results.push(r);
    }

    // 7. Snapshot prices stay inside the market's bounds.
    {
      const r = result('snapshot-bounds');
      const ranges = await index.query(
        `SELECT perp_address, min(amm_price_x96) AS lo, max(amm_price_x96) AS hi, count(*)::int AS n FROM snapshots GROUP BY perp_address`,
      );
      for (const s of ranges.rows) {
        const m = byAddress.get(s.perp_address);
        if (!m) {
          fail(r, `${s.perp_address}: snapshots of an unknown market`);
          continue;
        }
        r.checked += s.n;
        const lowest = sqrtX96ToPrice(getSqrtPriceAtTick(m.min_tick));
        const highest = sqrtX96ToPrice(getSqrtPriceAtTick(m.max_tick));
        if (sqrtX96ToPrice(BigInt(s.lo)).lt(lowest) || sqrtX96ToPrice(BigInt(s.hi)).gt(highest)) {
          fail(
            r,
            `${s.perp_address}: prices ${sqrtX96ToPrice(BigInt(s.lo)).toFixed(6)}..${sqrtX96ToPrice(BigInt(s.hi)).toFixed(6)} outside ${lowest.toFixed(6)}..${highest.toFixed(6)}`,
          );
        }
      }
      results.push(r);
    }

    // 8. Position ids are chronological within each market, as on chain (nextPosId of each Perp).
    {
      const r = result('chronological-ids');
      const bad = await index.query(
        `SELECT perp_address, id FROM (SELECT perp_address, id, open_timestamp < lag(open_timestamp) OVER (PARTITION BY perp_address ORDER BY id) AS early FROM positions) x WHERE early LIMIT ${MAX_REPORTED}`,
      );
      for (const p of bad.rows) fail(r, `position ${p.id} of ${p.perp_address} opened before its predecessor`);
      r.checked = (await index.query(`SELECT count(*)::int AS n FROM positions`)).rows[0].n;
      results.push(r);
    }

    // 9. The source series: provenances split by the boundary, gaps in the index, the chain's index after it.
    {
      const r = result('source-series');
      const boundaries = new Map(
        (await source.query(`SELECT perp_address, boundary_ts FROM market_boundaries`)).rows.map((b) => [b.perp_address as string, b.boundary_ts as Date]),
      );
      let sampled = 0;
      for (const m of markets) {
        const boundary = boundaries.get(m.perp_address);
        if (!boundary) {
          fail(r, `${m.perp_address}: no boundary`);
          continue;
        }
        const origins = await source.query(`SELECT origin, ts >= $2 AS after, count(*)::int AS n FROM measurements WHERE perp_address = $1 GROUP BY 1, 2`, [
          m.perp_address,
          boundary,
        ]);
        r.checked += origins.rows.reduce((a, o) => a + o.n, 0);
        for (const o of origins.rows) {
          if ((o.origin === 'chain') !== o.after) fail(r, `${m.perp_address}: ${o.n} ${o.origin} points ${o.after ? 'at or after' : 'before'} the boundary`);
        }
        const before = new Set(origins.rows.filter((o) => !o.after).map((o) => o.origin));
        for (const origin of ['backfill', 'mirror', 'folded']) if (!before.has(origin)) fail(r, `${m.perp_address}: no ${origin} points`);
        if (sampled++ >= sampleMarkets) continue;
        const chain = await source.query(`SELECT ts, index_x96 FROM measurements WHERE perp_address = $1 AND origin = 'chain'`, [m.perp_address]);
        const snapshots = await index.query(`SELECT "timestamp", index_price_x96 FROM snapshots WHERE perp_address = $1 AND "timestamp" >= $2`, [
          m.perp_address,
          boundary,
        ]);
        const onChain = new Map(snapshots.rows.map((s) => [(s.timestamp as Date).getTime(), s.index_price_x96 as string | null]));
        for (const point of chain.rows) {
          const expected = onChain.get((point.ts as Date).getTime()) ?? null;
          if (expected !== point.index_x96)
            fail(r, `${m.perp_address} at ${(point.ts as Date).toISOString()}: chain point ${point.index_x96}, snapshot ${expected}`);
        }
      }
      const gaps = await source.query(
        `SELECT count(*) FILTER (WHERE index_x96 IS NULL)::int AS nulls, count(*) FILTER (WHERE index_x96 <= 0)::int AS non_positive FROM measurements WHERE origin <> 'chain'`,
      );
      if (gaps.rows[0].nulls === 0 || gaps.rows[0].non_positive === 0)
        fail(r, `source ticks without an index: ${gaps.rows[0].nulls} null, ${gaps.rows[0].non_positive} non-positive`);
      results.push(r);
    }

    // 10. The cases a client must handle are all present.
    {
      const r = result('special-markets');
      const specials = await index.query(
        `SELECT
           (SELECT count(*) FROM markets m WHERE NOT EXISTS (SELECT 1 FROM snapshots s WHERE s.perp_address = m.perp_address))::int AS unsnapshotted,
           (SELECT count(*) FROM markets WHERE ticker IS NULL)::int AS no_ticker,
           (SELECT count(*) FROM markets m WHERE open_interest_long + open_interest_short = 0 AND liquidity = 0
               AND EXISTS (SELECT 1 FROM positions p WHERE p.perp_address = m.perp_address))::int AS inactive,
           (SELECT count(*) FROM markets m
             WHERE EXISTS (SELECT 1 FROM positions p WHERE p.perp_address = m.perp_address AND NOT p.is_closed)
               AND (SELECT max("timestamp") FROM snapshots s WHERE s.perp_address = m.perp_address)
                   < (SELECT max("timestamp") FROM snapshots) - make_interval(secs => ${STALE_SECONDS}))::int AS stale`,
      );
      r.checked = markets.length;
      for (const [kind, n] of Object.entries(specials.rows[0])) if (n === 0) fail(r, `no ${kind} market`);
      results.push(r);
    }
    // 11. The settlement rows market-data sums (realized_pnl, net_funding) agree with the positions and their close trades.
    {
      const r = result('taker-settlements');
      const rows = await index.query(
        `SELECT p.id, p.perp_address, p.is_closed, p.usd_delta, t.usd_delta AS close_usd, t.funding AS close_funding,
                s.openings, s.realized, s.last_funding
           FROM positions p
           LEFT JOIN trades t ON t.perp_address = p.perp_address AND t.pos_id = p.id
           CROSS JOIN LATERAL (
             SELECT count(*) FILTER (WHERE opened)::int AS openings, sum(realized_pnl)::text AS realized,
                    (array_agg(funding::text ORDER BY id DESC))[1] AS last_funding
               FROM position_settlements x WHERE x.perp_address = p.perp_address AND x.pos_id = p.id) s
          WHERE NOT p.is_maker`,
      );
      for (const p of rows.rows) {
        r.checked++;
        if (p.openings !== 1) fail(r, `position ${p.perp_address}/${p.id}: ${p.openings} opening rows`);
        if (!p.is_closed) continue;
        const expected = BigInt(p.close_usd) + BigInt(p.usd_delta);
        if (big(p.realized) !== expected) fail(r, `position ${p.perp_address}/${p.id}: realized ${p.realized}, close + entry usd ${expected}`);
        if (p.last_funding !== p.close_funding) fail(r, `position ${p.perp_address}/${p.id}: close row funding ${p.last_funding}, trade ${p.close_funding}`);
      }
      results.push(r);
    }

    return results;
  } finally {
    await index.end();
    await source.end();
  }
}
