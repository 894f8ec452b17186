/**
 * Ceiling (b) of bench:market: the benchmarked routes written by hand on plain Fastify and a
 * `pg` Pool (the service's index pool size), running the SQL the service runs
 * (apps/market-data/src/markets/markets.repository.ts, markets-list-sql.ts,
 * positions/positions.repository.ts) and serialising the same shapes with the same math
 * lib, ETag and cache headers included; no Nest, no TypeORM, no validation pipe, no guard.
 * No cache either: it answers every request from the database. Only the query shapes the
 * benchmark sends (the routes' defaults, `holder` on /positions and /trades) are supported; the
 * benchmark checks that each answer equals the service's before it measures.
 *
 * Runs as its own process: INDEX_DATABASE_URL, PORT, optional STALE_AFTER_SECONDS and
 * CANDIDATE_BUFFER_E6 (the service's defaults, 300 s and 0.10).
 */
import { createHash } from 'node:crypto';
import Fastify, { FastifyReply } from 'fastify';
import { Pool } from 'pg';
import {
  CandleApiRow,
  candlesPageSql,
  candlesWithOpenInterest,
  candlesTotalSql,
  candidateKeyBounds,
  decodeClosedPositionFigures,
  decodeMarketChainRow,
  decodePositionChainRow,
  decodeTickChainRow,
  MARK_AS_OF_SQL,
  MARKET_CHAIN_COLUMNS,
  MARKET_STATE_COLUMNS,
  marketApiColumns,
  MarkedMarket,
  markMarket,
  makerFigures,
  MarketChainRow,
  POSITION_COLUMNS,
  POSITION_SETTLEMENT_COLUMNS,
  POSITION_SETTLEMENT_JOIN,
  POSITION_TICK_JOINS,
  TAKER_POSITION_COLUMNS,
  takerCumulatives,
  takerFigures,
} from '@perp/index-db';
import {
  atomsText,
  atomsToHuman,
  estimatedRewardAtoms,
  formatDecimal,
  formatInteger,
  fundingPerDayFromE18,
  isCandidateE6,
  ratioFromE6,
  sqrtX96PriceText,
  sqrtX96ToPrice,
  toDecimal,
  x96PriceText,
  x96ToPrice,
  makerLiquidationMarkX96,
  takerLiquidationMarkX96,
} from '@perp/x96-math';

type Row = Record<string, unknown>;

const pool = new Pool({ connectionString: process.env['INDEX_DATABASE_URL'], max: 10, statement_timeout: 10_000 });
const staleAfterSeconds = Number(process.env['STALE_AFTER_SECONDS'] ?? 300);
const bufferE6 = Number(process.env['CANDIDATE_BUFFER_E6'] ?? 100_000);

// ---------------------------------------------------------------- decoding (market-decimals.ts)
const str = (v: unknown) => v as string;
const atomsDec = (v: unknown) => formatDecimal(atomsToHuman(BigInt(str(v))));
const x96PriceDecOrNull = (v: unknown) => (v === null ? null : formatDecimal(x96ToPrice(BigInt(str(v)))));
const sqrtPrice = (v: unknown) => sqrtX96ToPrice(BigInt(str(v)));
const integerDec = (v: unknown) => formatDecimal(BigInt(v as string | number));
const fundingDailyDecOrNull = (v: unknown) => (v === null ? null : formatDecimal(fundingPerDayFromE18(BigInt(str(v)))));
const ratioDec = (v: unknown) => formatDecimal(ratioFromE6(BigInt(v as string | number)));
const intOrNull = (v: unknown) => (v === null ? null : Number(v));
const indexX96OrNull = (v: unknown) => (v === null || BigInt(str(v)) <= 0n ? null : v);
const lower = (v: unknown) => str(v).toLowerCase();

