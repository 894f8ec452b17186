import { Inject, Injectable } from '@nestjs/common';
import { DetailHttpException } from '@perp/http';
import { MARKET_DATA_SETTINGS, MarketDataSettings } from '../settings';
import { ApiKeyCache } from '../key-store/api-key-cache';
import { ApiKeyRecord } from '../key-store/api-key-record';
import { generateApiKey, hashApiKey, keyPreview } from '../key-store/api-key-secret';
import { ApiKeysRepository } from '../key-store/api-keys.repository';
import { AdminKeyInfoDto, KeyInfoDto, KeyResponseDto, NewKeyResponseDto } from './key-responses.dto';

const iso = (date: Date | null): string | null => (date ? date.toISOString() : null);
const keyNotFound = () => new DetailHttpException(404, 'API key not found');
const tooManyKeys = (limit: number) => new DetailHttpException(409, `API key limit reached: at most ${limit} active keys per developer; revoke one first`);

const keyInfo = (record: ApiKeyRecord): KeyInfoDto => ({
  id: record.id,
  name: record.name,
  key_preview: record.keyPreview,
  is_active: record.isActive,
  created_at: iso(record.createdAt) as string,
  last_used_at: iso(record.lastUsedAt),
});

/** Creating, listing and revoking keys. The secret exists only in the creation response. */
@Injectable()
export class ApiKeysService {
  constructor(
    private readonly repository: ApiKeysRepository,
    private readonly cache: ApiKeyCache,
    @Inject(MARKET_DATA_SETTINGS) private readonly settings: MarketDataSettings,
  ) {}

  /** A bot key, owned by no developer (admin routes), with an optional rate-limit override. */
  async createBotKey(name: string, rateLimit: number | null = null): Promise<KeyResponseDto> {
    const key = generateApiKey();
    const record = await this.repository.create({ developerId: null, name, keyHash: hashApiKey(key), keyPreview: keyPreview(key), rateLimit });
    return {
      id: record.id,
      key,
      name: record.name,
      is_active: record.isActive,
      created_at: iso(record.createdAt) as string,
      last_used_at: iso(record.lastUsedAt),
    };
  }

  /** 409 when the developer already holds DEVELOPER_KEY_LIMIT active keys. */
  async createDeveloperKey(developerId: string, name: string): Promise<NewKeyResponseDto> {
    const key = generateApiKey();
    const limit = this.settings.developerKeyLimit;
    const record = await this.repository.createWithinLimit({ developerId, name, keyHash: hashApiKey(key), keyPreview: keyPreview(key) }, limit);
    if (!record) throw tooManyKeys(limit);
    return { id: record.id, key, name: record.name, created_at: iso(record.createdAt) as string };
  }

  async list(developerId: string): Promise<KeyInfoDto[]> {
    return (await this.repository.listByDeveloper(developerId)).map(keyInfo);
  }

  /** Every key (admin). */
  async listAll(): Promise<AdminKeyInfoDto[]> {
    return (await this.repository.listAll()).map((record) => ({
      ...keyInfo(record),
      developer_id: record.developerId,
      revoked_at: iso(record.revokedAt),
      rate_limit: record.rateLimit,
    }));
  }

  /** Any key (admin); again: 204; unknown id: 404. Other replicas drop it through the store's NOTIFY. */
  async revokeAny(keyId: number): Promise<void> {
    if (!Number.isSafeInteger(keyId) || keyId < 1) throw keyNotFound();
    const hash = await this.repository.revokeAny(keyId);
    if (!hash) throw keyNotFound();
    this.cache.invalidate(hash);
  }

  /** Idempotent for the owner; someone else's key and an unknown id look the same: 404. */
  async revoke(developerId: string, keyId: number): Promise<void> {
    // Beyond bigint (or not positive) no key can match; don't let Postgres reject it with a 500.
    if (!Number.isSafeInteger(keyId) || keyId < 1) throw keyNotFound();
    const hash = await this.repository.revoke(keyId, developerId);
    if (!hash) throw keyNotFound();
    this.cache.invalidate(hash);
  }
}
