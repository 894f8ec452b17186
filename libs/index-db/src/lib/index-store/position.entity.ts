import { Check, Column, Entity, Index, JoinColumn, ManyToOne, PrimaryColumn } from 'typeorm';
import { AddressColumn, addressCheck, OnChainIntegerColumn, SmallIntegerColumn, UnixSecondsColumn, BlockNumberColumn } from '../columns';
import { LIQ_KEY_COMMENT } from '../liquidation-mark';
import { Market } from './market.entity';

/**
 * A taker or maker position, as its latest on-chain state. Figures that depend on the
 * current mark (unrealized PnL, effective margin) are derived by the API; the liquidation
 * mark does not depend on it, so it is computed at write time and indexed.
 */
@Entity({ name: 'positions' })
@Check('positions_holder_check', addressCheck('holder'))
@Check(
  'positions_kind_check',
  `("is_maker" AND "is_long" IS NULL AND "liq_mark_x96" IS NULL AND "tick_lower" IS NOT NULL AND "tick_upper" IS NOT NULL AND "liquidity" IS NOT NULL AND "tick_lower" < "tick_upper")` +
    ` OR (NOT "is_maker" AND "is_long" IS NOT NULL AND "tick_lower" IS NULL AND "tick_upper" IS NULL AND "liquidity" IS NULL)`,
)
@Check('positions_closed_check', `"is_closed" = ("close_timestamp" IS NOT NULL) AND "is_closed" = ("was_liquidated" IS NOT NULL)`)
@Check('positions_liq_key_check', `("liq_key_x96" IS NULL) = ("liq_mark_x96" IS NULL)`)
@Check('positions_margin_check', `"margin" >= 0 AND "liq_margin_ratio" BETWEEN 0 AND 1000000 AND "backstop_margin_ratio" BETWEEN 0 AND "liq_margin_ratio"`)
// Pages are ordered by (id, perp_address): ids are local to each perp (positions_pkey is (perp_address, id)).
@Index('positions_id_idx', ['id', 'perpAddress'])
@Index('positions_holder_idx', ['holder', 'id', 'perpAddress'])
@Index('positions_closed_idx', ['isClosed', 'id', 'perpAddress'])
@Index('positions_block_idx', ['blockNumber'], { where: '"block_number" IS NOT NULL' })
// Liquidation candidates: open takers of a market and side in liquidation-mark order, a range scan.
@Index('positions_liquidation_idx', ['perpAddress', 'isLong', 'liqMarkX96'], { where: 'NOT "is_closed" AND NOT "is_maker"' })
// The same, on the funding-adjusted key: candidates with the funding owed, still a range scan.
@Index('positions_liquidation_key_idx', ['perpAddress', 'isLong', 'liqKeyX96'], { where: 'NOT "is_closed" AND NOT "is_maker"' })
@Index('positions_open_makers_idx', ['perpAddress', 'id'], { where: 'NOT "is_closed" AND "is_maker"' })
// Open takers whose ratio differs from their market's: outside the key range's ratio, read whole (candidates).
@Index('positions_open_takers_ratio_idx', ['perpAddress', 'liqMarginRatio'], { where: 'NOT "is_closed" AND NOT "is_maker"' })
export class Position {
  @PrimaryColumn({ name: 'perp_address', type: 'character varying', length: 42, primaryKeyConstraintName: 'positions_pkey' })
  perpAddress!: string;

  @PrimaryColumn({ name: 'id', type: 'bigint', primaryKeyConstraintName: 'positions_pkey', comment: 'on-chain position id, local to its perp' })
  id!: string;

  @ManyToOne(() => Market, { nullable: false, onDelete: 'NO ACTION', onUpdate: 'NO ACTION' })
  @JoinColumn({ name: 'perp_address', referencedColumnName: 'perpAddress', foreignKeyConstraintName: 'positions_perp_address_fkey' })
  market?: Market;

  @AddressColumn('holder')
  holder!: string;

  @Column({ name: 'is_maker', type: 'boolean' })
  isMaker!: boolean;

  @Column({ name: 'is_long', type: 'boolean', nullable: true, comment: 'null for makers' })
  isLong!: boolean | null;

  @Column({ name: 'is_closed', type: 'boolean' })
  isClosed!: boolean;

  @UnixSecondsColumn('open_timestamp')
  openTimestamp!: number;

  @UnixSecondsColumn('close_timestamp', { nullable: true })
  closeTimestamp!: number | null;

  @Column({ name: 'was_liquidated', type: 'boolean', nullable: true, comment: 'null while open' })
  wasLiquidated!: boolean | null;

