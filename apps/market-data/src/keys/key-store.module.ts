import { Module } from '@nestjs/common';
import { ApiKeyCache } from './api-key-cache';
import { ApiKeysRepository } from './api-keys.repository';
import { KeyRevocationListener } from './key-revocation-listener';
import { KeyStoreSchema } from './key-store-schema';
import { LastUsedRecorder } from './last-used-recorder';

/** The api_keys table and what sits in front of it (cache, revocation listener, batched last-used writes); shared by auth and the key routes. */
@Module({
  providers: [KeyStoreSchema, ApiKeysRepository, ApiKeyCache, LastUsedRecorder, KeyRevocationListener],
  exports: [KeyStoreSchema, ApiKeysRepository, ApiKeyCache, LastUsedRecorder],
})
export class KeyStoreModule {}
