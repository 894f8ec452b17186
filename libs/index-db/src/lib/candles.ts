/** Candle resolutions in seconds, each rolled up from the one before it (the first from the rows): the `candles` table (migration 007). */
export const CANDLE_RESOLUTIONS = [60, 300, 900, 3_600, 14_400, 86_400] as const;

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
  /** The market's open interest in force at the bucket's start (candlesWithOpenInterest); null before its first point. */
  open_interest_long: string | null;
  open_interest_short: string | null;
}

/** The candles columns of a CandleApiRow. */
export const CANDLE_API_COLUMNS =
  'bucket, open_sqrt_x96, high_sqrt_x96, low_sqrt_x96, close_sqrt_x96, open_index_x96, high_index_x96, low_index_x96, close_index_x96, volume_usd, volume_perps, trade_count';

/** A row of candlesPageSql: a candle (open interest null until candlesWithOpenInterest), or an open-interest point (trade_count null). */
export interface CandlePageRow extends Omit<CandleApiRow, 'trade_count'> {
  trade_count: number | null;
  /** The open_interest_history id of a point row; null on a candle. */
  point_id: string | null;
}

/**
 * A page of candles matching `where` ($1 is the market), newest first, by a backward range scan
 * of candles_pkey, interleaved with the market's open_interest_history points from the last one
 * before the page's oldest candle up to its newest (one probe and one range scan of
 * open_interest_history_market_time_idx); candlesWithOpenInterest gives each candle the point in
 * force at its start. A point at exactly a candle's start sorts before it in this newest-first
 * order (after it in time), so it counts for the next candle, as a change inside the interval.
 *
 * Read time, not a column kept at write time: the points are written by the markets trigger and
 * the candles by the snapshots and trades triggers, each on its own schedule (and a rewind
 * deletes each by its own key), so a stored copy would need each point to rewrite every later
 * candle of six resolutions. On the demo preset's busiest market (1,085 points in 7 days) a
 * 1000-candle page took 1.2 ms in Postgres this way, against 0.2 ms without the points and
 * 3.4 ms with a lateral probe of the index per candle (apps/market-data/README.md "Candles").
 */
export function candlesPageSql(where: string, limitParam: number, offsetParam: number): string {
  const nulls = (n: number) => Array.from({ length: n }, () => 'NULL').join(', ');
  return `WITH c AS (SELECT ${CANDLE_API_COLUMNS} FROM candles WHERE ${where} ORDER BY bucket DESC LIMIT $${limitParam} OFFSET $${offsetParam}),
    p AS (
      SELECT h."timestamp", h.id, h.open_interest_long, h.open_interest_short FROM open_interest_history h
       WHERE h.perp_address = $1 AND h."timestamp" < (SELECT max(bucket) FROM c)
         AND h."timestamp" >= coalesce((SELECT b."timestamp" FROM open_interest_history b WHERE b.perp_address = $1 AND b."timestamp" < (SELECT min(bucket) FROM c)
                                        ORDER BY b."timestamp" DESC, b.id DESC LIMIT 1), '-infinity')
    )
    SELECT c.*, NULL::numeric AS open_interest_long, NULL::numeric AS open_interest_short, NULL::bigint AS point_id FROM c
    UNION ALL
    SELECT "timestamp", ${nulls(11)}, open_interest_long, open_interest_short, id FROM p
    ORDER BY bucket DESC, point_id DESC NULLS LAST`;
}

/**
 * The candles of candlesPageSql's rows, newest first, each with the open interest of the last
 * point before it in time (the latest by (timestamp, id), as the markets trigger compares); null
 * before the market's first point. Fills the rows in place.
 */
export function candlesWithOpenInterest(rows: CandlePageRow[]): CandleApiRow[] {
  const candles: CandleApiRow[] = [];
  let long: string | null = null;
  let short: string | null = null;
  for (let i = rows.length - 1; i >= 0; i--) {
    const row = rows[i];
    if (row.point_id !== null) {
      long = row.open_interest_long;
      short = row.open_interest_short;
      continue;
    }
    row.open_interest_long = long;
    row.open_interest_short = short;
    candles.push(row as CandleApiRow);
  }
  return candles.reverse();
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

/**
 * The write versions of a market's candles and open-interest points (migration 012), as one
 * text ($1 the market); null for a market never written. Read before a candles page, equal to the
 * text read before a kept page: nothing the page reads has changed since.
 */
export const CANDLE_VERSIONS_SQL =
  `SELECT string_agg(table_name || ':' || version, ',' ORDER BY table_name) AS versions FROM market_write_versions` +
  ` WHERE perp_address = $1 AND table_name IN ('candles', 'open_interest_history')`;
