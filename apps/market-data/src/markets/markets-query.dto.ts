import { AddressField, BoolField, DecimalField, LiteralField, MarketsPageQuery, StringField } from '@perp/http';

export const MARKET_SORTS = ['open_interest', 'funding', 'liquidity', 'created'] as const;
export type MarketSort = (typeof MARKET_SORTS)[number];
export const SORT_ORDERS = ['asc', 'desc'] as const;
export type SortOrder = (typeof SORT_ORDERS)[number];

/** GET /markets query (spec "Unversioned market routes"). */
export class MarketsQuery extends MarketsPageQuery {
  @AddressField({ description: 'Only markets of this beacon (any case)' })
  beacon?: string;

  @DecimalField({ ge: 0, description: 'Minimum long + short open interest, in perps (a number >= 0 or a decimal string)' })
  min_open_interest?: string;

  @DecimalField({ ge: 0, description: 'Maximum long + short open interest, in perps (a number >= 0 or a decimal string)' })
  max_open_interest?: string;

  @BoolField({ description: 'true: liquidity > 0; false: liquidity = 0' })
  has_liquidity?: boolean;

  @BoolField({ description: 'true: any open interest or liquidity; false: none' })
  active?: boolean;

  @StringField({ maxLength: 200, description: 'Case-insensitive substring of name, symbol or ticker (% and _ are literal)' })
  q?: string;

  @LiteralField(MARKET_SORTS, { default: 'created', description: 'Sort key; nulls last, ties by perp_address ascending' })
  sort!: MarketSort;

  @LiteralField(SORT_ORDERS, { default: 'desc' })
  order!: SortOrder;
}
