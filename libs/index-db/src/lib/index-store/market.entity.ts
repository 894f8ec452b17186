import { Check, Column, Entity, Index, PrimaryColumn } from 'typeorm';
import { AddressColumn, addressCheck, OnChainIntegerColumn, SmallIntegerColumn, UnixSecondsColumn, BlockNumberColumn } from '../columns';

/**
 * Long plus short open interest, the key of the `open_interest` sort and of the
 * min/max_open_interest filters. The expression indexes are built on exactly this text:
 * a query must spell it the same way (a table alias prefix is fine) to use them.
 */
export const OPEN_INTEREST_TOTAL_SQL = '(open_interest_long + open_interest_short)';

/**
 * Every `/markets` sort has one index per direction, since sorts put nulls last and break
 * ties by perp_address ascending whatever the order.
 *
 * A perp market: the spec's Market fields plus the state the API derives its figures from.
 * One row per perp contract, updated in place by the indexer.
 */
@Entity({ name: 'markets' })
@Check('markets_perp_address_check', addressCheck('perp_address'))
@Check('markets_beacon_address_check', addressCheck('beacon_address'))
@Check('markets_owner_check', addressCheck('owner'))
@Check('markets_pricing_module_check', addressCheck('pricing_module'))
@Check('markets_funding_module_check', addressCheck('funding_module'))
@Check('markets_fees_module_check', addressCheck('fees_module'))
@Check('markets_margin_ratios_module_check', addressCheck('margin_ratios_module'))
@Check('markets_price_impact_module_check', addressCheck('price_impact_module'))
@Check('markets_pool_id_check', `"pool_id" ~ '^0x[0-9a-f]{64}$'`)
@Check('markets_tick_range_check', `"min_tick" < "max_tick" AND "tick" BETWEEN "min_tick" AND "max_tick" AND "tick_spacing" > 0`)
@Check(
  'markets_ratios_check',
  `"protocol_fee" BETWEEN 0 AND 1000000 AND "taker_liq_margin_ratio" BETWEEN 0 AND 1000000 AND "taker_backstop_margin_ratio" BETWEEN 0 AND "taker_liq_margin_ratio" AND "maker_liq_margin_ratio" BETWEEN 0 AND 1000000 AND "maker_backstop_margin_ratio" BETWEEN 0 AND "maker_liq_margin_ratio" AND "creator_fee" BETWEEN 0 AND 1000000 AND "insurance_fee" BETWEEN 0 AND 1000000 AND "lp_fee" BETWEEN 0 AND 1000000 AND "liquidation_fee" BETWEEN 0 AND 1000000`,
)
@Check(
  'markets_amounts_check',
  `"open_interest_long" >= 0 AND "open_interest_short" >= 0 AND "capacity_long" >= 0 AND "capacity_short" >= 0 AND "liquidity" >= 0 AND "insurance" >= 0 AND "bad_debt" >= 0 AND "total_margin" >= 0 AND "sqrt_price_x96" > 0 AND "ema_window" > 0`,
)
@Index('markets_beacon_address_idx', ['beaconAddress'])
@Index('markets_ticker_key', ['ticker'], { unique: true, where: '"ticker" IS NOT NULL' })
// Sort indexes: (key ASC NULLS LAST, perp_address) and (key DESC NULLS LAST, perp_address).
// TypeORM cannot spell directions; the migration does, and the schema check compares names and columns.
@Index('markets_created_asc_idx', ['createdAt', 'perpAddress'])
@Index('markets_created_desc_idx', ['createdAt', 'perpAddress'])
@Index('markets_funding_asc_idx', ['fundingPerDay', 'perpAddress'])
@Index('markets_funding_desc_idx', ['fundingPerDay', 'perpAddress'])
@Index('markets_liquidity_asc_idx', ['liquidity', 'perpAddress'])
@Index('markets_liquidity_desc_idx', ['liquidity', 'perpAddress'])
// Expression indexes on OPEN_INTEREST_TOTAL_SQL: outside TypeORM's model, so not synchronized.
@Index('markets_open_interest_asc_idx', { synchronize: false })
@Index('markets_open_interest_desc_idx', { synchronize: false })
export class Market {
  @PrimaryColumn({ name: 'perp_address', type: 'character varying', length: 42, primaryKeyConstraintName: 'markets_pkey' })
  perpAddress!: string;

