import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { ApiKeyEntity } from './api-key.entity';
import { ActiveKey, ApiKeyRecord } from './api-key-record';
import { KeyStore } from './key-store';
import { KeyStoreSchema } from './key-store-schema';
import { KEY_REVOKED_CHANNEL } from './key-revocation-listener';

// Bind parameters per statement stay far below Postgres' 65535.
const LAST_USED_BATCH = 1_000;

function toRecord(row: ApiKeyEntity): ApiKeyRecord {
  return {
    id: Number(row.id),
    developerId: row.developerId,
    name: row.name,
    keyPreview: row.keyPreview,
    isActive: row.isActive,
    createdAt: row.createdAt,
    lastUsedAt: row.lastUsedAt,
    revokedAt: row.revokedAt,
    rateLimit: row.rateLimit,
  };
}

// Revokes and tells every replica (LISTEN in KeyRevocationListener) in the same statement:
// the notification is sent at commit, so no replica hears of a revocation that did not happen.
const REVOKE_AND_NOTIFY = (where: string) => `
  WITH revoked AS (
    UPDATE api_keys SET is_active = false, revoked_at = COALESCE(revoked_at, now())
     WHERE ${where}
     RETURNING key_hash)
  SELECT key_hash, pg_notify('${KEY_REVOKED_CHANNEL}', encode(key_hash, 'hex')) FROM revoked`;

/** The api_keys table. Every call waits for the schema and fails with 503 while the Key store is down. */
@Injectable()
export class ApiKeysRepository {
  constructor(
    private readonly store: KeyStore,
    private readonly schema: KeyStoreSchema,
  ) {}

  // The schema wait is inside the store's time bound: a hung store answers 503 in time here too.
  private run<T>(work: (source: DataSource) => Promise<T>): Promise<T> {
    return this.store.connection.run(async (source) => {
      await this.schema.ready();
      return work(source);
    });
  }

  create(key: { developerId: string | null; name: string; keyHash: Buffer; keyPreview: string; rateLimit?: number | null }): Promise<ApiKeyRecord> {
    return this.run(async (source) => {
      const repository = source.getRepository(ApiKeyEntity);
      return toRecord(await repository.save(repository.create(key)));
    });
  }

  /**
   * Creates a developer's key unless they already hold `maxActive` active keys (then
   * undefined). A per-developer transaction lock makes concurrent creations count in turn.
   */
  createWithinLimit(key: { developerId: string; name: string; keyHash: Buffer; keyPreview: string }, maxActive: number): Promise<ApiKeyRecord | undefined> {
    return this.run((source) =>
      source.transaction(async (manager) => {
        await manager.query(`SELECT pg_advisory_xact_lock(hashtextextended('market-data:keys:' || $1, 0))`, [key.developerId]);
        const [{ active }] = (await manager.query(`SELECT count(*)::int AS active FROM api_keys WHERE developer_id = $1 AND is_active`, [key.developerId])) as [
          { active: number },
        ];
        if (active >= maxActive) return undefined;
        const repository = manager.getRepository(ApiKeyEntity);
        return toRecord(await repository.save(repository.create(key)));
      }),
    );
  }

  /** Every key, bot and developer keys, revoked ones included (admin listing). */
  listAll(): Promise<ApiKeyRecord[]> {
    return this.run(async (source) => (await source.getRepository(ApiKeyEntity).find({ order: { id: 'ASC' } })).map(toRecord));
  }

  listByDeveloper(developerId: string): Promise<ApiKeyRecord[]> {
    return this.run(async (source) => (await source.getRepository(ApiKeyEntity).find({ where: { developerId }, order: { id: 'ASC' } })).map(toRecord));
  }

  /** The active key with this hash, if any. */
  findActive(keyHash: Buffer): Promise<ActiveKey | undefined> {
    return this.run(async (source) => {
      const row = await source.getRepository(ApiKeyEntity).findOne({ select: { id: true, rateLimit: true }, where: { keyHash, isActive: true } });
      return row ? { id: Number(row.id), rateLimit: row.rateLimit } : undefined;
    });
  }

  /**
   * Revokes the developer's key (again: a no-op keeping the first revocation time).
   * Returns the key's hash, or undefined when no such key belongs to this developer.
   */
  revoke(id: number, developerId: string): Promise<Buffer | undefined> {
    return this.run(async (source) => {
      const rows = (await source.query(REVOKE_AND_NOTIFY('id = $1 AND developer_id = $2'), [id, developerId])) as { key_hash: Buffer }[];
      return rows[0]?.key_hash;
    });
  }

  /** Revokes any key (admin); returns its hash, or undefined for an unknown id. */
  revokeAny(id: number): Promise<Buffer | undefined> {
    return this.run(async (source) => {
      const rows = (await source.query(REVOKE_AND_NOTIFY('id = $1'), [id])) as { key_hash: Buffer }[];
      return rows[0]?.key_hash;
    });
  }

  /** Writes last-used times in batched statements; never moves a time backwards (replicas flush out of order). */
  recordLastUsed(entries: ReadonlyMap<number, Date>): Promise<void> {
    return this.run(async (source) => {
      const all = [...entries];
      for (let start = 0; start < all.length; start += LAST_USED_BATCH) {
        const batch = all.slice(start, start + LAST_USED_BATCH);
        const values = batch.map((_, i) => `($${2 * i + 1}::bigint, $${2 * i + 2}::timestamptz)`).join(', ');
        await source.query(
          `UPDATE api_keys AS k SET last_used_at = GREATEST(k.last_used_at, v.used_at)
             FROM (VALUES ${values}) AS v(id, used_at)
            WHERE k.id = v.id`,
          batch.flatMap(([id, at]) => [id, at.toISOString()]),
        );
      }
    });
  }
}