function market(r: Row) {
  const address = lower(r['perp_address']);
  return {
    perp_address: address,
    perp: address,
    beacon_address: lower(r['beacon_address']),
    owner: lower(r['owner']),
    name: r['name'],
    symbol: r['symbol'],
    token_uri: r['token_uri'],
    pool_id: lower(r['pool_id']),
    pricing_module: lower(r['pricing_module']),
    funding_module: lower(r['funding_module']),
    fees_module: lower(r['fees_module']),
    margin_ratios_module: lower(r['margin_ratios_module']),
    price_impact_module: lower(r['price_impact_module']),
    ema_window: integerDec(r['ema_window']),
    protocol_fee: ratioDec(r['protocol_fee']),
    mark_price: x96PriceDecOrNull(r['ema_amm_price_x96']),
    index_price: x96PriceDecOrNull(r['ema_index_price_x96']),
    funding_rate_daily: fundingDailyDecOrNull(r['funding_per_day']),
    open_interest_long: atomsDec(r['open_interest_long']),
    open_interest_short: atomsDec(r['open_interest_short']),
    capacity_long: atomsDec(r['capacity_long']),
    capacity_short: atomsDec(r['capacity_short']),
    liquidity: integerDec(r['liquidity']),
    tick: r['tick'],
    insurance: atomsDec(r['insurance']),
    bad_debt: atomsDec(r['bad_debt']),
    total_margin: atomsDec(r['total_margin']),
    created_at: intOrNull(r['created_at']),
    last_touched_at: intOrNull(r['last_touched_at']),
    description: r['description'],
    photo_url: r['photo_url'],
    data_source: r['data_source'],
    card_label: r['card_label'],
    ticker: r['ticker'],
  };
}

function snapshot(r: Row, prefix = '') {
  const address = lower(r[`${prefix}perp_address`] ?? r['perp_address']);
  return {
    id: Number(r[`${prefix}id`]),
    timestamp: (r[`${prefix}timestamp`] as Date).toISOString(),
    perp_address: address,
    perp: address,
    amm_price_x96: integerDec(r[`${prefix}amm_price_x96`]),
    mark_price: formatDecimal(sqrtPrice(r[`${prefix}amm_price_x96`])),
  };
}

function live(r: Row) {
  const address = lower(r['perp_address']);
  const marked = markMarket(decodeMarketChainRow(r, 'c_'), Math.floor((r['s_timestamp'] as Date).getTime() / 1000));
  return {
    perp_address: address,
    perp: address,
    mark_price: marked === null ? formatDecimal(sqrtPrice(r['s_amm_price_x96'])) : formatDecimal(x96ToPrice(marked.markX96)),
    index_price: x96PriceDecOrNull(indexX96OrNull(r['s_index_price_x96'])),
    funding_rate_daily: fundingDailyDecOrNull(r['funding_per_day']),
    timestamp: (r['s_timestamp'] as Date).toISOString(),
  };
}

const page = (items: unknown[], total: number, limit: number, offset: number) => ({ items, total, limit, offset, has_more: offset + items.length < total });

/** As the service's HttpCacheInterceptor (market routes): strong ETag of the JSON body, Cache-Control, Vary. Without a policy (position routes): plain JSON. */
function send(reply: FastifyReply, body: unknown, cacheControl?: string): string {
  const json = JSON.stringify(body);
  void reply.header('content-type', 'application/json; charset=utf-8');
  if (cacheControl === undefined) return json;
  const etag = `"${createHash('sha256').update(json).digest('base64url').slice(0, 32)}"`;
  void reply.header('etag', etag).header('cache-control', cacheControl).header('vary', 'X-API-Key');
  return json;
}

const notFound = (reply: FastifyReply, detail: string) => reply.code(404).send({ detail });

// ---------------------------------------------------------------- markets (markets.repository.ts)
const MARKET_WITH_SNAPSHOT_SQL = `SELECT ${marketApiColumns('m')}, ${MARKET_CHAIN_COLUMNS.map((c) => `m.${c} AS c_${c}`).join(', ')}, s.id AS s_id, s."timestamp" AS s_timestamp, s.amm_price_x96 AS s_amm_price_x96, s.index_price_x96 AS s_index_price_x96
         FROM markets m
         LEFT JOIN LATERAL (
           SELECT id, "timestamp", amm_price_x96, index_price_x96 FROM snapshots
           WHERE perp_address = m.perp_address ORDER BY "timestamp" DESC, id DESC LIMIT 1
         ) s ON true
         WHERE m.perp_address = $1`;

