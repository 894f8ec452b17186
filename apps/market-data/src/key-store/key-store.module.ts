import { Module } from '@nestjs/common';
import { ApiKeyCache } from './api-key-cache';
import { ApiKeysRepository } from './api-keys.repository';
import { KeyRevocationListener } from './key-revocation-listener';
import { KeyStore } from './key-store';
import { KeyStoreSchema } from './key-store-schema';
import { LastUsedRecorder } from './last-used-recorder';

/** The api_keys table and what sits in front of it (cache, revocation listener, batched last-used writes); shared by auth, the key routes and the readiness check. */
@Module({
  providers: [KeyStore, KeyStoreSchema, ApiKeysRepository, ApiKeyCache, LastUsedRecorder, KeyRevocationListener],
  exports: [KeyStore, KeyStoreSchema, ApiKeysRepository, ApiKeyCache, LastUsedRecorder],
})
export class KeyStoreModule {}
