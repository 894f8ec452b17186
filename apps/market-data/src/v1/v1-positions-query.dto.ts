import { AddressField, BoolField, LiquidatablePageQuery, PositionsPageQuery } from '@perp/http';

export class V1PositionsQuery extends PositionsPageQuery {
  @AddressField({ description: 'Wallet address (any case)' }) wallet?: string;
  @AddressField({ description: 'Perp contract address (perp id)' }) market_id?: string;
  @BoolField({ description: 'true: open positions only; false: closed only' }) is_open?: boolean;
  @BoolField({ description: 'true: makers only; false: takers only' }) is_maker?: boolean;
  @BoolField({ description: 'true: longs; false: shorts (makers match neither)' }) is_long?: boolean;
}

export class V1LiquidatableQuery extends LiquidatablePageQuery {
  @AddressField({ description: 'Perp contract address (perp id)' }) market_id?: string;
}

/** GET /v1/positions/{position_id}: the market whose position it is (ids are local to each perp). */
export class V1PositionLookupQuery {
  @AddressField({ description: 'Perp contract address. Optional when only one market holds the id; else 422' }) perp_address?: string;
}