const PRICE_WINDOW_SQL = `SELECT m.perp_address, w.first, w.last, w.low, w.high
         FROM markets m
         LEFT JOIN LATERAL (
           SELECT l.amm_price_x96 AS last, r.low, r.high,
             (SELECT f.amm_price_x96 FROM snapshots f
              WHERE f.perp_address = m.perp_address AND f."timestamp" >= l."timestamp" - interval '24 hours'
              ORDER BY f."timestamp" ASC, f.id ASC LIMIT 1) AS first
           FROM (SELECT "timestamp", amm_price_x96 FROM snapshots
                 WHERE perp_address = m.perp_address ORDER BY "timestamp" DESC, id DESC LIMIT 1) l
           CROSS JOIN LATERAL (
             SELECT min(amm_price_x96) AS low, max(amm_price_x96) AS high FROM snapshots
             WHERE perp_address = m.perp_address AND "timestamp" >= l."timestamp" - interval '24 hours' AND "timestamp" <= l."timestamp"
           ) r
         ) w ON true
         WHERE m.perp_address = $1`;

const app = Fastify({ logger: false, routerOptions: { maxParamLength: 256 } });

app.get('/markets', async (_request, reply) => {
  const [rows, count] = await Promise.all([
    pool.query(`SELECT ${marketApiColumns()} FROM markets  ORDER BY created_at DESC NULLS LAST, perp_address ASC LIMIT $1 OFFSET $2`, [100, 0]),
    pool.query('SELECT count(*) AS total FROM markets ', []),
  ]);
  return send(reply, page(rows.rows.map(market), Number(count.rows[0].total), 100, 0), 'private, no-cache');
});

app.get<{ Params: { a: string } }>('/markets/:a', async (request, reply) => {
  const { rows } = await pool.query(MARKET_WITH_SNAPSHOT_SQL, [request.params.a.toLowerCase()]);
  if (rows.length === 0) return notFound(reply, 'Market not found');
  const r = rows[0];
  const hasSnapshot = r.s_id !== null;
  return send(reply, { market: market(r), latest_snapshot: hasSnapshot ? snapshot(r, 's_') : null, live: hasSnapshot ? live(r) : null }, 'private, max-age=1');
});

app.get<{ Params: { a: string } }>('/markets/:a/live', async (request, reply) => {
  const { rows } = await pool.query(MARKET_WITH_SNAPSHOT_SQL, [request.params.a.toLowerCase()]);
  if (rows.length === 0) return notFound(reply, 'Market not found');
  if (rows[0].s_id === null) return notFound(reply, 'No live data for market');
  return send(reply, live(rows[0]), 'private, max-age=1');
});

app.get<{ Params: { a: string } }>('/markets/:a/stats', async (request, reply) => {
  const { rows } = await pool.query(PRICE_WINDOW_SQL, [request.params.a.toLowerCase()]);
  if (rows.length === 0) return notFound(reply, 'Market not found');
  const { perp_address, first, last, low, high } = rows[0];
  if (first === null) return notFound(reply, 'No live data for market');
  const f = BigInt(first);
  const l = BigInt(last);
  const percent = toDecimal((l * l - f * f) * 100n).div(toDecimal(f * f));
  const address = lower(perp_address);
  return send(
    reply,
    {
      perp_address: address,
      perp: address,
      price_24h_high: formatDecimal(sqrtPrice(high)),
      price_24h_low: formatDecimal(sqrtPrice(low)),
      price_24h_change: formatDecimal(sqrtPrice(last).minus(sqrtPrice(first))),
      price_24h_change_percent: formatDecimal(percent),
    },
    'private, max-age=1',
  );
});

app.get<{ Params: { a: string } }>('/markets/:a/snapshots', async (request, reply) => {
  const address = request.params.a.toLowerCase();
  const [rows, count] = await Promise.all([
    pool.query(
      'SELECT id, "timestamp", perp_address, amm_price_x96, index_price_x96 FROM snapshots WHERE perp_address = $1 ORDER BY "timestamp" DESC, id DESC LIMIT $2 OFFSET $3',
      [address, 100, 0],
    ),
    pool.query('SELECT EXISTS (SELECT 1 FROM markets WHERE perp_address = $1) AS found, (SELECT count(*) FROM snapshots WHERE perp_address = $1) AS total', [
      address,
    ]),
  ]);
  if (!count.rows[0].found) return notFound(reply, 'Market not found');
  return send(
    reply,
    page(
      rows.rows.map((r) => snapshot(r)),
      Number(count.rows[0].total),
      100,
      0,
    ),
    'private, no-cache',
  );
});

