import { Column, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn } from 'typeorm';
import { AddressColumn, OnChainIntegerColumn, BlockNumberColumn } from '../columns';
import { Market } from './market.entity';
import { Position } from './position.entity';

/**
 * The close of a taker position (voluntary or a liquidation). Deltas are the trade's own
 * flows: closing a long of +5 perps is perp_delta -5 and a positive usd_delta.
 */
@Entity({ name: 'trades' })
// (perp_address, timestamp DESC, id DESC): the migration spells the directions.
@Index('trades_market_time_idx', ['perpAddress', 'timestamp', 'id'])
// (perp_address, pos_id, timestamp DESC, id DESC): a holder's fills, reached through its positions.
@Index('trades_position_time_idx', ['perpAddress', 'posId', 'timestamp', 'id'])
@Index('trades_block_idx', ['blockNumber'], { where: '"block_number" IS NOT NULL' })
export class Trade {
  @PrimaryGeneratedColumn('increment', { name: 'id', type: 'bigint', primaryKeyConstraintName: 'trades_pkey' })
  id!: string;

  @AddressColumn('perp_address')
  perpAddress!: string;

  @ManyToOne(() => Market, { nullable: false, onDelete: 'NO ACTION', onUpdate: 'NO ACTION' })
  @JoinColumn({ name: 'perp_address', referencedColumnName: 'perpAddress', foreignKeyConstraintName: 'trades_perp_address_fkey' })
  market?: Market;

  @Column({ name: 'timestamp', type: 'timestamp with time zone' })
  timestamp!: Date;

  @Column({ name: 'pos_id', type: 'bigint', comment: 'the position id, local to perp_address' })
  posId!: string;

  @ManyToOne(() => Position, { nullable: false, onDelete: 'NO ACTION', onUpdate: 'NO ACTION' })
  @JoinColumn([
    { name: 'perp_address', referencedColumnName: 'perpAddress', foreignKeyConstraintName: 'trades_position_fkey' },
    { name: 'pos_id', referencedColumnName: 'id', foreignKeyConstraintName: 'trades_position_fkey' },
  ])
  position?: Position;

  @Column({ name: 'was_liquidated', type: 'boolean' })
  wasLiquidated!: boolean;

  @OnChainIntegerColumn('perp_delta', { comment: 'perp atoms, signed' })
  perpDelta!: bigint;

  @OnChainIntegerColumn('usd_delta', { comment: 'USDC atoms, signed' })
  usdDelta!: bigint;

  @OnChainIntegerColumn('mark_price_x96', { nullable: true, comment: 'the mark (EMA pool price, plain X96) the close was judged at' })
  markPriceX96!: bigint | null;

  @OnChainIntegerColumn('funding', { nullable: true, comment: 'USDC atoms the position paid (> 0) or received (< 0) in funding' })
  funding!: bigint | null;

  @OnChainIntegerColumn('util_fees', { nullable: true, comment: 'USDC atoms of trading fees' })
  utilFees!: bigint | null;

  @OnChainIntegerColumn('liq_fee', { nullable: true, comment: 'USDC atoms paid to the liquidator' })
  liqFee!: bigint | null;

  @BlockNumberColumn()
  blockNumber!: number | null;
}
