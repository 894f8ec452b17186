import { Authenticated } from '@perp/auth';
import { AdminKeyGuard } from './admin-key.guard';
import { ApiKeyGuard } from './api-key.guard';
import { DeveloperGuard } from './developer.guard';
import { SECURITY_SCHEMES } from './security-schemes';
import { DETAIL_ERROR } from '../common/api-errors';

/**
 * The one decorator for every market, position and /v1 route (or controller): checks
 * `X-API-Key` (any active key, or an admin key) and documents APIKeyHeader with its errors.
 * The handler can read who called with `@CurrentPrincipal() who: ApiKeyPrincipal`.
 */
export const RequireApiKey = () =>
  Authenticated({
    guard: ApiKeyGuard,
    scheme: { type: 'apiKey', name: SECURITY_SCHEMES.apiKey },
    responses: {
      401: 'Missing API key, or an invalid or revoked one',
      429: 'Rate limit exceeded (per key), or too many failed authentications from this address',
      503: 'Key store unavailable',
    },
    errorSchema: DETAIL_ERROR,
  });

/** For the /admin/keys routes and POST /v1/admin/keys: only keys listed in ADMIN_API_KEYS. */
export const RequireAdminKey = () =>
  Authenticated({
    guard: AdminKeyGuard,
    scheme: { type: 'apiKey', name: SECURITY_SCHEMES.apiKey },
    responses: {
      401: 'Missing API key, or an invalid or revoked one',
      403: 'Admin API key required',
      429: 'Rate limit exceeded (admin keys), or too many failed authentications from this address',
      503: 'Key store unavailable',
    },
    errorSchema: DETAIL_ERROR,
  });

/** For /auth/keys: a developer's bearer JWT; read the developer with `@CurrentDeveloper()`. */
export const RequireDeveloper = () =>
  Authenticated({
    guard: DeveloperGuard,
    scheme: { type: 'bearer', name: SECURITY_SCHEMES.bearer },
    responses: {
      401: 'Not authenticated: missing, invalid or expired bearer token',
      429: 'Too many failed authentications from this address',
      503: 'Key store unavailable',
    },
    errorSchema: DETAIL_ERROR,
  });