// ---------------------------------------------------------------- fills (fills/fills-sql.ts, fill-views.ts)
const atomsDecOrNull = (v: unknown) => (v === null ? null : atomsDec(v));
const FILLS_FROM = 'FROM positions p JOIN trades t ON t.perp_address = p.perp_address AND t.pos_id = p.id WHERE p.holder = $1';

app.get<{ Querystring: { holder?: string } }>('/trades', async (request, reply) => {
  const holder = (request.query.holder ?? '').toLowerCase();
  const [rows, count] = await Promise.all([
    pool.query(
      `SELECT t.id, t."timestamp", t.perp_address, t.pos_id, t.was_liquidated, t.perp_delta, t.usd_delta, t.mark_price_x96, t.funding, t.util_fees, t.liq_fee, p.holder, p.is_long ${FILLS_FROM} ORDER BY t."timestamp" DESC, t.id DESC LIMIT $2 OFFSET $3`,
      [holder, 50, 0],
    ),
    pool.query(`SELECT count(*) AS total ${FILLS_FROM}`, [holder]),
  ]);
  const items = rows.rows.map((r: Row) => ({
    id: Number(r['id']),
    timestamp: (r['timestamp'] as Date).toISOString(),
    perp_address: lower(r['perp_address']),
    pos_id: Number(r['pos_id']),
    holder: lower(r['holder']),
    is_long: r['is_long'],
    was_liquidated: r['was_liquidated'],
    perp_delta: atomsDec(r['perp_delta']),
    usd_delta: atomsDec(r['usd_delta']),
    mark_price: x96PriceDecOrNull(r['mark_price_x96']),
    funding: atomsDecOrNull(r['funding']),
    util_fees: atomsDecOrNull(r['util_fees']),
    liq_fee: atomsDecOrNull(r['liq_fee']),
  }));
  return send(reply, page(items, Number(count.rows[0].total), 50, 0), 'private, no-cache');
});

// The candles of the benchmark's query (resolution=1m&limit=1000): the rollup read as candles.repository.ts reads it.
const textOrNull = (f: (x: bigint) => string) => (v: unknown) => (v === null ? null : f(BigInt(str(v))));
const sqrtDecOrNull = textOrNull(sqrtX96PriceText);
const indexDecOrNull = textOrNull(x96PriceText);
const atomsDecOrNullText = textOrNull(atomsText);
app.get<{ Params: { a: string } }>('/markets/:a/candles', async (request, reply) => {
  const address = request.params.a.toLowerCase();
  const [rows, count] = await Promise.all([
    pool.query(candlesPageSql('perp_address = $1 AND resolution = $2', 3, 4), [address, 60, 1000, 0]),
    pool.query(candlesTotalSql('true', 'true'), [address, 60]),
  ]);
  if (!count.rows[0].found) return notFound(reply, 'Market not found');
  return send(
    reply,
    page(
      candlesWithOpenInterest(rows.rows).map((r: CandleApiRow) => ({
        timestamp: (r['bucket'] as Date).toISOString(),
        perp_address: address,
        resolution: '1m',
        open: sqrtDecOrNull(r['open_sqrt_x96']),
        high: sqrtDecOrNull(r['high_sqrt_x96']),
        low: sqrtDecOrNull(r['low_sqrt_x96']),
        close: sqrtDecOrNull(r['close_sqrt_x96']),
        index_open: indexDecOrNull(r['open_index_x96']),
        index_high: indexDecOrNull(r['high_index_x96']),
        index_low: indexDecOrNull(r['low_index_x96']),
        index_close: indexDecOrNull(r['close_index_x96']),
        volume_usd: atomsText(BigInt(str(r['volume_usd']))),
        volume_perps: atomsText(BigInt(str(r['volume_perps']))),
        trade_count: Number(r['trade_count']),
        open_interest_long: atomsDecOrNullText(r['open_interest_long']),
        open_interest_short: atomsDecOrNullText(r['open_interest_short']),
      })),
      Number(count.rows[0].total),
      1000,
      0,
    ),
    'private, no-cache',
  );
});

