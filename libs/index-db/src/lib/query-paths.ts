import { CANDLE_VERSIONS_SQL, candlesPageSql, candlesTotalSql } from './candles';
import { StoreName } from './store-options';

/**
 * A query shape of a spec route, the index it is built for, and how to pick realistic
 * parameters from loaded data. This is the contract between the schema and the API:
 * the README's index table and the EXPLAIN test are generated from this list, and an API
 * query keeps the same WHERE / ORDER BY shape to keep its index scan.
 */
export interface QueryPath {
  name: string;
  /** The spec route(s) this shape serves. */
  route: string;
  store: StoreName;
  /** Parameterised SQL ($1..$n). */
  sql: string;
  /** One row whose columns, in order, are $1..$n for a representative run; omitted when there are no parameters. */
  sampleSql?: string;
  /** Indexes the shape is meant to use (any one of them). */
  indexes: string[];
  /**
   * The table is small by nature (markets: one row per perp): at demo size Postgres rightly
   * prefers a sequential scan, so the plan is checked with enable_seqscan off.
   */
  smallTable?: boolean;
}

const OI = '(open_interest_long + open_interest_short)';
const PAGE = 'LIMIT 100 OFFSET 0';
const BUSIEST_MARKET = `SELECT perp_address FROM snapshots GROUP BY perp_address ORDER BY count(*) DESC, perp_address LIMIT 1`;
const BUSIEST_MARKET_LAST_DAY = `SELECT perp_address, max("timestamp") - interval '1 day', max("timestamp") FROM snapshots GROUP BY perp_address ORDER BY count(*) DESC, perp_address LIMIT 1`;

/** A holder's trades through its positions (apps/market-data fills-sql.ts builds the same shape). */
const HOLDER_FILLS = `FROM positions p JOIN trades t ON t.perp_address = p.perp_address AND t.pos_id = p.id WHERE p.holder = $1`;
const LATEST_TRADER = `SELECT p.holder FROM trades t JOIN positions p ON p.perp_address = t.perp_address AND p.id = t.pos_id ORDER BY t.id DESC LIMIT 1`;

function marketSort(key: string, expression: string, direction: 'ASC' | 'DESC'): QueryPath {
  return {
    name: `markets sorted by ${key} ${direction.toLowerCase()}`,
    route: `GET /markets?sort=${key}&order=${direction.toLowerCase()}`,
    store: 'index',
    sql: `SELECT * FROM markets ORDER BY ${expression} ${direction} NULLS LAST, perp_address ASC ${PAGE}`,
    indexes: [`markets_${key}_${direction.toLowerCase()}_idx`],
    smallTable: true,
  };
}

