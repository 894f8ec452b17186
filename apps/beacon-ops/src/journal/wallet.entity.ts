import { Column, Entity, PrimaryColumn } from 'typeorm';
import { bigintAsNumber } from './columns';

/**
 * One pool wallet, shared by every replica. `next_nonce` is taken by a compare-and-set in the
 * journal insert (PoolStore.journal): several transactions may be in flight per wallet, each
 * holding its own nonce, and no two senders (of any replica) can take the same one.
 */
@Entity({ name: 'wallets' })
export class WalletRow {
  /** Lowercase 0x address. */
  @PrimaryColumn({ type: 'varchar', length: 42 }) address!: string;
  /** Next nonce to sign with; null until first read from the chain. */
  @Column({ name: 'next_nonce', type: 'bigint', nullable: true, transformer: bigintAsNumber }) nextNonce!: number | null;
  /** Least-recently-used first: spreads gas spending and nonce pressure over the pool. */
  @Column({ name: 'last_used_at', type: 'timestamptz', nullable: true }) lastUsedAt!: Date | null;
  @Column({ name: 'nonce_synced_at', type: 'timestamptz', nullable: true }) nonceSyncedAt!: Date | null;
  @Column({ name: 'created_at', type: 'timestamptz', default: () => 'now()' }) createdAt!: Date;
  @Column({ name: 'updated_at', type: 'timestamptz', default: () => 'now()' }) updatedAt!: Date;
}