// ---------------------------------------------------------------- positions (positions.repository.ts, position-figures.ts)
interface MarketState {
  perpAddress: string;
  chain: MarketChainRow;
  takerRatioE6: number;
  feeE6: number;
  asOf: number | null;
  marked: MarkedMarket | null;
}

const marketState = (r: Row): MarketState => {
  const chain = decodeMarketChainRow(r, 'm_');
  const asOf = intOrNull(r['m_mark_as_of'] ?? null);
  return {
    perpAddress: str(r['m_perp_address']),
    chain,
    takerRatioE6: Number(r['m_taker_liq_margin_ratio']),
    feeE6: Number(r['m_liquidation_fee']),
    asOf,
    marked: markMarket(chain, asOf),
  };
};

interface Health {
  markX96: bigint | null;
  equity: bigint | null;
  pnl: bigint | null;
  value: bigint | null;
  ratioE6: bigint | null;
  reward: bigint | null;
  /** The legs a move of the mark leaves alone (settledMargin), for the liquidation price. */
  settled: bigint | null;
}
const NO_HEALTH: Health = { markX96: null, equity: null, pnl: null, value: null, ratioE6: null, reward: null, settled: null };

function health(p: Row, m: MarketState): Health {
  if (p['is_closed'] || m.marked === null) return NO_HEALTH;
  const chain = decodePositionChainRow(p);
  const fee = BigInt(m.feeE6);
  if (!p['is_maker']) {
    const h = takerFigures(m.marked, chain);
    return {
      markX96: m.marked.markX96,
      equity: h.equity,
      pnl: h.unrealizedPnl,
      value: h.positionValue,
      ratioE6: chain.perpDelta === 0n ? null : h.marginRatioE6,
      reward: estimatedRewardAtoms(h.equity, h.positionValue, fee),
      settled: h.settledMargin,
    };
  }
  const lower = decodeTickChainRow(p, 'tl_');
  const upper = decodeTickChainRow(p, 'tu_');
  if (lower === null || upper === null) return { ...NO_HEALTH, markX96: m.marked.markX96 };
  const f = makerFigures(m.marked, m.chain, chain, { lower, upper });
  return {
    markX96: m.marked.markX96,
    equity: f.equity,
    pnl: f.unrealizedPnl,
    value: f.positionValue,
    ratioE6: f.marginRatioE6,
    reward: estimatedRewardAtoms(f.equity, f.positionValue, fee),
    settled: f.settledMargin,
  };
}

/** The mark where the test flips, every other input held (x96-math's searches), decoded like the mark; null without one. */
function liquidationPrice(p: Row, h: Health): string | null {
  if (h.markX96 === null || h.settled === null) return null;
  const { perpDelta, usdDelta, tickLower, tickUpper, liquidity, liqMarginRatioE6 } = decodePositionChainRow(p);
  const ratio = BigInt(liqMarginRatioE6);
  let x96: bigint | null;
  if (!p['is_maker']) {
    x96 = takerLiquidationMarkX96(h.settled, perpDelta, usdDelta, ratio);
    if (x96 === 0n && perpDelta < 0n) x96 = null; // a short failing at 0 fails everywhere
  } else {
    x96 =
      tickLower === null || tickUpper === null || liquidity === null
        ? null
        : makerLiquidationMarkX96({ settledMargin: h.settled, perpDelta, usdDelta, tickLower, tickUpper, liquidity, liqMarginRatioE6: ratio }, h.markX96);
  }
  return x96 === null ? null : formatDecimal(x96ToPrice(x96));
}

const atomsOrNull = (v: bigint | null) => (v === null ? null : formatDecimal(atomsToHuman(v)));
const ratioOrNull = (v: bigint | null) => (v === null ? null : formatDecimal(ratioFromE6(v)));

