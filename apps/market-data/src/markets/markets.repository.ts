import { Injectable } from '@nestjs/common';
import {
  decodeMarketChainRow,
  FUNDING_HISTORY_API_COLUMNS,
  FundingHistoryApiRow,
  MARKET_CHAIN_COLUMNS,
  MarketApiRow,
  SNAPSHOT_API_COLUMNS,
  SnapshotApiRow,
  TRADE_API_COLUMNS,
  TradeApiRow,
  marketApiColumns,
  OPEN_INTEREST_HISTORY_API_COLUMNS,
  OpenInterestHistoryApiRow,
} from '@perp/index-db';
import { DataSource } from 'typeorm';
import { TimeRangeFields, timeRangeConditions } from '../common';
import { Stores } from '../stores/stores.module';
import { MarketsQuery } from './markets-query.dto';
import { marketsCountSql, marketsPageSql } from './markets-list-sql';
import { MarketWithSnapshot, PriceWindow } from './market-rows';

export interface PageRead<T> {
  rows: T[];
  total: number;
}

export interface PageParams extends TimeRangeFields {
  limit: number;
  offset: number;
}

/** `null` when the market does not exist. */
export type MarketPageRead<T> = PageRead<T> | null;

/**
 * Every market read of the index store, each in the WHERE / ORDER BY shape its index was
 * built for (libs/index-db QUERY_PATHS). Through `stores.index.run`: a store that is down
 * becomes 503 "Index store unavailable".
 */
@Injectable()
export class MarketsRepository {
  constructor(private readonly stores: Stores) {}

  private run<T>(work: (source: DataSource) => Promise<T>): Promise<T> {
    return this.stores.index.run(work);
  }

  async listMarkets(query: MarketsQuery): Promise<PageRead<MarketApiRow>> {
    const page = marketsPageSql(query);
    const count = marketsCountSql(query);
    return this.run(async (source) => {
      const [rows, [{ total }]] = await Promise.all([
        source.query(page.sql, page.params) as Promise<MarketApiRow[]>,
        source.query(count.sql, count.params) as Promise<Array<{ total: string }>>,
      ]);
      return { rows, total: Number(total) };
    });
  }

  /** The market and its latest snapshot in one statement (pkey + snapshots_market_time_idx). */
  async marketWithLatestSnapshot(perpAddress: string): Promise<MarketWithSnapshot | null> {
    const rows = (await this.run((source) =>
      source.query(
        `SELECT ${marketApiColumns('m')}, ${MARKET_CHAIN_COLUMNS.map((c) => `m.${c} AS c_${c}`).join(', ')}, s.id AS s_id, s."timestamp" AS s_timestamp, s.amm_price_x96 AS s_amm_price_x96, s.index_price_x96 AS s_index_price_x96
         FROM markets m
         LEFT JOIN LATERAL (
           SELECT id, "timestamp", amm_price_x96, index_price_x96 FROM snapshots
           WHERE perp_address = m.perp_address ORDER BY "timestamp" DESC, id DESC LIMIT 1
         ) s ON true
         WHERE m.perp_address = $1`,
        [perpAddress],
      ),
    )) as Array<MarketApiRow & { s_id: string | null; s_timestamp: Date; s_amm_price_x96: string; s_index_price_x96: string | null }>;
    if (rows.length === 0) return null;
    const chain = decodeMarketChainRow(rows[0] as unknown as Record<string, unknown>, 'c_');
    const { s_id, s_timestamp, s_amm_price_x96, s_index_price_x96, ...rest } = rows[0];
    const market = Object.fromEntries(Object.entries(rest).filter(([key]) => !key.startsWith('c_'))) as unknown as MarketApiRow;
    const snapshot: SnapshotApiRow | null =
      s_id === null
        ? null
        : { id: s_id, timestamp: s_timestamp, perp_address: market.perp_address, amm_price_x96: s_amm_price_x96, index_price_x96: s_index_price_x96 };
    return { market, snapshot, chain };
  }

  /**
   * The sqrt prices of the 24 h ending at the market's latest snapshot (both ends
   * inclusive): first, last, min and max, aggregated in SQL over an index range of
   * snapshots_market_time_idx. `undefined`: no such market; `null`: no snapshot yet.
   */
  async priceWindow(perpAddress: string): Promise<PriceWindow | null | undefined> {
    const rows = (await this.run((source) =>
      source.query(
        `SELECT m.perp_address, w.first, w.last, w.low, w.high
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
         WHERE m.perp_address = $1`,
        [perpAddress],
      ),
    )) as Array<{ perp_address: string; first: string | null; last: string | null; low: string | null; high: string | null }>;
    if (rows.length === 0) return undefined;
    const { first, last, low, high } = rows[0];
    return first === null || last === null || low === null || high === null ? null : { first, last, low, high };
  }

  /** Snapshots newest first (timestamp, then id), inclusive time range. */
  snapshotsPage(perpAddress: string, page: PageParams): Promise<MarketPageRead<SnapshotApiRow>> {
    return this.timeSeriesPage<SnapshotApiRow>('snapshots', SNAPSHOT_API_COLUMNS, perpAddress, page);
  }

  /** Trades newest first (timestamp, then id), inclusive time range. */
  tradesPage(perpAddress: string, page: PageParams): Promise<MarketPageRead<TradeApiRow>> {
    return this.timeSeriesPage<TradeApiRow>('trades', TRADE_API_COLUMNS, perpAddress, page);
  }

  /** Funding changes newest first (timestamp, then id), inclusive time range. */
  fundingPage(perpAddress: string, page: PageParams): Promise<MarketPageRead<FundingHistoryApiRow>> {
    return this.timeSeriesPage<FundingHistoryApiRow>('funding_history', FUNDING_HISTORY_API_COLUMNS, perpAddress, page);
  }

  /** Open-interest changes newest first (timestamp, then id), inclusive time range. */
  openInterestPage(perpAddress: string, page: PageParams): Promise<MarketPageRead<OpenInterestHistoryApiRow>> {
    return this.timeSeriesPage<OpenInterestHistoryApiRow>('open_interest_history', OPEN_INTEREST_HISTORY_API_COLUMNS, perpAddress, page);
  }

  /**
   * One page and its exact total: `count(*)` with the page's own WHERE, an index-only scan
   * of (perp_address, timestamp DESC, id DESC); the existence check rides along.
   */
  private timeSeriesPage<T>(
    table: 'snapshots' | 'trades' | 'funding_history' | 'open_interest_history',
    columns: string,
    perpAddress: string,
    page: PageParams,
  ): Promise<MarketPageRead<T>> {
    const params: unknown[] = [perpAddress];
    const where = ['perp_address = $1', ...timeRangeConditions('"timestamp"', page, params)].join(' AND ');
    const pageSql =
      `SELECT ${columns} FROM ${table} WHERE ${where} ORDER BY "timestamp" DESC, id DESC` + ` LIMIT $${params.length + 1} OFFSET $${params.length + 2}`;
    const countSql = `SELECT EXISTS (SELECT 1 FROM markets WHERE perp_address = $1) AS found, (SELECT count(*) FROM ${table} WHERE ${where}) AS total`;
    return this.run(async (source) => {
      const [rows, [{ found, total }]] = await Promise.all([
        source.query(pageSql, [...params, page.limit, page.offset]) as Promise<T[]>,
        source.query(countSql, params) as Promise<Array<{ found: boolean; total: string }>>,
      ]);
      return found ? { rows, total: Number(total) } : null;
    });
  }
}
