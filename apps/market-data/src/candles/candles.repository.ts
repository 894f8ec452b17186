import { Injectable } from '@nestjs/common';
import { CANDLE_VERSIONS_SQL, CandleApiRow, CandlePageRow, candlesPageSql, candlesTotalSql, candlesWithOpenInterest } from '@perp/index-db';
import { timeRangeConditions } from '../common';
import { Stores } from '../stores/stores.module';
import { CandlesQuery, CANDLE_RESOLUTION_SECONDS } from './candles-query.dto';

/** One page of candles and its total; null when the market does not exist. */
export type CandlesRead = { rows: CandleApiRow[]; total: number } | null;

/**
 * Candles from the write-time rollup (libs/index-db migration 007), never from the snapshots: the
 * page is a backward range scan of candles_pkey with the open-interest points of its span
 * (candlesPageSql), its total two rank probes of it (QUERY_PATHS "candles page" and "candles total"). Through `stores.index.run`: a store that is down is 503.
 */
@Injectable()
export class CandlesRepository {
  constructor(private readonly stores: Stores) {}

  page(perpAddress: string, query: CandlesQuery): Promise<CandlesRead> {
    const params: unknown[] = [perpAddress, CANDLE_RESOLUTION_SECONDS[query.resolution]];
    const range = timeRangeConditions('bucket', query, params);
    const where = ['perp_address = $1', 'resolution = $2', ...range].join(' AND ');
    const pageSql = candlesPageSql(where, params.length + 1, params.length + 2);
    const first = query.start_time ? `bucket >= $3` : 'true';
    const last = query.end_time ? `bucket <= $${query.start_time ? 4 : 3}` : 'true';
    return this.stores.index.run(async (source) => {
      const [rows, [{ found, total }]] = await Promise.all([
        source.query(pageSql, [...params, query.limit, query.offset]) as Promise<CandlePageRow[]>,
        source.query(candlesTotalSql(first, last), params) as Promise<Array<{ found: boolean; total: string }>>,
      ]);
      return found ? { rows: candlesWithOpenInterest(rows), total: Number(total) } : null;
    });
  }

  /** The market's candle write versions (CANDLE_VERSIONS_SQL), one primary-key probe; null for a market never written. */
  versions(perpAddress: string): Promise<string | null> {
    return this.stores.index.run(async (source) => {
      const [row] = (await source.query(CANDLE_VERSIONS_SQL, [perpAddress])) as Array<{ versions: string | null }>;
      return row?.versions ?? null;
    });
  }
}
