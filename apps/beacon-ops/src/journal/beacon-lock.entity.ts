import { Column, Entity, PrimaryColumn } from 'typeorm';

/**
 * Serialises updates of one beacon across replicas. A row lock held for a whole send
 * (seconds, across RPC calls) would pin a pooled connection per beacon; this is a lease
 * instead: a token and an expiry of a few seconds (LOCK_TTL_MS) that the holder's heartbeat
 * renews (LockHeartbeat), so a dead or stalled holder frees the beacon within seconds.
 */
@Entity({ name: 'beacon_locks' })
export class BeaconLockRow {
  @PrimaryColumn({ name: 'beacon_address', type: 'varchar', length: 42 }) beaconAddress!: string;
  @Column({ type: 'uuid' }) token!: string;
  @Column({ name: 'locked_until', type: 'timestamptz' }) lockedUntil!: Date;
  @Column({ name: 'locked_by', type: 'varchar', length: 128, nullable: true }) lockedBy!: string | null;
}
