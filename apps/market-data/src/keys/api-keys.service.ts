import { Injectable } from '@nestjs/common';
import { DetailHttpException } from '@perp/http';
import { ApiKeyCache } from './api-key-cache';
import { ApiKeyRecord } from './api-key-record';
import { generateApiKey, hashApiKey, keyPreview } from './api-key-secret';
import { ApiKeysRepository } from './api-keys.repository';
import { KeyInfoDto, KeyResponseDto, NewKeyResponseDto } from './key-responses.dto';

const iso = (date: Date | null): string | null => (date ? date.toISOString() : null);
const keyNotFound = () => new DetailHttpException(404, 'API key not found');

/** Creating, listing and revoking keys. The secret exists only in the creation response. */
@Injectable()
export class ApiKeysService {
  constructor(
    private readonly repository: ApiKeysRepository,
    private readonly cache: ApiKeyCache,
  ) {}

  /** A bot key, owned by no developer (admin routes). */
  async createBotKey(name: string): Promise<KeyResponseDto> {
    const { record, key } = await this.create(null, name);
    return {
      id: record.id,
      key,
      name: record.name,
      is_active: record.isActive,
      created_at: iso(record.createdAt) as string,
      last_used_at: iso(record.lastUsedAt),
    };
  }

  async createDeveloperKey(developerId: string, name: string): Promise<NewKeyResponseDto> {
    const { record, key } = await this.create(developerId, name);
    return { id: record.id, key, name: record.name, created_at: iso(record.createdAt) as string };
  }

  async list(developerId: string): Promise<KeyInfoDto[]> {
    return (await this.repository.listByDeveloper(developerId)).map((record) => ({
      id: record.id,
      name: record.name,
      key_preview: record.keyPreview,
      is_active: record.isActive,
      created_at: iso(record.createdAt) as string,
      last_used_at: iso(record.lastUsedAt),
    }));
  }

  /** Idempotent for the owner; someone else's key and an unknown id look the same: 404. */
  async revoke(developerId: string, keyId: number): Promise<void> {
    // Beyond bigint (or not positive) no key can match; don't let Postgres reject it with a 500.
    if (!Number.isSafeInteger(keyId) || keyId < 1) throw keyNotFound();
    const hash = await this.repository.revoke(keyId, developerId);
    if (!hash) throw keyNotFound();
    this.cache.invalidate(hash);
  }

  private async create(developerId: string | null, name: string): Promise<{ record: ApiKeyRecord; key: string }> {
    const key = generateApiKey();
    const record = await this.repository.create({ developerId, name, keyHash: hashApiKey(key), keyPreview: keyPreview(key) });
    return { record, key };
  }
}
