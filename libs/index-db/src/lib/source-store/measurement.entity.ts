import { Check, Column, Entity, PrimaryColumn } from 'typeorm';
import { addressCheck, OnChainIntegerColumn } from '../columns';

/** Where a source point came from: three pre-boundary provenances, then the live chain series. */
export const MEASUREMENT_ORIGINS = ['backfill', 'mirror', 'folded', 'chain'] as const;
export type MeasurementOrigin = (typeof MEASUREMENT_ORIGINS)[number];

/**
 * One raw point of a market's measurement series. The primary key (perp_address, ts) is
 * also the history route's index: one market, in time order.
 */
@Entity({ name: 'measurements' })
@Check('measurements_perp_address_check', addressCheck('perp_address'))
@Check('measurements_origin_check', `"origin" IN ('backfill', 'mirror', 'folded', 'chain')`)
export class Measurement {
  @PrimaryColumn({ name: 'perp_address', type: 'character varying', length: 42, primaryKeyConstraintName: 'measurements_pkey' })
  perpAddress!: string;

  @PrimaryColumn({ name: 'ts', type: 'timestamp with time zone', primaryKeyConstraintName: 'measurements_pkey' })
  ts!: Date;

  // The spec types raw_value as a JSON number: a measurement, not an on-chain integer.
  @Column({ name: 'raw_value', type: 'double precision', comment: 'raw source measurement' })
  rawValue!: number;

  @OnChainIntegerColumn('index_x96', { nullable: true, comment: 'index as plain X96, signed as measured; null or <= 0 means no index at this tick' })
  indexX96!: bigint | null;

  @Column({ name: 'origin', type: 'text' })
  origin!: MeasurementOrigin;
}
