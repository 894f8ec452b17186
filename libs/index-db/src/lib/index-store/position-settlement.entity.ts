import { Column, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn } from 'typeorm';
import { AddressColumn, OnChainIntegerColumn, BlockNumberColumn } from '../columns';
import { Market } from './market.entity';
import { Position } from './position.entity';

/**
 * What one touch of a position settled (the indexer: one row per position and block with an
 * event of it that opens, swaps, settles or closes; the simulator: one per action). A closed
 * position's realized PnL and net funding are the sums of its rows (position-settlements.ts),
 * so a reorg's rewind, deleting rows above the fork by block_number, leaves the sums right.
 */
@Entity({ name: 'position_settlements' })
// The sums of one position: market-data reads them beside each closed position of a page.
@Index('position_settlements_position_idx', ['perpAddress', 'posId'])
@Index('position_settlements_block_idx', ['blockNumber'], { where: '"block_number" IS NOT NULL' })
export class PositionSettlement {
  @PrimaryGeneratedColumn('increment', { name: 'id', type: 'bigint', primaryKeyConstraintName: 'position_settlements_pkey' })
  id!: string;

  @AddressColumn('perp_address')
  perpAddress!: string;

  @ManyToOne(() => Market, { nullable: false, onDelete: 'NO ACTION', onUpdate: 'NO ACTION' })
  @JoinColumn({ name: 'perp_address', referencedColumnName: 'perpAddress', foreignKeyConstraintName: 'position_settlements_perp_address_fkey' })
  market?: Market;

  @Column({ name: 'pos_id', type: 'bigint', comment: 'the position id, local to perp_address' })
  posId!: string;

  @ManyToOne(() => Position, { nullable: false, onDelete: 'NO ACTION', onUpdate: 'NO ACTION' })
  @JoinColumn([
    { name: 'perp_address', referencedColumnName: 'perpAddress', foreignKeyConstraintName: 'position_settlements_position_fkey' },
    { name: 'pos_id', referencedColumnName: 'id', foreignKeyConstraintName: 'position_settlements_position_fkey' },
  ])
  position?: Position;

  @Column({ name: 'timestamp', type: 'timestamp with time zone' })
  timestamp!: Date;

  @Column({ name: 'opened', type: 'boolean', comment: 'the position opened in this touch: a position without such a row has an incomplete history' })
  opened!: boolean;

  @OnChainIntegerColumn('realized_pnl', {
    nullable: true,
    comment: 'USDC atoms, signed: swap usd + usd_delta before - usd_delta after (takers); null where not exact (a maker leg)',
  })
  realizedPnl!: bigint | null;

  @OnChainIntegerColumn('funding', { comment: 'USDC atoms of funding settled, as the events sign it: paid > 0, received < 0' })
  funding!: bigint;

  @BlockNumberColumn()
  blockNumber!: number | null;
}
