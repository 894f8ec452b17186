import { Column, Entity, PrimaryColumn } from 'typeorm';
import { bigintAsNumber, numericAsBigint } from './columns';

/**
 * One pool wallet, shared by every replica. A lease is `lease_token` (a fencing token,
 * incremented by every lease) plus `leased_until`; writes made under a lease check the
 * token, so a holder whose lease expired cannot touch the nonce any more.
 */
@Entity({ name: 'wallets' })
export class WalletRow {
  /** Lowercase 0x address. */
  @PrimaryColumn({ type: 'varchar', length: 42 }) address!: string;
  /** Next nonce to sign with; null until first read from the chain. */
  @Column({ name: 'next_nonce', type: 'bigint', nullable: true, transformer: bigintAsNumber }) nextNonce!: number | null;
  @Column({ name: 'lease_token', type: 'bigint', default: 0, transformer: bigintAsNumber }) leaseToken!: number;
  @Column({ name: 'leased_until', type: 'timestamptz', nullable: true }) leasedUntil!: Date | null;
  /** Who holds the lease (host:pid), for operators. */
  @Column({ name: 'leased_by', type: 'varchar', length: 128, nullable: true }) leasedBy!: string | null;
  /** Least-recently-used first: spreads gas spending and nonce pressure over the pool. */
  @Column({ name: 'last_used_at', type: 'timestamptz', nullable: true }) lastUsedAt!: Date | null;
  /** The balance last read from the chain (null: never read); see WalletFunds. */
  @Column({ name: 'balance_wei', type: 'numeric', precision: 78, scale: 0, nullable: true, transformer: numericAsBigint }) balanceWei!: bigint | null;
  @Column({ name: 'balance_read_at', type: 'timestamptz', nullable: true }) balanceReadAt!: Date | null;
  /** The most the pool's transactions not reflected in balance_wei may still cost. */
  @Column({ name: 'committed_wei', type: 'numeric', precision: 78, scale: 0, default: 0, transformer: numericAsBigint }) committedWei!: bigint;
  @Column({ name: 'nonce_synced_at', type: 'timestamptz', nullable: true }) nonceSyncedAt!: Date | null;
  @Column({ name: 'created_at', type: 'timestamptz', default: () => 'now()' }) createdAt!: Date;
  @Column({ name: 'updated_at', type: 'timestamptz', default: () => 'now()' }) updatedAt!: Date;
}
