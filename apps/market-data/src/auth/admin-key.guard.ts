import { Injectable } from '@nestjs/common';
import { attachPrincipal, headerValue, RequestGuard } from '@perp/auth';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { ApiKeyAuthenticator } from './api-key-authenticator';
import { ApiKeyPrincipal } from './api-key-principal';
import { adminKeyRequired } from './auth-errors';
import { KeyRateLimiter } from './key-rate-limiter';
import { API_KEY_HEADER } from './security-schemes';

/**
 * `X-API-Key` holding one of ADMIN_API_KEYS (within the admin rate limit). Missing or
 * unknown keys get the same 401s as ApiKeyGuard; a valid ordinary key gets 403. Use it
 * through `@RequireAdminKey()`.
 */
@Injectable()
export class AdminKeyGuard extends RequestGuard {
  constructor(
    private readonly authenticator: ApiKeyAuthenticator,
    private readonly rateLimiter: KeyRateLimiter,
  ) {
    super();
  }

  async authenticate(request: FastifyRequest, reply: FastifyReply): Promise<void> {
    const { principal } = await this.authenticator.authenticate(headerValue(request, API_KEY_HEADER), { recordUse: false });
    if (principal.kind !== 'admin') throw adminKeyRequired();
    this.rateLimiter.take(principal, null, reply);
    attachPrincipal<ApiKeyPrincipal>(request, principal);
  }
}