export const QUERY_PATHS: QueryPath[] = [
  marketSort('created', 'created_at', 'DESC'),
  marketSort('created', 'created_at', 'ASC'),
  marketSort('open_interest', OI, 'DESC'),
  marketSort('open_interest', OI, 'ASC'),
  marketSort('funding', 'funding_per_day', 'DESC'),
  marketSort('funding', 'funding_per_day', 'ASC'),
  marketSort('liquidity', 'liquidity', 'DESC'),
  marketSort('liquidity', 'liquidity', 'ASC'),
  {
    name: 'markets of a beacon',
    route: 'GET /markets?beacon=',
    store: 'index',
    sql: `SELECT * FROM markets WHERE beacon_address = $1 ORDER BY created_at DESC NULLS LAST, perp_address ${PAGE}`,
    sampleSql: `SELECT beacon_address FROM markets ORDER BY perp_address LIMIT 1`,
    indexes: ['markets_beacon_address_idx', 'markets_created_desc_idx'],
    smallTable: true,
  },
  {
    name: 'markets by open interest range',
    route: 'GET /markets?min_open_interest=&max_open_interest=&sort=open_interest',
    store: 'index',
    sql: `SELECT * FROM markets WHERE ${OI} >= $1 AND ${OI} <= $2 ORDER BY ${OI} DESC NULLS LAST, perp_address ${PAGE}`,
    sampleSql: `SELECT 1::numeric, max(${OI}) FROM markets`,
    indexes: ['markets_open_interest_desc_idx', 'markets_open_interest_asc_idx'],
    smallTable: true,
  },
  {
    name: 'market by address',
    route: 'GET /markets/{perp_address}, /live, /v1/markets/{market_id}',
    store: 'index',
    sql: `SELECT * FROM markets WHERE perp_address = $1`,
    sampleSql: `SELECT perp_address FROM markets ORDER BY perp_address LIMIT 1`,
    indexes: ['markets_pkey'],
    smallTable: true,
  },
  {
    name: 'market by ticker',
    route: 'GET /markets/{ticker}/history (ticker resolution)',
    store: 'index',
    sql: `SELECT perp_address FROM markets WHERE ticker = $1`,
    sampleSql: `SELECT ticker FROM markets WHERE ticker IS NOT NULL ORDER BY ticker LIMIT 1`,
    indexes: ['markets_ticker_key'],
    smallTable: true,
  },
  {
    name: 'latest snapshot of a market',
    route: 'GET /markets/{perp_address} (latest_snapshot), /live, /stats',
    store: 'index',
    sql: `SELECT * FROM snapshots WHERE perp_address = $1 ORDER BY "timestamp" DESC, id DESC LIMIT 1`,
    sampleSql: BUSIEST_MARKET,
    indexes: ['snapshots_market_time_idx'],
  },
  {
    name: 'snapshots page in a time range',
    route: 'GET /markets/{perp_address}/snapshots?start_time=&end_time=',
    store: 'index',
    sql: `SELECT * FROM snapshots WHERE perp_address = $1 AND "timestamp" >= $2 AND "timestamp" <= $3 ORDER BY "timestamp" DESC, id DESC ${PAGE}`,
    sampleSql: BUSIEST_MARKET_LAST_DAY,
    indexes: ['snapshots_market_time_idx'],
  },
  {
    name: 'snapshots total in a time range',
    route: 'GET /markets/{perp_address}/snapshots (total)',
    store: 'index',
    sql: `SELECT count(*) FROM snapshots WHERE perp_address = $1 AND "timestamp" >= $2 AND "timestamp" <= $3`,
    sampleSql: BUSIEST_MARKET_LAST_DAY,
    indexes: ['snapshots_market_time_idx'],
  },
  {
    name: 'funding_history page in a time range',
    route: 'GET /markets/{perp_address}/funding?start_time=&end_time=',
    store: 'index',
    sql: `SELECT * FROM funding_history WHERE perp_address = $1 AND "timestamp" >= $2 AND "timestamp" <= $3 ORDER BY "timestamp" DESC, id DESC ${PAGE}`,
    sampleSql: `SELECT perp_address, min("timestamp"), max("timestamp") FROM funding_history GROUP BY perp_address ORDER BY count(*) DESC, perp_address LIMIT 1`,
    indexes: ['funding_history_market_time_idx'],
    // The simulator writes one point per market (its final row); an indexer's store grows a point per changing block.
    smallTable: true,
  },
  {
    name: 'funding_history total in a time range',
    route: 'GET /markets/{perp_address}/funding (total)',
    store: 'index',
    sql: `SELECT count(*) FROM funding_history WHERE perp_address = $1 AND "timestamp" >= $2 AND "timestamp" <= $3`,
    sampleSql: `SELECT perp_address, min("timestamp"), max("timestamp") FROM funding_history GROUP BY perp_address ORDER BY count(*) DESC, perp_address LIMIT 1`,
    indexes: ['funding_history_market_time_idx'],
    // The simulator writes one point per market (its final row); an indexer's store grows a point per changing block.
    smallTable: true,
  },
  {
    name: 'open_interest_history page in a time range',
    route: 'GET /markets/{perp_address}/open-interest, /v1/markets/{market_id}/oi?start_time=&end_time=',
    store: 'index',
    sql: `SELECT * FROM open_interest_history WHERE perp_address = $1 AND "timestamp" >= $2 AND "timestamp" <= $3 ORDER BY "timestamp" DESC, id DESC ${PAGE}`,
    sampleSql: `SELECT perp_address, min("timestamp"), max("timestamp") FROM open_interest_history GROUP BY perp_address ORDER BY count(*) DESC, perp_address LIMIT 1`,
    indexes: ['open_interest_history_market_time_idx'],
    // The simulator writes one point per market (its final row); an indexer's store grows a point per changing block.
    smallTable: true,
  },
  {
    name: 'open_interest_history total in a time range',
    route: 'GET /markets/{perp_address}/open-interest (total)',
    store: 'index',
    sql: `SELECT count(*) FROM open_interest_history WHERE perp_address = $1 AND "timestamp" >= $2 AND "timestamp" <= $3`,
    sampleSql: `SELECT perp_address, min("timestamp"), max("timestamp") FROM open_interest_history GROUP BY perp_address ORDER BY count(*) DESC, perp_address LIMIT 1`,
    indexes: ['open_interest_history_market_time_idx'],
    // The simulator writes one point per market (its final row); an indexer's store grows a point per changing block.
    smallTable: true,
  },
  {
    name: '24h price range of a market',
    route: 'GET /markets/{perp_address}/stats',
    store: 'index',
    sql: `SELECT min(amm_price_x96), max(amm_price_x96) FROM snapshots WHERE perp_address = $1 AND "timestamp" >= $2 AND "timestamp" <= $3`,
    sampleSql: BUSIEST_MARKET_LAST_DAY,
    indexes: ['snapshots_market_time_idx'],
  },
  {
    name: 'first snapshot of the 24h window',
    route: 'GET /markets/{perp_address}/stats (price_24h_change)',
    store: 'index',
    sql: `SELECT * FROM snapshots WHERE perp_address = $1 AND "timestamp" >= $2 ORDER BY "timestamp" ASC, id ASC LIMIT 1`,
    sampleSql: `SELECT perp_address, max("timestamp") - interval '1 day' FROM snapshots GROUP BY perp_address ORDER BY count(*) DESC, perp_address LIMIT 1`,
    indexes: ['snapshots_market_time_idx'],
  },
  {
    name: 'chain index at history timestamps',
    route: 'GET /markets/{ticker}/history (points at and after the boundary)',
    store: 'index',
    sql: `SELECT "timestamp", index_price_x96 FROM snapshots WHERE perp_address = $1 AND "timestamp" >= $2 AND "timestamp" <= $3 ORDER BY "timestamp" ASC, id ASC`,
    sampleSql: BUSIEST_MARKET_LAST_DAY,
    indexes: ['snapshots_market_time_idx'],
  },
  {
    name: 'candles page in a time range (with the open interest at each start)',
    route: 'GET /markets/{perp_address}/candles?resolution=&start_time=&end_time=',
    store: 'index',
    sql: candlesPageSql('perp_address = $1 AND resolution = 60 AND bucket >= $2 AND bucket <= $3', 4, 5),
    sampleSql: `SELECT perp_address, max("timestamp") - interval '1 day', max("timestamp"), 500, 0 FROM snapshots GROUP BY perp_address ORDER BY count(*) DESC, perp_address LIMIT 1`,
    indexes: ['candles_pkey', 'open_interest_history_market_time_idx'],
  },
  {
    name: 'candles total in a time range (two rank probes)',
    route: 'GET /markets/{perp_address}/candles (total)',
    store: 'index',
    sql: candlesTotalSql('bucket >= $3', 'bucket <= $4'),
    sampleSql: `SELECT perp_address, 60, max("timestamp") - interval '1 day', max("timestamp") FROM snapshots GROUP BY perp_address ORDER BY count(*) DESC, perp_address LIMIT 1`,
    indexes: ['candles_pkey'],
  },
  {
    name: 'trades page in a time range',
    route: 'GET /markets/{perp_address}/trades?start_time=&end_time=',
    store: 'index',
    sql: `SELECT * FROM trades WHERE perp_address = $1 AND "timestamp" >= $2 AND "timestamp" <= $3 ORDER BY "timestamp" DESC, id DESC LIMIT 50 OFFSET 0`,
    sampleSql: `SELECT perp_address, max("timestamp") - interval '1 day', max("timestamp") FROM trades GROUP BY perp_address ORDER BY count(*) DESC, perp_address LIMIT 1`,
    indexes: ['trades_market_time_idx'],
  },
  {
    name: 'latest trades of a market',
    route: 'GET /markets/{perp_address}/trades',
    store: 'index',
    sql: `SELECT * FROM trades WHERE perp_address = $1 ORDER BY "timestamp" DESC, id DESC LIMIT 50 OFFSET 0`,
    sampleSql: `SELECT perp_address FROM trades GROUP BY perp_address ORDER BY count(*) DESC, perp_address LIMIT 1`,
    indexes: ['trades_market_time_idx'],
  },
  {
    name: 'fills of a holder',
    route: 'GET /trades?holder=',
    store: 'index',
    sql: `SELECT t.*, p.holder, p.is_long ${HOLDER_FILLS} ORDER BY t."timestamp" DESC, t.id DESC LIMIT 50 OFFSET 0`,
    sampleSql: LATEST_TRADER,
    indexes: ['positions_holder_idx', 'trades_position_time_idx'],
  },
  {
    name: 'fills total of a holder',
    route: 'GET /trades?holder= (total)',
    store: 'index',
    sql: `SELECT count(*) ${HOLDER_FILLS}`,
    sampleSql: LATEST_TRADER,
    indexes: ['positions_holder_idx', 'trades_position_time_idx'],
  },
  {
    name: 'fills of a holder in a market and a time range',
    route: 'GET /trades?holder=&perp_address=&start_time=&end_time=',
    store: 'index',
    sql: `SELECT t.*, p.holder, p.is_long ${HOLDER_FILLS} AND p.perp_address = $2 AND t."timestamp" >= $3 AND t."timestamp" <= $4 ORDER BY t."timestamp" DESC, t.id DESC LIMIT 50 OFFSET 0`,
    sampleSql: `SELECT p.holder, t.perp_address, t."timestamp" - interval '30 days', t."timestamp" FROM trades t JOIN positions p ON p.perp_address = t.perp_address AND p.id = t.pos_id ORDER BY t.id DESC LIMIT 1`,
    indexes: ['positions_holder_idx', 'positions_pkey', 'trades_position_time_idx'],
  },
  {
    name: 'position by market and id',
    route: 'GET /positions/{position_id}?perp_address=, /v1/positions/{position_id}?perp_address=',
    store: 'index',
    sql: `SELECT * FROM positions WHERE perp_address = $1 AND id = $2`,
    sampleSql: `SELECT perp_address, id FROM positions ORDER BY id DESC, perp_address LIMIT 1`,
    // Either key pins one row: the planner may take the narrower (id, perp_address).
    indexes: ['positions_pkey', 'positions_id_idx'],
  },
  {
    name: 'position by id in any market',
    route: 'GET /positions/{position_id}, /v1/positions/{position_id} (at most two rows: a second one means the id is ambiguous)',
    store: 'index',
    sql: `SELECT * FROM positions WHERE id = $1 ORDER BY perp_address LIMIT 2`,
    sampleSql: `SELECT max(id) FROM positions`,
    indexes: ['positions_id_idx'],
  },
  {
    name: 'markets holding a position id',
    route: 'GET /positions/{position_id} (the count named by the 422 of an ambiguous id)',
    store: 'index',
    sql: `SELECT count(*) FROM positions WHERE id = $1`,
    sampleSql: `SELECT max(id) FROM positions`,
    indexes: ['positions_id_idx'],
  },
  {
    name: 'settlement sums of a closed position',
    route: 'GET /positions, /positions/{position_id} (realized_pnl, net_funding: a lateral probe per closed row of the page)',
    store: 'index',
    sql: `SELECT bool_or(opened), count(*) - count(realized_pnl), sum(realized_pnl), sum(funding) FROM position_settlements WHERE perp_address = $1 AND pos_id = $2`,
    sampleSql: `SELECT perp_address, pos_id FROM position_settlements ORDER BY id DESC LIMIT 1`,
    indexes: ['position_settlements_position_idx'],
  },
  {
    name: 'positions page',
    route: 'GET /positions',
    store: 'index',
    sql: `SELECT * FROM positions ORDER BY id, perp_address ${PAGE}`,
    indexes: ['positions_id_idx'],
  },
  {
    name: 'positions of a holder',
    route: 'GET /positions?holder=, /v1/positions?wallet=',
    store: 'index',
    sql: `SELECT * FROM positions WHERE holder = $1 ORDER BY id, perp_address ${PAGE}`,
    sampleSql: `SELECT holder FROM positions ORDER BY id, perp_address LIMIT 1`,
    indexes: ['positions_holder_idx'],
  },
  {
    name: 'open positions of a holder',
    route: 'GET /positions?holder=&is_open=true',
    store: 'index',
    sql: `SELECT * FROM positions WHERE holder = $1 AND NOT is_closed ORDER BY id, perp_address ${PAGE}`,
    sampleSql: `SELECT holder FROM positions WHERE NOT is_closed ORDER BY id, perp_address LIMIT 1`,
    indexes: ['positions_holder_idx'],
  },
  {
    name: 'positions total of a holder',
    route: 'GET /positions?holder= (total)',
    store: 'index',
    sql: `SELECT count(*) FROM positions WHERE holder = $1`,
    sampleSql: `SELECT holder FROM positions ORDER BY id, perp_address LIMIT 1`,
    indexes: ['positions_holder_idx'],
  },
  {
    name: 'positions of a market',
    route: 'GET /positions?perp_address= (and the market_id / perp / perp_id aliases)',
    store: 'index',
    sql: `SELECT * FROM positions WHERE perp_address = $1 ORDER BY id, perp_address ${PAGE}`,
    sampleSql: `SELECT perp_address FROM positions GROUP BY perp_address ORDER BY count(*) ASC, perp_address LIMIT 1`,
    indexes: ['positions_pkey'],
  },
  {
    name: 'open positions',
    route: 'GET /positions?is_open=true',
    store: 'index',
    sql: `SELECT * FROM positions WHERE NOT is_closed ORDER BY id, perp_address ${PAGE}`,
    indexes: ['positions_closed_idx', 'positions_id_idx'],
  },
  {
    name: 'closed positions',
    route: 'GET /positions?is_open=false',
    store: 'index',
    sql: `SELECT * FROM positions WHERE is_closed ORDER BY id, perp_address ${PAGE}`,
    indexes: ['positions_closed_idx', 'positions_id_idx'],
  },
  {
    name: 'open positions total',
    route: 'GET /positions?is_open=true (total)',
    store: 'index',
    sql: `SELECT count(*) FROM positions WHERE NOT is_closed`,
    indexes: ['positions_closed_idx', 'positions_liquidation_idx', 'positions_open_makers_idx'],
  },
  {
    name: 'liquidation candidates of a market',
    route: 'GET /positions/liquidatable?perp_address= (takers)',
    store: 'index',
    // Funding and util included: $2 / $3 are the long / short mark thresholds minus the market's
    // accrued shift per side (README: candidate thresholds). One branch per side, and one for marks that cannot be
    // computed, so that each is a range scan; an OR of the three would scan the market's slice.
    sql:
      `SELECT * FROM positions WHERE perp_address = $1 AND NOT is_closed AND NOT is_maker AND is_long AND liq_key_x96 >= $2` +
      ` UNION ALL SELECT * FROM positions WHERE perp_address = $1 AND NOT is_closed AND NOT is_maker AND NOT is_long AND liq_key_x96 <= $3` +
      ` UNION ALL SELECT * FROM positions WHERE perp_address = $1 AND NOT is_closed AND NOT is_maker AND liq_key_x96 IS NULL`,
    sampleSql:
      `SELECT perp_address, ema_amm_price_x96 * 0.95 - floor(cumulative_funding_x96 * 1000000 / (1000000 - taker_liq_margin_ratio)),` +
      ` ema_amm_price_x96 * 1.05 - floor(cumulative_funding_x96 * 1000000 / (1000000 + taker_liq_margin_ratio))` +
      ` FROM markets WHERE ema_amm_price_x96 IS NOT NULL ORDER BY ${OI} DESC, perp_address LIMIT 1`,
    indexes: ['positions_liquidation_key_idx'],
  },
  {
    name: "takers stored with another ratio than their market's",
    route: "GET /positions/liquidatable (takers outside the key range's ratio, read whole)",
    store: 'index',
    // Two probes per market, empty while every open taker has the market's ratio.
    sql:
      `SELECT * FROM positions WHERE perp_address = $1 AND NOT is_closed AND NOT is_maker AND liq_margin_ratio < $2` +
      ` UNION ALL SELECT * FROM positions WHERE perp_address = $1 AND NOT is_closed AND NOT is_maker AND liq_margin_ratio > $2`,
    sampleSql: `SELECT perp_address, taker_liq_margin_ratio FROM markets ORDER BY ${OI} DESC, perp_address LIMIT 1`,
    indexes: ['positions_open_takers_ratio_idx'],
  },
  {
    name: 'liquidation candidates of every market',
    route: 'GET /positions/liquidatable, /v1/positions/liquidatable (takers)',
    store: 'index',
    // The same three range scans per market, thresholds from each market's mark and funding ($1, $2: mark factors).
    sql:
      `SELECT c.* FROM markets m CROSS JOIN LATERAL (` +
      `SELECT p.* FROM positions p WHERE p.perp_address = m.perp_address AND NOT p.is_closed AND NOT p.is_maker AND p.is_long` +
      ` AND p.liq_key_x96 >= m.ema_amm_price_x96 * $1 - floor(m.cumulative_funding_x96 * 1000000 / (1000000 - m.taker_liq_margin_ratio))` +
      ` UNION ALL SELECT p.* FROM positions p WHERE p.perp_address = m.perp_address AND NOT p.is_closed AND NOT p.is_maker AND NOT p.is_long` +
      ` AND p.liq_key_x96 <= m.ema_amm_price_x96 * $2 - floor(m.cumulative_funding_x96 * 1000000 / (1000000 + m.taker_liq_margin_ratio))` +
      ` UNION ALL SELECT p.* FROM positions p WHERE p.perp_address = m.perp_address AND NOT p.is_closed AND NOT p.is_maker AND p.liq_key_x96 IS NULL) c`,
    sampleSql: `SELECT 0.95::numeric, 1.05::numeric`,
    indexes: ['positions_liquidation_key_idx'],
  },
  {
    name: 'takers a mark would liquidate, funding aside',
    route: 'GET /positions/liquidatable (price-only screens, e.g. "what does a move to X liquidate")',
    store: 'index',
    sql:
      `SELECT * FROM positions WHERE perp_address = $1 AND NOT is_closed AND NOT is_maker AND is_long AND liq_mark_x96 >= $2` +
      ` UNION ALL SELECT * FROM positions WHERE perp_address = $1 AND NOT is_closed AND NOT is_maker AND NOT is_long AND liq_mark_x96 <= $3`,
    sampleSql: `SELECT perp_address, ema_amm_price_x96 * 0.9, ema_amm_price_x96 * 1.1 FROM markets WHERE ema_amm_price_x96 IS NOT NULL ORDER BY ${OI} DESC, perp_address LIMIT 1`,
    indexes: ['positions_liquidation_idx'],
  },
  {
    name: 'open makers of a market',
    route: 'GET /positions/liquidatable (makers)',
    store: 'index',
    sql: `SELECT * FROM positions WHERE perp_address = $1 AND NOT is_closed AND is_maker ORDER BY id`,
    sampleSql: `SELECT perp_address FROM positions WHERE is_maker AND NOT is_closed GROUP BY perp_address ORDER BY count(*) DESC, perp_address LIMIT 1`,
    indexes: ['positions_open_makers_idx'],
  },
  {
    name: "a maker band's two ticks",
    route: 'GET /positions/liquidatable, /positions, /positions/{id} (makers: funding and LP-fee legs)',
    store: 'index',
    // The maker branch joins them per row: ticks tl ON (perp_address, tick_lower), tu ON (perp_address, tick_upper).
    sql: `SELECT * FROM ticks WHERE perp_address = $1 AND tick = $2 UNION ALL SELECT * FROM ticks WHERE perp_address = $1 AND tick = $3`,
    sampleSql: `SELECT perp_address, tick_lower, tick_upper FROM positions WHERE is_maker AND NOT is_closed ORDER BY id LIMIT 1`,
    indexes: ['ticks_pkey'],
  },
  {
    name: 'write versions of a market',
    route: 'GET /positions/liquidatable (each refresh: which markets moved)',
    store: 'index',
    sql: `SELECT string_agg(table_name || ':' || version, ',' ORDER BY table_name) FROM market_write_versions WHERE perp_address = $1 AND table_name IN ('positions', 'ticks')`,
    sampleSql: `SELECT perp_address FROM markets ORDER BY perp_address LIMIT 1`,
    indexes: ['market_write_versions_pkey'],
    smallTable: true,
  },
  {
    name: 'candle write versions of a market',
    route: 'GET /markets/{perp_address}/candles (is the kept page current?)',
    store: 'index',
    sql: CANDLE_VERSIONS_SQL,
    sampleSql: `SELECT perp_address FROM markets ORDER BY perp_address LIMIT 1`,
    indexes: ['market_write_versions_pkey'],
    smallTable: true,
  },
  {
    name: 'stream events after an id',
    route: 'GET /stream (each wake-up and poll; a reconnect with Last-Event-ID reads the same range)',
    store: 'index',
    // The joins are by primary key (trades_pkey, snapshots_pkey, markets_pkey) per event read.
    sql: `SELECT id, channel, perp_address, ref_id, data FROM stream_events WHERE id > $1 ORDER BY id LIMIT 1000`,
    sampleSql: `SELECT coalesce(min(id), 1) - 1 FROM stream_events`,
    indexes: ['stream_events_pkey'],
    // Bounded by its window (stream_event_window), and small on a freshly loaded store.
    smallTable: true,
  },
  {
    name: 'history page of a market',
    route: 'GET /markets/{ticker}/history',
    store: 'source',
    sql: `SELECT ts, raw_value, index_x96, origin FROM measurements WHERE perp_address = $1 AND ts >= $2 AND ts <= $3 ORDER BY ts ASC LIMIT 500 OFFSET 0`,
    sampleSql: `SELECT perp_address, min(ts), max(ts) FROM measurements GROUP BY perp_address ORDER BY count(*) DESC, perp_address LIMIT 1`,
    indexes: ['measurements_pkey'],
  },
  {
    name: 'history total of a market',
    route: 'GET /markets/{ticker}/history (total)',
    store: 'source',
    sql: `SELECT count(*) FROM measurements WHERE perp_address = $1 AND ts >= $2 AND ts <= $3`,
    sampleSql: `SELECT perp_address, max(ts) - interval '1 day', max(ts) FROM measurements GROUP BY perp_address ORDER BY count(*) DESC, perp_address LIMIT 1`,
    indexes: ['measurements_pkey'],
  },
  {
    name: 'boundary of a market',
    route: 'GET /markets/{ticker}/history',
    store: 'source',
    sql: `SELECT boundary_ts FROM market_boundaries WHERE perp_address = $1`,
    sampleSql: `SELECT perp_address FROM market_boundaries ORDER BY perp_address LIMIT 1`,
    indexes: ['market_boundaries_pkey'],
    smallTable: true,
  },
];
