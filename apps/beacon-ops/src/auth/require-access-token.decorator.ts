import { Authenticated } from '@perp/auth';
import { envelopeSchema } from '@perp/http';
import { AccessTokenGuard } from './access-token.guard';

/** The one decorator that puts a route behind the bearer token: guard, security scheme and the 401, documented together. */
export const RequireAccessToken = (): MethodDecorator & ClassDecorator =>
  Authenticated({
    guard: AccessTokenGuard,
    scheme: { type: 'bearer', name: 'HTTPBearer' },
    responses: { 401: 'Authentication failed: missing or wrong bearer token', 429: 'Too many failed authentication attempts from this address' },
    errorSchema: envelopeSchema(null, 'ErrorEnvelope'),
  });
