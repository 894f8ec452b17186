import { Column, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';

/**
 * An API key of the market_data store (owned by market-data; the index store never holds
 * keys). Only the SHA-256 of the secret is kept: a leaked table yields no usable key.
 * The schema is the migrations' (see migrations/), never synchronized from here.
 */
@Entity({ name: 'api_keys' })
@Index('api_keys_developer_id_idx', ['developerId', 'id'], { where: 'developer_id IS NOT NULL' })
export class ApiKeyEntity {
  /** bigint comes back from pg as a string; the repository converts it to a number. */
  @PrimaryGeneratedColumn('identity', { type: 'bigint', generatedIdentity: 'ALWAYS' })
  id!: string;

  /** The `sub` of the developer's JWT; null for bot keys created through the admin routes. */
  @Column({ name: 'developer_id', type: 'text', nullable: true })
  developerId!: string | null;

  @Column({ type: 'varchar', length: 100 })
  name!: string;

  @Column({ name: 'key_hash', type: 'bytea', unique: true })
  keyHash!: Buffer;

  @Column({ name: 'key_preview', type: 'varchar', length: 32 })
  keyPreview!: string;

  @Column({ name: 'is_active', type: 'boolean', default: true })
  isActive!: boolean;

  @Column({ name: 'created_at', type: 'timestamptz', default: () => 'now()' })
  createdAt!: Date;

  @Column({ name: 'last_used_at', type: 'timestamptz', nullable: true })
  lastUsedAt!: Date | null;

  @Column({ name: 'revoked_at', type: 'timestamptz', nullable: true })
  revokedAt!: Date | null;

  /** Requests per rate-limit window for this key; null: the API_KEY_RATE_LIMIT default. */
  @Column({ name: 'rate_limit', type: 'integer', nullable: true })
  rateLimit!: number | null;
}
