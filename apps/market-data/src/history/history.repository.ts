import { Injectable } from '@nestjs/common';
import { TimeRangeFields, timeRangeConditions } from '../common';
import { Stores } from '../stores/stores.module';
import { MeasurementRow } from './history-merge';

/** The exact UTC time of a timestamptz as text (microseconds): the same key from both stores. */
const tsKey = (column: string) => `to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

export interface HistoryPage {
  rows: MeasurementRow[];
  total: number;
}

/** History reads: the ticker (index store), the raw series and boundary (source store), the chain index (index store). */
@Injectable()
export class HistoryRepository {
  constructor(private readonly stores: Stores) {}

  /** The market of a cosmetic ticker (exact match, markets_ticker_key), or null. */
  async perpAddressOfTicker(ticker: string): Promise<string | null> {
    const rows = (await this.stores.index.run((source) => source.query('SELECT perp_address FROM markets WHERE ticker = $1', [ticker]))) as Array<{
      perp_address: string;
    }>;
    return rows[0]?.perp_address ?? null;
  }

  /**
   * A page of the market's raw series, oldest first, with each point's side of the
   * boundary (one LEFT JOIN on market_boundaries_pkey), and its exact total
   * (index-only count on measurements_pkey).
   */
  async measurementsPage(perpAddress: string, page: TimeRangeFields & { limit: number; offset: number }): Promise<HistoryPage> {
    const params: unknown[] = [perpAddress];
    const where = ['m.perp_address = $1', ...timeRangeConditions('m.ts', page, params)].join(' AND ');
    const pageSql =
      `SELECT m.ts, ${tsKey('m.ts')} AS ts_key, m.raw_value, m.index_x96, m.origin,` +
      ` (b.boundary_ts IS NOT NULL AND m.ts >= b.boundary_ts) AS on_chain` +
      ` FROM measurements m LEFT JOIN market_boundaries b ON b.perp_address = m.perp_address` +
      ` WHERE ${where} ORDER BY m.ts ASC LIMIT $${params.length + 1} OFFSET $${params.length + 2}`;
    const countSql = `SELECT count(*) AS total FROM measurements m WHERE ${where}`;
    return this.stores.source.run(async (source) => {
      const [rows, [{ total }]] = await Promise.all([
        source.query(pageSql, [...params, page.limit, page.offset]) as Promise<MeasurementRow[]>,
        source.query(countSql, params) as Promise<Array<{ total: string }>>,
      ]);
      return { rows, total: Number(total) };
    });
  }

  /**
   * The on-chain index at exactly the given times (ts_key), from the snapshots between the
   * first and last of them (snapshots_market_time_idx). Several snapshots at one time: the
   * last written (highest id) wins.
   */
  async chainIndexAt(perpAddress: string, tsKeys: string[]): Promise<Map<string, string | null>> {
    const index = new Map<string, string | null>();
    if (tsKeys.length === 0) return index;
    const sorted = [...tsKeys].sort();
    const rows = (await this.stores.index.run((source) =>
      source.query(
        `SELECT ${tsKey('"timestamp"')} AS ts_key, index_price_x96 FROM snapshots
         WHERE perp_address = $1 AND "timestamp" >= $2::timestamptz AND "timestamp" <= $3::timestamptz AND "timestamp" = ANY($4::timestamptz[])
         ORDER BY "timestamp" ASC, id ASC`,
        [perpAddress, sorted[0], sorted[sorted.length - 1], sorted],
      ),
    )) as Array<{ ts_key: string; index_price_x96: string | null }>;
    for (const row of rows) index.set(row.ts_key, row.index_price_x96);
    return index;
  }
}
