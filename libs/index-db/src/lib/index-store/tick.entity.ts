import { Entity, JoinColumn, ManyToOne, PrimaryColumn } from 'typeorm';
import { OnChainIntegerColumn, BlockNumberColumn } from '../columns';
import { Market } from './market.entity';

/**
 * An initialized tick of a maker band: the Perp's funding checkpoints on the side opposite the
 * pool and the PoolManager's fee growth outside. A maker's funding and LP-fee legs are read
 * from its two ticks (maker-exact.ts); the primary key serves the per-market read.
 */
@Entity({ name: 'ticks' })
export class Tick {
  @PrimaryColumn({ name: 'perp_address', type: 'character varying', length: 42, primaryKeyConstraintName: 'ticks_pkey' })
  perpAddress!: string;

  @PrimaryColumn({ name: 'tick', type: 'integer', primaryKeyConstraintName: 'ticks_pkey', comment: 'an initialized tick of a maker band' })
  tick!: number;

  @ManyToOne(() => Market, { nullable: false, onDelete: 'NO ACTION', onUpdate: 'NO ACTION' })
  @JoinColumn({ name: 'perp_address', referencedColumnName: 'perpAddress', foreignKeyConstraintName: 'ticks_perp_address_fkey' })
  market?: Market;

  @OnChainIntegerColumn('cuml_funding_opp_x96', { comment: 'ticks[tick].cumlFundingOppX96: funding on the side of the tick opposite the pool, X96, signed' })
  cumlFundingOppX96!: bigint;

  @OnChainIntegerColumn('cuml_funding_div_sqrt_p_opp_x96', { comment: 'ticks[tick].cumlFundingDivSqrtPOppX96, X96, signed' })
  cumlFundingDivSqrtPOppX96!: bigint;

  @OnChainIntegerColumn('fee_growth_outside1_x128', { comment: 'PoolManager ticks[tick].feeGrowthOutside1X128, Q128, wrapping' })
  feeGrowthOutside1X128!: bigint;

  @BlockNumberColumn()
  blockNumber!: number | null;
}
