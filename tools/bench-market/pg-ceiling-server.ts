/**
 * Ceiling (b) of bench:market: the benchmarked routes written by hand on plain Fastify and a
 * `pg` Pool (the service's index pool size), running the SQL the service runs
 * (apps/market-data/src/markets/markets.repository.ts, markets-list-sql.ts,
 * positions/positions.repository.ts) and serialising the same shapes with the same math
 * lib, ETag and cache headers included; no Nest, no TypeORM, no validation pipe, no guard.
 * No cache either: it answers every request from the database. Only the query shapes the
 * benchmark sends (the routes' defaults, `holder` on /positions) are supported; the
 * benchmark checks that each answer equals the service's before it measures.
 *
 * Runs as its own process: INDEX_DATABASE_URL, PORT, optional STALE_AFTER_SECONDS and
 * CANDIDATE_BUFFER_E6 (the service's defaults, 300 s and 0.10).
 */
import { createHash } from 'node:crypto';
import Fastify, { FastifyReply } from 'fastify';
import { Pool } from 'pg';
import { candidateKeyBounds } from '@perp/index-db';
import {
  atomsToHuman,
  BigNumber,
  formatDecimal,
  formatInteger,
  fundingPerDayFromE18,
  makerPositionValue,
  Q96,
  ratioFromE6,
  sqrtX96ToPrice,
  takerHealth,
  toDecimal,
  x96ToPrice,
} from '@perp/x96-math';

type Row = Record<string, unknown>;

const pool = new Pool({ connectionString: process.env['INDEX_DATABASE_URL'], max: 10, statement_timeout: 10_000 });
const staleAfterSeconds = Number(process.env['STALE_AFTER_SECONDS'] ?? 300);
const bufferE6 = Number(process.env['CANDIDATE_BUFFER_E6'] ?? 100_000);

// ---------------------------------------------------------------- decoding (market-decimals.ts)
const str = (v: unknown) => v as string;
const dec = (v: BigNumber | null) => (v === null ? null : formatDecimal(v));
const atomsDec = (v: unknown) => formatDecimal(atomsToHuman(BigInt(str(v))));
const x96PriceDecOrNull = (v: unknown) => (v === null ? null : formatDecimal(x96ToPrice(BigInt(str(v)))));
const sqrtPrice = (v: unknown) => sqrtX96ToPrice(BigInt(str(v)));
const integerDec = (v: unknown) => formatDecimal(BigInt(v as string | number));
const fundingDailyDecOrNull = (v: unknown) => (v === null ? null : formatDecimal(fundingPerDayFromE18(BigInt(str(v)))));
const ratioDec = (v: unknown) => formatDecimal(ratioFromE6(BigInt(v as string | number)));
const intOrNull = (v: unknown) => (v === null ? null : Number(v));
const indexX96OrNull = (v: unknown) => (v === null || BigInt(str(v)) <= 0n ? null : v);
const lower = (v: unknown) => str(v).toLowerCase();

