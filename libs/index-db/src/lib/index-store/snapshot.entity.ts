import { Check, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn, Column } from 'typeorm';
import { AddressColumn, OnChainIntegerColumn, BlockNumberColumn } from '../columns';
import { Market } from './market.entity';

/** The pool price (and the index, where known) of a market at one moment; append-only. */
@Entity({ name: 'snapshots' })
@Check('snapshots_amm_price_x96_check', `"amm_price_x96" > 0`)
// (perp_address, timestamp DESC, id DESC): the migration spells the directions.
@Index('snapshots_market_time_idx', ['perpAddress', 'timestamp', 'id'])
@Index('snapshots_block_idx', ['blockNumber'], { where: '"block_number" IS NOT NULL' })
export class Snapshot {
  @PrimaryGeneratedColumn('increment', { name: 'id', type: 'bigint', primaryKeyConstraintName: 'snapshots_pkey' })
  id!: string;

  @AddressColumn('perp_address')
  perpAddress!: string;

  @ManyToOne(() => Market, { nullable: false, onDelete: 'NO ACTION', onUpdate: 'NO ACTION' })
  @JoinColumn({ name: 'perp_address', referencedColumnName: 'perpAddress', foreignKeyConstraintName: 'snapshots_perp_address_fkey' })
  market?: Market;

  @Column({ name: 'timestamp', type: 'timestamp with time zone' })
  timestamp!: Date;

  @OnChainIntegerColumn('amm_price_x96', { comment: 'pool sqrtPriceX96: the price is (x / 2^96)^2' })
  ammPriceX96!: bigint;

  @OnChainIntegerColumn('index_price_x96', { nullable: true, comment: 'index price, plain X96; null where unknown' })
  indexPriceX96!: bigint | null;

  @BlockNumberColumn()
  blockNumber!: number | null;
}
