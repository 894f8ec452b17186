import { Check, Column, Entity, PrimaryColumn } from 'typeorm';
import { addressCheck } from '../columns';

/** Before boundary_ts a market's index comes from its source series; at and after it, from on-chain snapshots. */
@Entity({ name: 'market_boundaries' })
@Check('market_boundaries_perp_address_check', addressCheck('perp_address'))
export class MarketBoundary {
  @PrimaryColumn({ name: 'perp_address', type: 'character varying', length: 42, primaryKeyConstraintName: 'market_boundaries_pkey' })
  perpAddress!: string;

  @Column({ name: 'boundary_ts', type: 'timestamp with time zone' })
  boundaryTs!: Date;
}