const MARKET_COLUMNS = [
  'perp_address',
  'beacon_address',
  'owner',
  'name',
  'symbol',
  'token_uri',
  'pool_id',
  'pricing_module',
  'funding_module',
  'fees_module',
  'margin_ratios_module',
  'price_impact_module',
  'ema_window',
  'protocol_fee',
  'tick',
  'liquidity',
  'ema_amm_price_x96',
  'ema_index_price_x96',
  'funding_per_day',
  'open_interest_long',
  'open_interest_short',
  'capacity_long',
  'capacity_short',
  'insurance',
  'bad_debt',
  'total_margin',
  'created_at',
  'last_touched_at',
  'description',
  'photo_url',
  'data_source',
  'card_label',
  'ticker',
];
const marketColumns = (alias?: string) => MARKET_COLUMNS.map((c) => (alias ? `${alias}.${c}` : c)).join(', ');

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
  return {
    perp_address: address,
    perp: address,
    mark_price: formatDecimal(sqrtPrice(r['s_amm_price_x96'])),
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
const MARKET_WITH_SNAPSHOT_SQL = `SELECT ${marketColumns('m')}, s.id AS s_id, s."timestamp" AS s_timestamp, s.amm_price_x96 AS s_amm_price_x96, s.index_price_x96 AS s_index_price_x96
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
    pool.query(`SELECT ${marketColumns()} FROM markets  ORDER BY created_at DESC NULLS LAST, perp_address ASC LIMIT $1 OFFSET $2`, [100, 0]),
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

// ---------------------------------------------------------------- positions (positions.repository.ts, position-health.ts)
const POSITION_COLUMNS = (alias: string) =>
  [
    'id',
    'perp_address',
    'holder',
    'is_maker',
    'is_long',
    'is_closed',
    'open_timestamp',
    'close_timestamp',
    'was_liquidated',
    'margin',
    'perp_delta',
    'usd_delta',
    'avg_entry_amm_price_x96',
    'liq_margin_ratio',
    'backstop_margin_ratio',
    'tick_lower',
    'tick_upper',
    'liquidity',
    'entry_cumulative_funding_x96',
  ]
    .map((c) => `${alias}.${c}`)
    .join(', ');
const MARKET_STATE_COLUMNS = (alias: string) =>
  `${alias}.perp_address AS m_perp_address, ${alias}.ema_amm_price_x96 AS m_mark_x96, ${alias}.cumulative_funding_x96 AS m_cumulative_funding_x96, ` +
  `${alias}.sqrt_price_x96 AS m_sqrt_price_x96, ${alias}.taker_liq_margin_ratio AS m_taker_liq_margin_ratio, ${alias}.liquidation_fee AS m_liquidation_fee`;

interface MarketState {
  perpAddress: string;
  markX96: bigint | null;
  cumulativeFundingX96: bigint;
  sqrtPriceX96: bigint;
  takerRatioE6: number;
  feeE6: number;
  asOf: number | null;
}

const marketState = (r: Row): MarketState => ({
  perpAddress: str(r['m_perp_address']),
  markX96: r['m_mark_x96'] === null ? null : BigInt(str(r['m_mark_x96'])),
  cumulativeFundingX96: BigInt(str(r['m_cumulative_funding_x96'])),
  sqrtPriceX96: BigInt(str(r['m_sqrt_price_x96'])),
  takerRatioE6: Number(r['m_taker_liq_margin_ratio']),
  feeE6: Number(r['m_liquidation_fee']),
  asOf: intOrNull(r['m_mark_as_of'] ?? null),
});

interface Health {
  mark: BigNumber | null;
  equity: BigNumber | null;
  pnl: BigNumber | null;
  notional: BigNumber | null;
  ratio: BigNumber | null;
  distance: BigNumber | null;
  reward: BigNumber | null;
}
const NO_HEALTH: Health = { mark: null, equity: null, pnl: null, notional: null, ratio: null, distance: null, reward: null };

function health(p: Row, m: MarketState): Health {
  if (p['is_closed'] || m.markX96 === null) return NO_HEALTH;
  const mark = x96ToPrice(m.markX96);
  let perp = BigInt(str(p['perp_delta']));
  let usd = BigInt(str(p['usd_delta']));
  let funding = 0n;
  if (p['is_maker']) {
    const held = makerPositionValue(
      { tickLower: (p['tick_lower'] as number | null) ?? 0, tickUpper: (p['tick_upper'] as number | null) ?? 0, liquidity: BigInt(str(p['liquidity'] ?? '0')) },
      m.sqrtPriceX96,
    );
    perp += held.amount0;
    usd += held.amount1;
  } else {
    funding = (perp * (m.cumulativeFundingX96 - BigInt(str(p['entry_cumulative_funding_x96'])))) / Q96;
  }
  const margin = atomsToHuman(BigInt(str(p['margin'])));
  const h = takerHealth(
    { margin, perpDelta: atomsToHuman(perp), usdDelta: atomsToHuman(usd), fundingOwed: atomsToHuman(funding) },
    mark,
    ratioFromE6(BigInt(p['liq_margin_ratio'] as number)),
    ratioFromE6(BigInt(m.feeE6)),
  );
  return {
    mark,
    equity: h.equity,
    pnl: h.equity.minus(margin),
    notional: h.notional,
    ratio: h.marginRatio,
    distance: h.distanceToLiquidation,
    reward: h.estimatedReward,
  };
}

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
    current_mark_price: dec(h.mark),
    unrealized_pnl: dec(h.pnl),
    effective_margin: dec(h.equity),
  };
}

app.get<{ Querystring: { holder?: string } }>('/positions', async (request, reply) => {
  const holder = request.query.holder?.toLowerCase();
  const params = holder === undefined ? [] : [holder];
  const where = holder === undefined ? '' : 'WHERE p.holder = $1';
  const n = params.length;
  const [rows, count] = await Promise.all([
    pool.query(
      `SELECT ${POSITION_COLUMNS('p')}, ${MARKET_STATE_COLUMNS('m')} FROM positions p JOIN markets m ON m.perp_address = p.perp_address ${where} ORDER BY p.id LIMIT $${n + 1} OFFSET $${n + 2}`,
      [...params, 100, 0],
    ),
    pool.query(`SELECT count(*) AS total FROM positions p ${where}`, params),
  ]);
  const items = rows.rows.map((r) => position(r, health(r, marketState(r))));
  return send(reply, page(items, Number(count.rows[0].total), 100, 0));
});

const EVERY_KEY = 10n ** 77n;
const CANDIDATES_SQL =
  `SELECT c.* FROM unnest($1::varchar[], $2::numeric[], $3::numeric[]) AS b(perp_address, long_min, short_max) CROSS JOIN LATERAL (` +
  [
    'NOT p.is_maker AND p.is_long AND p.liq_key_x96 >= b.long_min',
    'NOT p.is_maker AND NOT p.is_long AND p.liq_key_x96 <= b.short_max',
    'NOT p.is_maker AND p.liq_key_x96 IS NULL',
    'p.is_maker',
  ]
    .map((branch) => `SELECT ${POSITION_COLUMNS('p')} FROM positions p WHERE p.perp_address = b.perp_address AND NOT p.is_closed AND ${branch}`)
    .join(' UNION ALL ') +
  `) c`;
const MARKETS_WITH_MARK_TIME_SQL =
  `SELECT ${MARKET_STATE_COLUMNS('m')}, (SELECT floor(extract(epoch FROM s."timestamp"))::bigint FROM snapshots s` +
  ` WHERE s.perp_address = m.perp_address ORDER BY s."timestamp" DESC, s.id DESC LIMIT 1) AS m_mark_as_of FROM markets m ORDER BY m.perp_address`;

const ascNullsLast = (a: BigNumber | null, b: BigNumber | null) => (a === null || b === null ? (a === b ? 0 : a === null ? 1 : -1) : (a.comparedTo(b) ?? 0));

app.get('/positions/liquidatable', async (_request, reply) => {
  const markets = (await pool.query(MARKETS_WITH_MARK_TIME_SQL)).rows.map(marketState);
  const byAddress = new Map(markets.map((m) => [m.perpAddress, m]));
  const bounds = markets.map((m) =>
    m.markX96 === null || m.takerRatioE6 >= 1_000_000
      ? { longMinKeyX96: -EVERY_KEY, shortMaxKeyX96: EVERY_KEY }
      : candidateKeyBounds(m.markX96, m.cumulativeFundingX96, m.takerRatioE6, bufferE6),
  );
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
  const threshold = ratioFromE6(BigInt(1_000_000 + bufferE6));
  const candidates: { p: Row; m: MarketState; h: Health; id: bigint }[] = [];
  for (const p of rows) {
    const m = byAddress.get(str(p['perp_address']));
    if (!m) continue;
    const h = health(p, m);
    if (h.ratio === null || h.ratio.lte(ratioFromE6(BigInt(p['liq_margin_ratio'] as number)).times(threshold)))
      candidates.push({ p, m, h, id: BigInt(str(p['id'])) });
  }
  candidates.sort((a, b) => {
    const uncomputable = Number(a.h.ratio === null) - Number(b.h.ratio === null);
    if (uncomputable !== 0) return uncomputable;
    const key = ascNullsLast(a.h.distance, b.h.distance);
    return key !== 0 ? key : a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
  });
  const now = Math.floor(Date.now() / 1000);
  const items = candidates.slice(0, 100).map(({ p, m, h }) => {
    const ratio = dec(h.ratio);
    const liq = ratioDec(p['liq_margin_ratio']);
    const asOf = m.markX96 === null ? null : m.asOf;
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
      notional: dec(h.notional),
      health: { margin_ratio: ratio, liq_margin_ratio: liq },
      distance_to_liquidation: dec(h.distance),
      estimated_reward: dec(h.reward),
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
