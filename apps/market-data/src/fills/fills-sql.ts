import { TradeApiRow } from '@perp/index-db';
import { TimeRangeFields, timeRangeConditions } from '../common';

export interface FillsFilter extends TimeRangeFields {
  holder: string;
  perp_address?: string;
}

export interface FillsPageParams extends FillsFilter {
  limit: number;
  offset: number;
}

export interface Sql {
  sql: string;
  params: unknown[];
}

/** A row of FILL_COLUMNS: a trades row with its position's holder and side. */
export interface FillRow extends TradeApiRow {
  holder: string;
  is_long: boolean | null;
}

/** Trade columns, then the position's holder and side. */
export const FILL_COLUMNS =
  't.id, t."timestamp", t.perp_address, t.pos_id, t.was_liquidated, t.perp_delta, t.usd_delta, t.mark_price_x96, t.funding, t.util_fees, t.liq_fee, p.holder, p.is_long';

/**
 * A holder's trades reached through its positions: positions_holder_idx finds the positions,
 * trades_position_time_idx each one's trades (libs/index-db QUERY_PATHS "fills of a holder").
 * The work is linear in the holder's trades, whatever the offset.
 */
function fillsFrom(filter: FillsFilter, params: unknown[]): string {
  params.push(filter.holder);
  const conditions = [`p.holder = $${params.length}`];
  if (filter.perp_address !== undefined) {
    params.push(filter.perp_address);
    conditions.push(`p.perp_address = $${params.length}`);
  }
  conditions.push(...timeRangeConditions('t."timestamp"', filter, params));
  return `FROM positions p JOIN trades t ON t.perp_address = p.perp_address AND t.pos_id = p.id WHERE ${conditions.join(' AND ')}`;
}

/** One page, newest first (timestamp, then id: ids are global, so the order is total). */
export function fillsPageSql(page: FillsPageParams): Sql {
  const params: unknown[] = [];
  const from = fillsFrom(page, params);
  params.push(page.limit, page.offset);
  return { sql: `SELECT ${FILL_COLUMNS} ${from} ORDER BY t."timestamp" DESC, t.id DESC LIMIT $${params.length - 1} OFFSET $${params.length}`, params };
}

/** The page's exact total, with the page's own WHERE. */
export function fillsCountSql(filter: FillsFilter): Sql {
  const params: unknown[] = [];
  const from = fillsFrom(filter, params);
  return { sql: `SELECT count(*) AS total ${from}`, params };
}
