import { OPEN_INTEREST_TOTAL_SQL, marketApiColumns } from '@perp/index-db';
import { BigNumber } from '@perp/x96-math';
import { MarketSort, MarketsQuery, SortOrder } from './markets-query.dto';

/**
 * Sort keys, spelled exactly as the sort indexes were built (libs/index-db): the
 * open-interest one must be OPEN_INTEREST_TOTAL_SQL verbatim for its expression index.
 */
const SORT_KEYS: Record<MarketSort, string> = {
  open_interest: OPEN_INTEREST_TOTAL_SQL,
  funding: 'funding_per_day',
  liquidity: 'liquidity',
  created: 'created_at',
};

/** `%`, `_` and the escape itself are literal in `q`. */
export function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/** Perps (human units, a plain decimal string) -> atoms, as a numeric literal parameter (may be fractional). */
const perpsToAtoms = (perps: string): string => new BigNumber(perps).shiftedBy(6).toFixed();

export interface SqlQuery {
  sql: string;
  params: unknown[];
}

/** The WHERE clause of GET /markets (shared by the page and its total). */
export function marketsWhere(query: MarketsQuery): SqlQuery {
  const params: unknown[] = [];
  const where: string[] = [];
  const param = (value: unknown): string => {
    params.push(value);
    return `$${params.length}`;
  };
  if (query.beacon !== undefined) where.push(`beacon_address = ${param(query.beacon)}`);
  if (query.min_open_interest !== undefined) where.push(`${OPEN_INTEREST_TOTAL_SQL} >= ${param(perpsToAtoms(query.min_open_interest))}::numeric`);
  if (query.max_open_interest !== undefined) where.push(`${OPEN_INTEREST_TOTAL_SQL} <= ${param(perpsToAtoms(query.max_open_interest))}::numeric`);
  if (query.has_liquidity !== undefined) where.push(query.has_liquidity ? 'liquidity > 0' : 'liquidity = 0');
  if (query.active !== undefined) {
    // Amounts are >= 0 (CHECK), so "any open interest or liquidity" is a sum above zero per kind.
    const active = `(${OPEN_INTEREST_TOTAL_SQL} > 0 OR liquidity > 0)`;
    where.push(query.active ? active : `NOT ${active}`);
  }
  if (query.q !== undefined && query.q !== '') {
    const pattern = param(`%${escapeLike(query.q)}%`);
    where.push(`(name ILIKE ${pattern} ESCAPE '\\' OR symbol ILIKE ${pattern} ESCAPE '\\' OR ticker ILIKE ${pattern} ESCAPE '\\')`);
  }
  return { sql: where.length ? `WHERE ${where.join(' AND ')}` : '', params };
}

/** ORDER BY <key> ASC|DESC NULLS LAST, perp_address ASC: the shape of the markets_*_{asc,desc}_idx indexes. */
export function marketsOrderBy(sort: MarketSort, order: SortOrder): string {
  return `ORDER BY ${SORT_KEYS[sort]} ${order === 'asc' ? 'ASC' : 'DESC'} NULLS LAST, perp_address ASC`;
}

export function marketsPageSql(query: MarketsQuery): SqlQuery {
  const { sql: where, params } = marketsWhere(query);
  const sql =
    `SELECT ${marketApiColumns()} FROM markets ${where} ${marketsOrderBy(query.sort, query.order)}` +
    ` LIMIT $${params.length + 1} OFFSET $${params.length + 2}`;
  return { sql, params: [...params, query.limit, query.offset] };
}

/** Exact total: markets has one row per perp (hundreds at most), so a count is cheap. */
export function marketsCountSql(query: MarketsQuery): SqlQuery {
  const { sql: where, params } = marketsWhere(query);
  return { sql: `SELECT count(*) AS total FROM markets ${where}`, params };
}