function position(p: Row, h: Health) {
  return {
    id: Number(p['id']),
    open_timestamp: Number(p['open_timestamp']),
    perp_address: p['perp_address'],
    perp: p['perp_address'],
    holder: p['holder'],
    is_maker: p['is_maker'],
    is_long: p['is_long'],
    is_closed: p['is_closed'],
    close_timestamp: intOrNull(p['close_timestamp']),
    was_liquidated: p['was_liquidated'],
    margin: atomsDec(p['margin']),
    perp_delta: atomsDec(p['perp_delta']),
    usd_delta: atomsDec(p['usd_delta']),
    avg_entry_amm_price_x96: p['avg_entry_amm_price_x96'] === null ? null : formatDecimal(BigInt(str(p['avg_entry_amm_price_x96']))),
    liq_margin_ratio: ratioDec(p['liq_margin_ratio']),
    backstop_margin_ratio: ratioDec(p['backstop_margin_ratio']),
    current_mark_price: h.markX96 === null ? null : formatDecimal(x96ToPrice(h.markX96)),
    unrealized_pnl: atomsOrNull(h.pnl),
    effective_margin: atomsOrNull(h.equity),
    liquidation_price: liquidationPrice(p, h),
    ...closedFigures(p),
  };
}

/** realized_pnl and net_funding, from the settlement sums the page's statement joined. */
function closedFigures(p: Row) {
  const closed = decodeClosedPositionFigures(p, { isClosed: p['is_closed'] as boolean, isMaker: p['is_maker'] as boolean });
  return { realized_pnl: atomsOrNull(closed.realizedPnl), net_funding: atomsOrNull(closed.netFunding) };
}

app.get<{ Querystring: { holder?: string } }>('/positions', async (request, reply) => {
  const holder = request.query.holder?.toLowerCase();
  const params = holder === undefined ? [] : [holder];
  const where = holder === undefined ? '' : 'WHERE p.holder = $1';
  const n = params.length;
  const [rows, count] = await Promise.all([
    pool.query(
      `WITH page AS (SELECT p.id, p.perp_address FROM positions p ${where} ORDER BY p.id, p.perp_address LIMIT $${n + 1} OFFSET $${n + 2}),` +
        ` marked AS MATERIALIZED (SELECT ${MARKET_STATE_COLUMNS}, ${MARK_AS_OF_SQL} AS m_mark_as_of FROM markets m WHERE m.perp_address IN (SELECT DISTINCT perp_address FROM page))` +
        ` SELECT ${POSITION_COLUMNS}, ${POSITION_SETTLEMENT_COLUMNS}, marked.* FROM page JOIN positions p ON p.perp_address = page.perp_address AND p.id = page.id JOIN marked ON marked.m_perp_address = p.perp_address ${POSITION_TICK_JOINS} ${POSITION_SETTLEMENT_JOIN} ORDER BY p.id, p.perp_address`,
      [...params, 100, 0],
    ),
    pool.query(`SELECT count(*) AS total FROM positions p ${where}`, params),
  ]);
  const markets = new Map<string, MarketState>();
  const items = rows.rows.map((r) => {
    let m = markets.get(str(r['m_perp_address']));
    if (!m) markets.set(str(r['m_perp_address']), (m = marketState(r)));
    return position(r, health(r, m));
  });
  return send(reply, page(items, Number(count.rows[0].total), 100, 0));
});

const EVERY_KEY = 10n ** 77n;
const CANDIDATES_SQL =
  `SELECT c.* FROM unnest($1::varchar[], $2::numeric[], $3::numeric[]) AS b(perp_address, long_min, short_max) CROSS JOIN LATERAL (` +
  [
    `SELECT ${TAKER_POSITION_COLUMNS} FROM positions p WHERE p.perp_address = b.perp_address AND NOT p.is_closed AND NOT p.is_maker AND p.is_long AND p.liq_key_x96 >= b.long_min`,
    `SELECT ${TAKER_POSITION_COLUMNS} FROM positions p WHERE p.perp_address = b.perp_address AND NOT p.is_closed AND NOT p.is_maker AND NOT p.is_long AND p.liq_key_x96 <= b.short_max`,
    `SELECT ${TAKER_POSITION_COLUMNS} FROM positions p WHERE p.perp_address = b.perp_address AND NOT p.is_closed AND NOT p.is_maker AND p.liq_key_x96 IS NULL`,
    `SELECT ${POSITION_COLUMNS} FROM positions p ${POSITION_TICK_JOINS} WHERE p.perp_address = b.perp_address AND NOT p.is_closed AND p.is_maker`,
  ].join(' UNION ALL ') +
  `) c`;
const MARKETS_WITH_MARK_TIME_SQL = `SELECT ${MARKET_STATE_COLUMNS}, ${MARK_AS_OF_SQL} AS m_mark_as_of FROM markets m ORDER BY m.perp_address`;

