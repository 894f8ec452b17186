import { MARK_AS_OF_SQL, MARKET_STATE_COLUMNS, POSITION_COLUMNS, POSITION_TICK_JOINS, TAKER_POSITION_COLUMNS } from '@perp/index-db/figures';
import { MarketKeyBounds } from './candidate-rule';

/**
 * The two statements of a candidate refresh (candidate-refresh.ts, run by the candidates worker:
 * plain SQL, no Nest or TypeORM there).
 */

/**
 * Every market's inputs to its candidates: its state (index-db MARKET_STATE_COLUMNS), the time of
 * its latest snapshot (one probe of snapshots_market_time_idx each) and the versions of its
 * positions and ticks rows (market_write_versions, a probe of its primary key; null before the
 * market's first write). One row per market: comparing a row with the previous refresh's tells
 * whether the market moved.
 */
export const MARKET_INPUTS_SQL =
  `SELECT ${MARKET_STATE_COLUMNS}, ${MARK_AS_OF_SQL} AS m_mark_as_of,` +
  ` (SELECT string_agg(v.table_name || ':' || v.version, ',' ORDER BY v.table_name) FROM market_write_versions v WHERE v.perp_address = m.perp_address AND v.table_name IN ('positions', 'ticks')) AS m_write_versions` +
  ` FROM markets m ORDER BY m.perp_address`;

/** One taker side or the makers of the market in `b`: each branch is one range scan of a partial index; makers bring their two ticks (pkey probes). */
const CANDIDATE_BRANCHES = [
  `SELECT ${TAKER_POSITION_COLUMNS} FROM positions p WHERE p.perp_address = b.perp_address AND NOT p.is_closed AND NOT p.is_maker AND p.is_long AND p.liq_key_x96 >= b.long_min AND p.liq_margin_ratio = b.ratio`,
  `SELECT ${TAKER_POSITION_COLUMNS} FROM positions p WHERE p.perp_address = b.perp_address AND NOT p.is_closed AND NOT p.is_maker AND NOT p.is_long AND p.liq_key_x96 <= b.short_max AND p.liq_margin_ratio = b.ratio`,
  `SELECT ${TAKER_POSITION_COLUMNS} FROM positions p WHERE p.perp_address = b.perp_address AND NOT p.is_closed AND NOT p.is_maker AND p.liq_key_x96 IS NULL AND p.liq_margin_ratio = b.ratio`,
  // The key range holds at the market's ratio only: takers stored with another are all read (two probes, empty while they match).
  `SELECT ${TAKER_POSITION_COLUMNS} FROM positions p WHERE p.perp_address = b.perp_address AND NOT p.is_closed AND NOT p.is_maker AND p.liq_margin_ratio < b.ratio`,
  `SELECT ${TAKER_POSITION_COLUMNS} FROM positions p WHERE p.perp_address = b.perp_address AND NOT p.is_closed AND NOT p.is_maker AND p.liq_margin_ratio > b.ratio`,
  `SELECT ${POSITION_COLUMNS} FROM positions p ${POSITION_TICK_JOINS} WHERE p.perp_address = b.perp_address AND NOT p.is_closed AND p.is_maker`,
];

/**
 * Candidates of the given markets in one statement: per market, one UNION ALL branch per taker
 * side on positions_liquidation_key_idx (never an OR, which would scan the market's slice), one
 * for takers without a key (zero size), two for takers stored with another ratio than their
 * market's (positions_open_takers_ratio_idx) and one for the open makers (positions_open_makers_idx).
 */
export const CANDIDATES_SQL =
  `SELECT c.* FROM unnest($1::varchar[], $2::numeric[], $3::numeric[], $4::integer[]) AS b(perp_address, long_min, short_max, ratio) CROSS JOIN LATERAL (` +
  CANDIDATE_BRANCHES.join(' UNION ALL ') +
  `) c`;

/** CANDIDATES_SQL's parameters: the markets' key bounds as parallel arrays. */
export function candidateParams(bounds: MarketKeyBounds[]): unknown[] {
  return [
    bounds.map((b) => b.perpAddress),
    bounds.map((b) => b.longMinKeyX96.toString()),
    bounds.map((b) => b.shortMaxKeyX96.toString()),
    bounds.map((b) => b.liqMarginRatioE6),
  ];
}
