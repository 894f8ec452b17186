import { Module } from '@nestjs/common';
import { AuthModule } from '../auth/auth.module';
import { AdminKeysController } from './admin-keys.controller';
import { ApiKeysService } from './api-keys.service';
import { DeveloperKeysController } from './developer-keys.controller';
import { KeyStoreModule } from '../key-store/key-store.module';

/** Key management routes: GET/POST /admin/keys, DELETE /admin/keys/{key_id}, POST /v1/admin/keys, GET/POST /auth/keys, DELETE /auth/keys/{key_id}. */
@Module({
  imports: [KeyStoreModule, AuthModule],
  controllers: [AdminKeysController, DeveloperKeysController],
  providers: [ApiKeysService],
})
export class KeysModule {}
