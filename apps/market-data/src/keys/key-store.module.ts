import { Module } from '@nestjs/common';
import { ApiKeyCache } from './api-key-cache';
import { ApiKeysRepository } from './api-keys.repository';
import { KeyStoreSchema } from './key-store-schema';
import { LastUsedRecorder } from './last-used-recorder';

/** The api_keys table and what sits in front of it (cache, batched last-used writes); shared by auth and the key routes. */
@Module({
  providers: [KeyStoreSchema, ApiKeysRepository, ApiKeyCache, LastUsedRecorder],
  exports: [KeyStoreSchema, ApiKeysRepository, ApiKeyCache, LastUsedRecorder],
})
export class KeyStoreModule {}
