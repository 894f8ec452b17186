import { Global, Module } from '@nestjs/common';
import { KeyStoreModule } from '../keys/key-store.module';
import { AdminKeys } from './admin-keys';
import { ApiKeyAuthenticator } from './api-key-authenticator';
import { DEVELOPER_JWT_VERIFIER, developerJwtVerifierProvider } from './developer-jwt-verifier';
import { KeyRateLimiter } from './key-rate-limiter';

/**
 * What the route guards need, global so that `@RequireApiKey()` works on a controller of
 * any module without importing anything.
 */
@Global()
@Module({
  imports: [KeyStoreModule],
  providers: [AdminKeys, ApiKeyAuthenticator, KeyRateLimiter, developerJwtVerifierProvider],
  exports: [AdminKeys, ApiKeyAuthenticator, KeyRateLimiter, DEVELOPER_JWT_VERIFIER],
})
export class AuthModule {}
