import { bearerToken, principalOf } from '@perp/auth';
import type { FastifyRequest } from 'fastify';
import { tokenHash } from '../rate-limits/token-context';

/**
 * Who the access log names: `token:<first 12 hex of the token's sha256>` once the bearer
 * token was accepted (which of the rotated tokens, as the rate limits count it); nothing
 * before authentication. Never the token itself.
 */
export function beaconOpsCaller(request: FastifyRequest): string | undefined {
  if (principalOf(request) === undefined) return undefined;
  const token = bearerToken(request);
  return token === undefined ? undefined : `token:${tokenHash(token).slice(0, 12)}`;
}