  @OnChainIntegerColumn('margin', { comment: 'USDC atoms' })
  margin!: bigint;

  @OnChainIntegerColumn('perp_delta', {
    comment: 'perp atoms, signed; takers: the position size (long > 0); makers: minus the perps lent to the pool at entry',
  })
  perpDelta!: bigint;

  @OnChainIntegerColumn('usd_delta', {
    comment: 'USDC atoms, signed; takers: the USD paid (< 0) or received (> 0) at entry; makers: minus the USD lent at entry',
  })
  usdDelta!: bigint;

  @OnChainIntegerColumn('avg_entry_amm_price_x96', { nullable: true, comment: 'average entry pool price, plain X96' })
  avgEntryAmmPriceX96!: bigint | null;

  @SmallIntegerColumn('liq_margin_ratio', { comment: '1e6-scaled' })
  liqMarginRatio!: number;

  @SmallIntegerColumn('backstop_margin_ratio', { comment: '1e6-scaled' })
  backstopMarginRatio!: number;

  @SmallIntegerColumn('tick_lower', { nullable: true, comment: 'makers only' })
  tickLower!: number | null;

  @SmallIntegerColumn('tick_upper', { nullable: true, comment: 'makers only' })
  tickUpper!: number | null;

  @OnChainIntegerColumn('liquidity', { nullable: true, comment: 'makers only: raw Uniswap liquidity' })
  liquidity!: bigint | null;

  @OnChainIntegerColumn('entry_cumulative_funding_x96', {
    comment: 'market cumulative_funding_x96 when funding was last settled; owed = perp_delta * (now - entry) / 2^96',
  })
  entryCumulativeFundingX96!: bigint;

  @OnChainIntegerColumn('liq_mark_x96', {
    nullable: true,
    comment: 'floor(liquidation mark * 2^96), signed, funding excluded; null for makers and zero-size takers',
  })
  liqMarkX96!: bigint | null;

  @OnChainIntegerColumn('liq_key_x96', {
    nullable: true,
    comment: LIQ_KEY_COMMENT,
  })
  liqKeyX96!: bigint | null;

  @OnChainIntegerColumn('entry_long_util_payments_x96', { default: 0, comment: 'takers: takerDetails.lastLongUtilPaymentsX96; 0 for makers' })
  entryLongUtilPaymentsX96!: bigint;

  @OnChainIntegerColumn('entry_short_util_payments_x96', { default: 0, comment: 'takers: takerDetails.lastShortUtilPaymentsX96; 0 for makers' })
  entryShortUtilPaymentsX96!: bigint;

  @OnChainIntegerColumn('entry_long_util_earnings_x96', { default: 0, comment: 'makers: makerDetails.lastLongUtilEarningsX96; 0 for takers' })
  entryLongUtilEarningsX96!: bigint;

  @OnChainIntegerColumn('entry_short_util_earnings_x96', { default: 0, comment: 'makers: makerDetails.lastShortUtilEarningsX96; 0 for takers' })
  entryShortUtilEarningsX96!: bigint;

  @OnChainIntegerColumn('capacity_long', { default: 0, comment: 'makers: makerDetails.capacity.long, perp atoms; 0 for takers' })
  capacityLong!: bigint;

  @OnChainIntegerColumn('capacity_short', { default: 0, comment: 'makers: makerDetails.capacity.short, perp atoms; 0 for takers' })
  capacityShort!: bigint;

  @OnChainIntegerColumn('entry_funding_below_x96', { default: 0, comment: 'makers: makerDetails.lastCumlFunding.belowX96; 0 for takers' })
  entryFundingBelowX96!: bigint;

  @OnChainIntegerColumn('entry_funding_within_x96', { default: 0, comment: 'makers: makerDetails.lastCumlFunding.withinX96; 0 for takers' })
  entryFundingWithinX96!: bigint;

  @OnChainIntegerColumn('entry_funding_div_sqrt_within_x96', {
    default: 0,
    comment: 'makers: makerDetails.lastCumlFunding.divSqrtPriceWithinX96; 0 for takers',
  })
  entryFundingDivSqrtWithinX96!: bigint;

  @OnChainIntegerColumn('fee_growth_inside1_last_x128', {
    default: 0,
    comment: 'makers: the PoolManager position feeGrowthInside1LastX128, Q128; 0 for takers',
  })
  feeGrowthInside1LastX128!: bigint;

  @BlockNumberColumn()
  blockNumber!: number | null;
}
