import { Module } from '@nestjs/common';
import { AdminKeysController } from './admin-keys.controller';
import { ApiKeysService } from './api-keys.service';
import { DeveloperKeysController } from './developer-keys.controller';
import { KeyStoreModule } from './key-store.module';

/** Key management routes: GET/POST /admin/keys, DELETE /admin/keys/{key_id}, POST /v1/admin/keys, GET/POST /auth/keys, DELETE /auth/keys/{key_id}. */
@Module({
  imports: [KeyStoreModule],
  controllers: [AdminKeysController, DeveloperKeysController],
  providers: [ApiKeysService],
})
export class KeysModule {}
