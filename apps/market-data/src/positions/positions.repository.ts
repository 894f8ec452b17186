import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { Stores } from '../stores/stores.module';
import { measureCache } from '../common/cache-metrics';
import { decodeMarketState, MarketState } from './market-state';
import { MarkedMarkets } from './marked-markets';
import {
  ClosedPositionFigures,
  decodeClosedPositionFigures,
  decodePosition,
  MARK_AS_OF_SQL,
  MARKET_STATE_COLUMNS,
  POSITION_COLUMNS,
  POSITION_SETTLEMENT_COLUMNS,
  POSITION_SETTLEMENT_JOIN,
  POSITION_TICK_JOINS,
  PositionRecord,
} from '@perp/index-db';

export interface PositionFilter {
  holder?: string;
  perpAddress?: string;
  isOpen?: boolean;
  isMaker?: boolean;
  isLong?: boolean;
}

export interface PositionWithMarket {
  position: PositionRecord;
  market: MarketState;
  /** Realized PnL and net funding, summed in the same statement (null while open). */
  closed: ClosedPositionFigures;
}

/** A lookup by id: the position, none, or an id that several markets hold (ids are local to each perp). */
export type PositionLookup = ({ kind: 'found' } & PositionWithMarket) | { kind: 'none' } | { kind: 'ambiguous'; markets: number };

type Raw = Record<string, unknown>;

/**
 * Filters as literals (`NOT is_closed`, not `is_closed = $1`) so that Postgres can match
 * them to the partial and (column, id) indexes (index-db README: query paths).
 */
function filterConditions(filter: PositionFilter, params: unknown[]): string[] {
  const conditions: string[] = [];
  if (filter.holder !== undefined) {
    params.push(filter.holder);
    conditions.push(`p.holder = $${params.length}`);
  }
  if (filter.perpAddress !== undefined) {
    params.push(filter.perpAddress);
    conditions.push(`p.perp_address = $${params.length}`);
  }
  if (filter.isOpen !== undefined) conditions.push(filter.isOpen ? 'NOT p.is_closed' : 'p.is_closed');
  if (filter.isMaker !== undefined) conditions.push(filter.isMaker ? 'p.is_maker' : 'NOT p.is_maker');
  // Makers have no side (is_long null): either value of the filter leaves them out.
  if (filter.isLong !== undefined) conditions.push(filter.isLong ? 'p.is_long' : 'NOT p.is_long');
  return conditions;
}

const where = (conditions: string[]): string => (conditions.length > 0 ? `WHERE ${conditions.join(' AND ')}` : '');

/** Rows with their market: each market decoded once per statement, and marked once per distinct inputs (`marked`). */
function withMarkets(rows: Raw[], marked: MarkedMarkets): PositionWithMarket[] {
  const markets = new Map<string, MarketState>();
  return rows.map((row) => {
    const address = row['m_perp_address'] as string;
    let market = markets.get(address);
    if (!market) markets.set(address, (market = decodeMarketState(row, marked)));
    const position = decodePosition(row);
    return { position, market, closed: decodeClosedPositionFigures(row, position) };
  });
}

/** Every read of the position routes; a down index store surfaces as StoreUnavailableError (503). */
@Injectable()
export class PositionsRepository {
  private readonly marked = new MarkedMarkets(measureCache);

  constructor(private readonly stores: Stores) {}

  private run<T>(work: (source: DataSource) => Promise<T>): Promise<T> {
    return this.stores.index.run(work);
  }

  /**
   * A page ordered by id, each position with its market and that market's mark time (one probe per
   * distinct market of the page, not per row), a closed one with its settlement sums (one probe of
   * position_settlements_position_idx per closed row of the page), and the total by an indexed count.
   */
  async page(filter: PositionFilter, limit: number, offset: number): Promise<{ items: PositionWithMarket[]; total: number }> {
    const params: unknown[] = [];
    const conditions = where(filterConditions(filter, params));
    const pageSql =
      `WITH page AS (SELECT p.id, p.perp_address FROM positions p ${conditions} ORDER BY p.id, p.perp_address LIMIT $${params.length + 1} OFFSET $${params.length + 2}),` +
      ` marked AS MATERIALIZED (SELECT ${MARKET_STATE_COLUMNS}, ${MARK_AS_OF_SQL} AS m_mark_as_of FROM markets m WHERE m.perp_address IN (SELECT DISTINCT perp_address FROM page))` +
      ` SELECT ${POSITION_COLUMNS}, ${POSITION_SETTLEMENT_COLUMNS}, marked.* FROM page JOIN positions p ON p.perp_address = page.perp_address AND p.id = page.id JOIN marked ON marked.m_perp_address = p.perp_address` +
      ` ${POSITION_TICK_JOINS} ${POSITION_SETTLEMENT_JOIN} ORDER BY p.id, p.perp_address`;
    const countSql = `SELECT count(*) AS total FROM positions p ${conditions}`;
    return this.run(async (source) => {
      const [rows, count] = await Promise.all([source.query(pageSql, [...params, limit, offset]), source.query(countSql, params)]);
      return { items: withMarkets(rows as Raw[], this.marked), total: Number((count as Raw[])[0]['total']) };
    });
  }

  /**
   * A position by id, in one market or in any: ids are local to each perp, so without a market
   * the id may name several positions. At most two rows are read; only an ambiguous id costs a
   * count (positions_id_idx, index only) for the answer to name how many markets hold it.
   */
  async byId(id: number, perpAddress?: string): Promise<PositionLookup> {
    // Beyond 2^53 the number is no longer the id that was asked for; beyond int8 no row can match.
    if (!Number.isSafeInteger(id)) return { kind: 'none' };
    const key = BigInt(id).toString();
    const select =
      `SELECT ${POSITION_COLUMNS}, ${POSITION_SETTLEMENT_COLUMNS}, ${MARKET_STATE_COLUMNS}, ${MARK_AS_OF_SQL} AS m_mark_as_of` +
      ` FROM positions p JOIN markets m ON m.perp_address = p.perp_address ${POSITION_TICK_JOINS} ${POSITION_SETTLEMENT_JOIN}`;
    return this.run(async (source) => {
      const rows: Raw[] =
        perpAddress === undefined
          ? await source.query(`${select} WHERE p.id = $1 ORDER BY p.perp_address LIMIT 2`, [key])
          : await source.query(`${select} WHERE p.perp_address = $1 AND p.id = $2`, [perpAddress, key]);
      if (rows.length === 0) return { kind: 'none' };
      if (rows.length === 1) return { kind: 'found', ...withMarkets(rows, this.marked)[0] };
      const count: Raw[] = await source.query(`SELECT count(*) AS n FROM positions WHERE id = $1`, [key]);
      return { kind: 'ambiguous', markets: Number(count[0]['n']) };
    });
  }
}
