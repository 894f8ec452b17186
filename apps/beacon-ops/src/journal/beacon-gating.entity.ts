import { Column, Entity, PrimaryColumn } from 'typeorm';

/** Per-beacon overrides of the publish gating settings (gating/); NULL: the setting's value. */
@Entity({ name: 'beacon_gating' })
export class BeaconGatingRow {
  @PrimaryColumn({ name: 'beacon_address', type: 'varchar', length: 42 }) beaconAddress!: string;
  @Column({ name: 'heartbeat_seconds', type: 'integer', nullable: true }) heartbeatSeconds!: number | null;
  @Column({ name: 'min_interval_seconds', type: 'integer', nullable: true }) minIntervalSeconds!: number | null;
  @Column({ name: 'idle_min_interval_seconds', type: 'integer', nullable: true }) idleMinIntervalSeconds!: number | null;
  /** Pins the beacon's tier; NULL: from market-data. */
  @Column({ type: 'varchar', length: 8, nullable: true }) tier!: 'active' | 'idle' | 'dormant' | null;
  @Column({ name: 'updated_at', type: 'timestamptz', default: () => 'now()' }) updatedAt!: Date;
}
