import { Column, Entity, PrimaryColumn } from 'typeorm';
import { bigintAsNumber, numericAsBigint } from './columns';

/**
 * pending   signed and written here before the broadcast; outcome unknown yet.
 * confirmed mined, receipt status 1.
 * failed    mined and reverted (block_number set), or refused by the node and never
 *           mined (block_number null: the nonce was not used).
 * replaced  never mined: its nonce was used by another transaction.
 */
export type JournalStatus = 'pending' | 'confirmed' | 'failed' | 'replaced';

export interface JournalLog {
  address: string;
  topics: string[];
  data: string;
  index: number;
}

/** Every transaction the pool signs, written before it is broadcast. */
@Entity({ name: 'tx_journal' })
export class TxJournalRow {
  @PrimaryColumn({ type: 'bigint', generated: 'increment', transformer: bigintAsNumber }) id!: number;
  /** What the caller was doing, e.g. `update_beacon`. */
  @Column({ name: 'request_kind', type: 'varchar', length: 64 }) requestKind!: string;
  /** The caller's request, for audit. */
  @Column({ type: 'jsonb' }) request!: unknown;
  /**
   * Written only by releases before the one idempotency layer (their rolling-deploy overlap);
   * NULL since. Dropped by a later release's migration, once none of those replicas runs.
   */
  @Column({ name: 'request_fingerprint', type: 'char', length: 64, nullable: true }) legacyRequestFingerprint!: string | null;
  /** The Idempotency-Key claim (idempotency_keys) this transaction answers; the claim holds the request's fingerprint. */
  @Column({ name: 'idempotency_key', type: 'varchar', length: 255, nullable: true }) idempotencyKey!: string | null;
  /** Lowercase addresses of the beacons this transaction touches (serialised per beacon). */
  @Column({ name: 'beacon_addresses', type: 'varchar', length: 42, array: true, default: () => "'{}'" }) beaconAddresses!: string[];
  @Column({ type: 'varchar', length: 42 }) wallet!: string;
  @Column({ type: 'bigint', transformer: bigintAsNumber }) nonce!: number;
  @Column({ name: 'chain_id', type: 'bigint', transformer: bigintAsNumber }) chainId!: number;
  @Column({ name: 'tx_hash', type: 'varchar', length: 66 }) txHash!: string;
  /** The signed transaction: a node that lost it gets exactly it again (same nonce, same hash). */
  @Column({ name: 'raw_tx', type: 'text' }) rawTx!: string;
  /** The contract that verifies what the service's signer signed for this transaction (an ECDSA adapter), if anything. */
  @Column({ name: 'signed_verifier', type: 'varchar', length: 42, nullable: true }) signedVerifier!: string | null;
  /** The EIP-712 digest the signer signed: ties a signature seen on chain to the request that asked for it. */
  @Column({ name: 'signed_digest', type: 'varchar', length: 66, nullable: true }) signedDigest!: string | null;
  @Column({ type: 'varchar', length: 16 }) status!: JournalStatus;
  /** gasLimit * max fee per gas + value: what it may still take from the wallet while pending (the funds check sums them). */
  @Column({ name: 'max_cost', type: 'numeric', precision: 78, scale: 0, default: 0, transformer: numericAsBigint }) maxCost!: bigint;
  /** Hashes it was sent under before a fee-bumped re-send of the same nonce: any of them may be the one mined. */
  @Column({ name: 'previous_hashes', type: 'varchar', length: 66, array: true, default: () => "'{}'" }) previousHashes!: string[];
  @Column({ name: 'broadcast_count', type: 'integer', default: 0 }) broadcastCount!: number;
  @Column({ name: 'last_broadcast_at', type: 'timestamptz', nullable: true }) lastBroadcastAt!: Date | null;
  @Column({ name: 'block_number', type: 'bigint', nullable: true, transformer: bigintAsNumber }) blockNumber!: number | null;
  @Column({ name: 'block_hash', type: 'varchar', length: 66, nullable: true }) blockHash!: string | null;
  @Column({ name: 'gas_used', type: 'numeric', precision: 78, scale: 0, nullable: true, transformer: numericAsBigint }) gasUsed!: bigint | null;
  @Column({ name: 'effective_gas_price', type: 'numeric', precision: 78, scale: 0, nullable: true, transformer: numericAsBigint })
  effectiveGasPrice!: bigint | null;
  /** 1 success, 0 reverted; null until mined. */
  @Column({ name: 'receipt_status', type: 'smallint', nullable: true }) receiptStatus!: number | null;
  @Column({ type: 'jsonb', nullable: true }) logs!: JournalLog[] | null;
  @Column({ type: 'text', nullable: true }) error!: string | null;
  @Column({ name: 'created_at', type: 'timestamptz', default: () => 'now()' }) createdAt!: Date;
  @Column({ name: 'updated_at', type: 'timestamptz', default: () => 'now()' }) updatedAt!: Date;
}
