/** Candle resolutions in seconds, each rolled up from the one before it (the first from the rows): the `candles` table (migration 007). */
export const CANDLE_RESOLUTIONS = [60, 300, 900, 3_600, 14_400, 86_400] as const;
export type CandleResolutionSeconds = (typeof CANDLE_RESOLUTIONS)[number];

/** A session that sets this to 'on' (set_config) writes snapshots and trades without the candle triggers; it must call candles_rebuild() after. */
export const DEFER_ROLLUPS_SETTING = 'perp.defer_rollups';

/** A candles row as `pg` returns it: numerics and int8 as strings, timestamptz as Date. */
export interface CandleApiRow {
  bucket: Date;
  open_sqrt_x96: string | null;
  high_sqrt_x96: string | null;
  low_sqrt_x96: string | null;
  close_sqrt_x96: string | null;
  open_index_x96: string | null;
  high_index_x96: string | null;
  low_index_x96: string | null;
  close_index_x96: string | null;
  volume_usd: string;
  volume_perps: string;
  trade_count: number;
  /** The market's open interest in force at the bucket's start (candlesPageSql's probe); null before its first point. */
  open_interest_long: string | null;
  open_interest_short: string | null;
}

/** The candles columns of a CandleApiRow. */
export const CANDLE_API_COLUMNS =
  'bucket, open_sqrt_x96, high_sqrt_x96, low_sqrt_x96, close_sqrt_x96, open_index_x96, high_index_x96, low_index_x96, close_index_x96, volume_usd, volume_perps, trade_count';

/**
 * A page of CandleApiRows, newest first: the candles matching `where` ($1 is the market)
 * by a backward range scan of candles_pkey, then per candle of the page (never the offset's)
 * the open interest in force at its start: the market's last open_interest_history point
 * strictly before the bucket (a point at the start is a change inside the interval), one probe
 * of open_interest_history_market_time_idx.
 *
 * Read time, not a column kept at write time: the OI history is written by the markets trigger
 * and the candles by the snapshots and trades triggers, each on its own schedule (and a
 * rewind deletes each by its own key), so a stored copy would need the one to refresh the other
 * for every later candle. The probes cost ~1 ms of Postgres time for 1000 candles on the demo
 * preset (apps/market-data/README.md "Candles").
 */
export function candlesPageSql(where: string, limitParam: number, offsetParam: number): string {
  return `SELECT c.*, oi.open_interest_long, oi.open_interest_short
    FROM (SELECT ${CANDLE_API_COLUMNS} FROM candles c WHERE ${where} ORDER BY bucket DESC LIMIT $${limitParam} OFFSET $${offsetParam}) c
    LEFT JOIN LATERAL (
      SELECT h.open_interest_long, h.open_interest_short FROM open_interest_history h
       WHERE h.perp_address = $1 AND h."timestamp" < c.bucket ORDER BY h."timestamp" DESC, h.id DESC LIMIT 1
    ) oi ON true
   ORDER BY c.bucket DESC`;
}

/**
 * Whether the market exists ($1), and how many of its candles of resolution $2 start in the range:
 * the rank of the last minus the rank of the first, plus one, each one probe of candles_pkey,
 * never a count of the rows between. `first` and `last` are the conditions on "bucket" of each
 * probe ("true" for an open end).
 */
export function candlesTotalSql(first: string, last: string): string {
  const probe = (condition: string, order: 'ASC' | 'DESC') =>
    `(SELECT ord FROM candles WHERE perp_address = $1 AND resolution = $2 AND ${condition} ORDER BY bucket ${order} LIMIT 1)`;
  return `SELECT EXISTS (SELECT 1 FROM markets WHERE perp_address = $1) AS found, coalesce(GREATEST(${probe(last, 'DESC')} - ${probe(first, 'ASC')} + 1, 0), 0) AS total`;
}
