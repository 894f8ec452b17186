import { ApiAddress, ApiDecimal, ApiInteger, ApiString } from '../common';

/** Market (unversioned), field for field as the spec lists it. */
export class MarketDto {
  @ApiAddress({ description: 'Perp contract address (canonical identifier)' })
  perp_address!: string;

  @ApiAddress({ nullable: true, deprecated: true, description: 'Deprecated alias of perp_address (same value)' })
  perp!: string | null;

  @ApiAddress()
  beacon_address!: string;

  @ApiAddress()
  owner!: string;

  @ApiString()
  name!: string;

  @ApiString()
  symbol!: string;

  @ApiString()
  token_uri!: string;

  @ApiString({ description: 'Uniswap v4 pool id, bytes32 hex' })
  pool_id!: string;

  @ApiAddress()
  pricing_module!: string;

  @ApiAddress()
  funding_module!: string;

  @ApiAddress()
  fees_module!: string;

  @ApiAddress()
  margin_ratios_module!: string;

  @ApiAddress()
  price_impact_module!: string;

  @ApiDecimal({ description: 'EMA window, seconds' })
  ema_window!: string;

  @ApiDecimal({ description: 'Fraction (0.05 = 5%)' })
  protocol_fee!: string;

  @ApiDecimal({
    nullable: true,
    description: 'USD per perp, the stored EMA of the pool price (X96) as of the last touch; the contract mark is /live mark_price',
  })
  mark_price!: string | null;

  @ApiDecimal({ nullable: true, description: 'USD per perp, from the EMA index price (X96)' })
  index_price!: string | null;

  @ApiDecimal({ nullable: true, description: 'Funding per day, signed; positive means longs pay shorts' })
  funding_rate_daily!: string | null;

  @ApiDecimal({ description: 'Perps' })
  open_interest_long!: string;

  @ApiDecimal({ description: 'Perps' })
  open_interest_short!: string;

  @ApiDecimal({ description: 'Perps' })
  capacity_long!: string;

  @ApiDecimal({ description: 'Perps' })
  capacity_short!: string;

  @ApiDecimal({ description: 'Raw Uniswap liquidity (an integer)' })
  liquidity!: string;

  @ApiInteger()
  tick!: number;

  @ApiDecimal({ description: 'USDC' })
  insurance!: string;

  @ApiDecimal({ description: 'USDC' })
  bad_debt!: string;

  @ApiDecimal({ description: 'USDC' })
  total_margin!: string;

  @ApiInteger({ nullable: true, description: 'Unix seconds' })
  created_at!: number | null;

  @ApiInteger({ nullable: true, description: 'Unix seconds' })
  last_touched_at!: number | null;

  @ApiString({ nullable: true })
  description!: string | null;

  @ApiString({ nullable: true })
  photo_url!: string | null;

  @ApiString({ nullable: true })
  data_source!: string | null;

  @ApiString({ nullable: true })
  card_label!: string | null;

  @ApiString({ nullable: true })
  ticker!: string | null;
}
