import { Injectable } from '@nestjs/common';
import { ApiKeyCache } from '../keys/api-key-cache';
import { hashApiKey, looksLikeApiKey } from '../keys/api-key-secret';
import { ApiKeysRepository } from '../keys/api-keys.repository';
import { LastUsedRecorder } from '../keys/last-used-recorder';
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

  /** `recordUse`: note the use for last_used_at (only when the request is let through). */
  async authenticate(presented: string | undefined, { recordUse }: { recordUse: boolean }): Promise<ApiKeyPrincipal> {
    if (presented === undefined) throw missingApiKey();
    if (this.admins.isAdmin(presented)) return { kind: 'admin' };
    if (!looksLikeApiKey(presented)) throw invalidApiKey();

    const hash = hashApiKey(presented);
    let keyId = this.cache.get(hash);
    if (keyId === undefined) {
      const generation = this.cache.currentGeneration;
      keyId = await this.repository.findActiveId(hash);
      if (keyId === undefined) throw invalidApiKey();
      this.cache.set(hash, keyId, generation);
    }
    if (recordUse) this.lastUsed.record(keyId);
    return { kind: 'api-key', keyId };
  }
}
