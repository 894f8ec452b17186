import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { Stores } from '../stores/stores.module';
import { ApiKeyEntity } from './api-key.entity';
import { ApiKeyRecord } from './api-key-record';
import { KeyStoreSchema } from './key-store-schema';

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
  };
}

/** The api_keys table. Every call waits for the schema and fails with 503 while the Key store is down. */
@Injectable()
export class ApiKeysRepository {
  constructor(
    private readonly stores: Stores,
    private readonly schema: KeyStoreSchema,
  ) {}

  private async run<T>(work: (source: DataSource) => Promise<T>): Promise<T> {
    await this.schema.ready();
    return this.stores.keys.run(work);
  }

  create(key: { developerId: string | null; name: string; keyHash: Buffer; keyPreview: string }): Promise<ApiKeyRecord> {
    return this.run(async (source) => {
      const repository = source.getRepository(ApiKeyEntity);
      return toRecord(await repository.save(repository.create(key)));
    });
  }

  listByDeveloper(developerId: string): Promise<ApiKeyRecord[]> {
    return this.run(async (source) => (await source.getRepository(ApiKeyEntity).find({ where: { developerId }, order: { id: 'ASC' } })).map(toRecord));
  }

  /** The id of the active key with this hash, if any. */
  findActiveId(keyHash: Buffer): Promise<number | undefined> {
    return this.run(async (source) => {
      const row = await source.getRepository(ApiKeyEntity).findOne({ select: { id: true }, where: { keyHash, isActive: true } });
      return row ? Number(row.id) : undefined;
    });
  }

  /**
   * Revokes the developer's key (again: a no-op keeping the first revocation time).
   * Returns the key's hash, or undefined when no such key belongs to this developer.
   */
  revoke(id: number, developerId: string): Promise<Buffer | undefined> {
    return this.run(async (source) => {
      const rows = (await source.query(
        `UPDATE api_keys SET is_active = false, revoked_at = COALESCE(revoked_at, now())
          WHERE id = $1 AND developer_id = $2
          RETURNING key_hash`,
        [id, developerId],
      )) as [{ key_hash: Buffer }[], number];
      return rows[0][0]?.key_hash;
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
