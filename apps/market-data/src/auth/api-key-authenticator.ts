import { Injectable } from '@nestjs/common';
import { ApiKeyCache } from '../key-store/api-key-cache';
import { hashApiKey, looksLikeApiKey } from '../key-store/api-key-secret';
import { ApiKeysRepository } from '../key-store/api-keys.repository';
import { LastUsedRecorder } from '../key-store/last-used-recorder';
import { AdminKeys } from './admin-keys';
import { ApiKeyPrincipal } from './api-key-principal';
import { invalidApiKey, missingApiKey } from './auth-errors';

/**
 * Turns an `X-API-Key` value into a principal: an admin key, or an active stored key found
 * by its SHA-256 (through the short positive cache). Throws the 401s; a Key store that is
 * down surfaces as 503 (StoreUnavailableError), never as "invalid".
 */
@Injectable()
export class ApiKeyAuthenticator {
  constructor(
    private readonly admins: AdminKeys,
    private readonly cache: ApiKeyCache,
    private readonly repository: ApiKeysRepository,
    private readonly lastUsed: LastUsedRecorder,
  ) {}

  /**
   * The principal and its key's rate-limit override (null: the default).
   * `recordUse`: note the use for last_used_at (only when the request is let through).
   */
  async authenticate(presented: string | undefined, { recordUse }: { recordUse: boolean }): Promise<{ principal: ApiKeyPrincipal; rateLimit: number | null }> {
    if (presented === undefined) throw missingApiKey();
    // One SHA-256 per request serves both the admin comparison and the stored-key lookup.
    const hash = hashApiKey(presented);
    if (this.admins.isAdminDigest(hash)) return { principal: { kind: 'admin' }, rateLimit: null };
    if (!looksLikeApiKey(presented)) throw invalidApiKey();

    let key = this.cache.get(hash);
    if (key === undefined) {
      const generation = this.cache.currentGeneration;
      key = await this.repository.findActive(hash);
      if (key === undefined) throw invalidApiKey();
      this.cache.set(hash, key, generation);
    }
    if (recordUse) this.lastUsed.record(key.id);
    return { principal: { kind: 'api-key', keyId: key.id }, rateLimit: key.rateLimit };
  }
}
