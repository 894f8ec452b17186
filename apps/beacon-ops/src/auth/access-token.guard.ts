import { createStaticBearerGuard } from '@perp/auth';
import { OperationError } from '../errors/operation-error';

/** Injection token of the accepted bearer tokens (BEACON_OPS_ACCESS_TOKENS; several at once for rotation). */
export const ACCESS_TOKENS = Symbol('ACCESS_TOKENS');

/** 401 in the envelope, with the header RFC 6750 asks for. */
export class AuthenticationFailedError extends OperationError {
  readonly headers = { 'WWW-Authenticate': 'Bearer' };

  constructor(why: string) {
    super('authentication_failed', `Authentication failed: ${why}`);
  }
}

/** `Authorization: Bearer <token>`, compared in constant time against every configured token. */
export const AccessTokenGuard = createStaticBearerGuard({
  tokens: ACCESS_TOKENS,
  failure: (why) => new AuthenticationFailedError(why),
});
