import { Module } from '@nestjs/common';
import { KeyStoreModule } from '../key-store/key-store.module';
import { AdminKeys } from './admin-keys';
import { ApiKeyAuthenticator } from './api-key-authenticator';
import { DEVELOPER_JWT_VERIFIER, developerJwtVerifierProvider } from './developer-jwt-verifier';
import { KeyRateLimiter } from './key-rate-limiter';

/**
 * What the route guards need: a module whose controllers use `@RequireApiKey()`,
 * `@RequireAdminKey()` or `@RequireDeveloper()` imports it (Nest builds the guard there).
 */
@Module({
  imports: [KeyStoreModule],
  providers: [AdminKeys, ApiKeyAuthenticator, KeyRateLimiter, developerJwtVerifierProvider],
  exports: [AdminKeys, ApiKeyAuthenticator, KeyRateLimiter, DEVELOPER_JWT_VERIFIER],
})
export class AuthModule {}