  @AddressColumn('beacon_address')
  beaconAddress!: string;

  @AddressColumn('owner')
  owner!: string;

  @Column({ name: 'name', type: 'text' })
  name!: string;

  @Column({ name: 'symbol', type: 'text' })
  symbol!: string;

  @Column({ name: 'token_uri', type: 'text' })
  tokenUri!: string;

  @Column({ name: 'pool_id', type: 'character varying', length: 66, comment: 'Uniswap v4 pool id, bytes32 hex' })
  poolId!: string;

  @AddressColumn('pricing_module')
  pricingModule!: string;

  @AddressColumn('funding_module')
  fundingModule!: string;

  @AddressColumn('fees_module')
  feesModule!: string;

  @AddressColumn('margin_ratios_module')
  marginRatiosModule!: string;

  @AddressColumn('price_impact_module')
  priceImpactModule!: string;

  @UnixSecondsColumn('ema_window', { comment: 'EMA window of the mark and index prices, seconds' })
  emaWindow!: number;

  @SmallIntegerColumn('protocol_fee', { comment: '1e6-scaled fraction' })
  protocolFee!: number;

  @SmallIntegerColumn('tick_spacing')
  tickSpacing!: number;

  @SmallIntegerColumn('min_tick', { comment: 'lowest tick the pool may trade at; prices are bounded by it' })
  minTick!: number;

  @SmallIntegerColumn('max_tick', { comment: 'highest tick the pool may trade at; prices are bounded by it' })
  maxTick!: number;

  @SmallIntegerColumn('taker_liq_margin_ratio', { comment: '1e6-scaled maintenance margin ratio of takers' })
  takerLiqMarginRatio!: number;

  @SmallIntegerColumn('taker_backstop_margin_ratio', { comment: '1e6-scaled backstop margin ratio of takers' })
  takerBackstopMarginRatio!: number;

  @SmallIntegerColumn('maker_liq_margin_ratio', { comment: '1e6-scaled maintenance margin ratio of makers' })
  makerLiqMarginRatio!: number;

  @SmallIntegerColumn('maker_backstop_margin_ratio', { comment: '1e6-scaled backstop margin ratio of makers' })
  makerBackstopMarginRatio!: number;

  @SmallIntegerColumn('creator_fee', { comment: '1e6-scaled fraction of notional' })
  creatorFee!: number;

  @SmallIntegerColumn('insurance_fee', { comment: '1e6-scaled fraction of notional' })
  insuranceFee!: number;

  @SmallIntegerColumn('lp_fee', { comment: '1e6-scaled fraction of notional' })
  lpFee!: number;

  @SmallIntegerColumn('liquidation_fee', { comment: '1e6-scaled fraction of notional' })
  liquidationFee!: number;

  @OnChainIntegerColumn('sqrt_price_x96', { comment: 'pool sqrtPriceX96 after the last indexed event' })
  sqrtPriceX96!: bigint;

  @SmallIntegerColumn('tick', { comment: 'pool tick after the last indexed event' })
  tick!: number;

  @OnChainIntegerColumn('liquidity', { comment: 'raw Uniswap in-range liquidity' })
  liquidity!: bigint;

  @OnChainIntegerColumn('ema_amm_price_x96', { nullable: true, comment: 'EMA of the pool price, plain X96 (the mark); null before the first update' })
  emaAmmPriceX96!: bigint | null;

  @OnChainIntegerColumn('ema_index_price_x96', { nullable: true, comment: 'EMA of the index price, plain X96; null before the first update' })
  emaIndexPriceX96!: bigint | null;

  @OnChainIntegerColumn('funding_per_day', { nullable: true, comment: '1e18-scaled signed daily rate; positive means longs pay shorts' })
  fundingPerDay!: bigint | null;

  @OnChainIntegerColumn('cumulative_funding_x96', { comment: 'funding paid per 1 perp since creation, USD as X96, signed' })
  cumulativeFundingX96!: bigint;

