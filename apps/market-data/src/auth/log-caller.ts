import { JwtPrincipal, principalOf } from '@perp/auth';
import type { FastifyRequest } from 'fastify';
import { ApiKeyPrincipal } from './api-key-principal';

/**
 * Who the access log names: `key:<id>` for a stored key, `admin` for an ADMIN_API_KEYS key,
 * `developer:<sub>` for a bearer token; nothing before authentication. Never the key itself.
 */
export function marketDataCaller(request: FastifyRequest): string | undefined {
  const principal = principalOf<ApiKeyPrincipal | JwtPrincipal>(request);
  if (principal === undefined) return undefined;
  if (principal.kind === 'api-key') return `key:${principal.keyId}`;
  if (principal.kind === 'jwt') return `developer:${principal.subject}`;
  return 'admin';
}
