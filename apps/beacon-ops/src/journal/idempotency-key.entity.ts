import { Column, Entity, PrimaryColumn } from 'typeorm';

export type IdempotencyStatus = 'in_progress' | 'completed';

/** The first answer to a request sent with an `Idempotency-Key`, replayed to its retries. */
@Entity({ name: 'idempotency_keys' })
export class IdempotencyKeyRow {
  @PrimaryColumn({ type: 'varchar', length: 255 }) key!: string;
  /** sha256 of method, path and body: the same key with another request is refused. */
  @Column({ type: 'char', length: 64 }) fingerprint!: string;
  @Column({ type: 'varchar', length: 16 }) status!: IdempotencyStatus;
  /** The request currently running it; its process renews locked_until every second (LockHeartbeat), so a dead owner's claim lapses in seconds. */
  @Column({ type: 'uuid' }) owner!: string;
  /** The process (HOLDER_ID) running it, for operators. */
  @Column({ type: 'varchar', length: 128, nullable: true }) holder!: string | null;
  @Column({ name: 'locked_until', type: 'timestamptz' }) lockedUntil!: Date;
  @Column({ name: 'response_status', type: 'integer', nullable: true }) responseStatus!: number | null;
  /**
   * `{kind, body}`: the handler's return value, or `{message}` of a stored 4xx failure.
   * json, not jsonb: a replay must keep the first answer's key order.
   */
  @Column({ name: 'response_body', type: 'json', nullable: true }) responseBody!: unknown;
  @Column({ name: 'created_at', type: 'timestamptz', default: () => 'now()' }) createdAt!: Date;
  @Column({ name: 'completed_at', type: 'timestamptz', nullable: true }) completedAt!: Date | null;
}