  @OnChainIntegerColumn('index_price_x96', { nullable: true, comment: 'beacon index() at the last indexed event, plain X96; null before the first update' })
  indexPriceX96!: bigint | null;

  @UnixSecondsColumn('rates_last_touch', {
    nullable: true,
    comment: 'rates().lastTouch (unix seconds): the time the cumulatives and the EMAs are current as of',
  })
  ratesLastTouch!: number | null;

  @OnChainIntegerColumn('funding_div_sqrt_p_x96', { default: 0, comment: 'cumulatives().fundingDivSqrtPX96, signed X96, as of rates_last_touch' })
  fundingDivSqrtPX96!: bigint;

  @OnChainIntegerColumn('long_util_payments_x96', {
    default: 0,
    comment: 'cumulatives().longUtilPaymentsX96: USDC atoms per long perp atom, X96, as of rates_last_touch',
  })
  longUtilPaymentsX96!: bigint;

  @OnChainIntegerColumn('short_util_payments_x96', {
    default: 0,
    comment: 'cumulatives().shortUtilPaymentsX96: USDC atoms per short perp atom, X96, as of rates_last_touch',
  })
  shortUtilPaymentsX96!: bigint;

  @OnChainIntegerColumn('long_util_earnings_x96', {
    default: 0,
    comment: 'cumulatives().longUtilEarningsX96: USDC atoms per perp atom of long capacity, X96, as of rates_last_touch',
  })
  longUtilEarningsX96!: bigint;

  @OnChainIntegerColumn('short_util_earnings_x96', {
    default: 0,
    comment: 'cumulatives().shortUtilEarningsX96: USDC atoms per perp atom of short capacity, X96, as of rates_last_touch',
  })
  shortUtilEarningsX96!: bigint;

  @OnChainIntegerColumn('long_util_fee_per_day', { default: 0, comment: 'rates().longUtilFeePerDay, 1e18-scaled' })
  longUtilFeePerDay!: bigint;

  @OnChainIntegerColumn('short_util_fee_per_day', { default: 0, comment: 'rates().shortUtilFeePerDay, 1e18-scaled' })
  shortUtilFeePerDay!: bigint;

  @OnChainIntegerColumn('fee_growth_global1_x128', { default: 0, comment: 'PoolManager feeGrowthGlobal1X128 of the pool (USDC), Q128, wrapping' })
  feeGrowthGlobal1X128!: bigint;

  @OnChainIntegerColumn('open_interest_long', { comment: 'perp atoms: sum of open long taker sizes' })
  openInterestLong!: bigint;

  @OnChainIntegerColumn('open_interest_short', { comment: 'perp atoms: sum of open short taker sizes' })
  openInterestShort!: bigint;

  @OnChainIntegerColumn('capacity_long', { comment: 'perp atoms the open maker ranges hold above the pool price' })
  capacityLong!: bigint;

  @OnChainIntegerColumn('capacity_short', { comment: 'perp atoms the open maker ranges absorb below the pool price' })
  capacityShort!: bigint;

  @OnChainIntegerColumn('insurance', { comment: 'USDC atoms' })
  insurance!: bigint;

  @OnChainIntegerColumn('bad_debt', { comment: 'USDC atoms' })
  badDebt!: bigint;

  @OnChainIntegerColumn('total_margin', { comment: 'USDC atoms: sum of the margins of open positions' })
  totalMargin!: bigint;

  @UnixSecondsColumn('created_at', { nullable: true })
  createdAt!: number | null;

  @UnixSecondsColumn('last_touched_at', { nullable: true })
  lastTouchedAt!: number | null;

  @Column({ name: 'description', type: 'text', nullable: true })
  description!: string | null;

  @Column({ name: 'photo_url', type: 'text', nullable: true })
  photoUrl!: string | null;

  @Column({ name: 'data_source', type: 'text', nullable: true })
  dataSource!: string | null;

  @Column({ name: 'card_label', type: 'text', nullable: true })
  cardLabel!: string | null;

  @Column({ name: 'ticker', type: 'text', nullable: true, comment: 'cosmetic; resolves /markets/{ticker}/history' })
  ticker!: string | null;

  @BlockNumberColumn()
  blockNumber!: number | null;
}