const cmp = (a: bigint, b: bigint) => (a < b ? -1 : a > b ? 1 : 0);

app.get('/positions/liquidatable', async (_request, reply) => {
  const markets = (await pool.query(MARKETS_WITH_MARK_TIME_SQL)).rows.map(marketState);
  const byAddress = new Map(markets.map((m) => [m.perpAddress, m]));
  const bounds = markets.map((m) => {
    if (m.marked === null) return { longMinKeyX96: -EVERY_KEY, shortMaxKeyX96: EVERY_KEY };
    const b = candidateKeyBounds(m.marked.markX96, takerCumulatives(m.marked), m.takerRatioE6, bufferE6);
    return { longMinKeyX96: b.longMinKeyX96 ?? -EVERY_KEY, shortMaxKeyX96: b.shortMaxKeyX96 };
  });
  const rows =
    markets.length === 0
      ? []
      : (
          await pool.query(CANDIDATES_SQL, [
            markets.map((m) => m.perpAddress),
            bounds.map((b) => b.longMinKeyX96.toString()),
            bounds.map((b) => b.shortMaxKeyX96.toString()),
          ])
        ).rows;
  const candidates: { p: Row; m: MarketState; h: Health; id: bigint; liq: bigint }[] = [];
  for (const p of rows) {
    const m = byAddress.get(str(p['perp_address']));
    if (!m) continue;
    const h = health(p, m);
    const liq = BigInt(p['liq_margin_ratio'] as number);
    if (h.ratioE6 === null || isCandidateE6(h.ratioE6, liq, BigInt(bufferE6))) candidates.push({ p, m, h, id: BigInt(str(p['id'])), liq });
  }
  // Ties by (id, perp_address): ids are local to each perp.
  const byId = (a: { id: bigint; m: MarketState }, b: { id: bigint; m: MarketState }) =>
    cmp(a.id, b.id) || (a.m.perpAddress < b.m.perpAddress ? -1 : a.m.perpAddress > b.m.perpAddress ? 1 : 0);
  candidates.sort((a, b) => {
    if (a.h.ratioE6 === null || b.h.ratioE6 === null) return a.h.ratioE6 === b.h.ratioE6 ? byId(a, b) : a.h.ratioE6 === null ? 1 : -1;
    const key = cmp(a.h.ratioE6 - a.liq, b.h.ratioE6 - b.liq);
    return key !== 0 ? key : byId(a, b);
  });
  const now = Math.floor(Date.now() / 1000);
  const items = candidates.slice(0, 100).map(({ p, m, h, liq: liqE6 }) => {
    const ratio = ratioOrNull(h.ratioE6);
    const liq = ratioDec(p['liq_margin_ratio']);
    const asOf = m.marked === null ? null : m.asOf;
    const perpDelta = BigInt(str(p['perp_delta']));
    return {
      id: Number(p['id']),
      perp_address: p['perp_address'],
      perp: p['perp_address'],
      is_maker: p['is_maker'],
      amount: p['is_maker'] ? formatInteger(BigInt(str(p['liquidity'] ?? '0'))) : formatInteger(perpDelta < 0n ? -perpDelta : perpDelta),
      mode: 'full',
      margin_ratio: ratio,
      liq_margin_ratio: liq,
      as_of: asOf,
      holder: p['holder'],
      notional: atomsOrNull(h.value),
      health: { margin_ratio: ratio, liq_margin_ratio: liq },
      distance_to_liquidation: h.ratioE6 === null ? null : ratioOrNull(h.ratioE6 - liqE6),
      estimated_reward: atomsOrNull(h.reward),
      liquidation_price: liquidationPrice(p, h),
      is_stale: asOf === null || now - asOf > staleAfterSeconds,
    };
  });
  return send(reply, page(items, candidates.length, 100, 0));
});

app.get('/health', async () => ({ status: 'ok' }));

app.listen({ port: Number(process.env['PORT']), host: '127.0.0.1' }).then(
  () => console.log('pg ceiling listening'),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
for (const signal of ['SIGTERM', 'SIGINT'] as const)
  process.once(
    signal,
    () =>
      void app
        .close()
        .then(() => pool.end())
        .finally(() => process.exit(0)),
  );
