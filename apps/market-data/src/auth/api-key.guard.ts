import { Injectable } from '@nestjs/common';
import { attachPrincipal, headerValue, RequestGuard } from '@perp/auth';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { ApiKeyAuthenticator } from './api-key-authenticator';
import { ApiKeyPrincipal } from './api-key-principal';
import { KeyRateLimiter } from './key-rate-limiter';
import { API_KEY_HEADER } from './security-schemes';

/** `X-API-Key`: any active key, or an admin key, within its rate limit. Use it through `@RequireApiKey()`. */
@Injectable()
export class ApiKeyGuard extends RequestGuard {
  constructor(
    private readonly authenticator: ApiKeyAuthenticator,
    private readonly rateLimiter: KeyRateLimiter,
  ) {
    super();
  }

  async authenticate(request: FastifyRequest, reply: FastifyReply): Promise<void> {
    const { principal, rateLimit } = await this.authenticator.authenticate(headerValue(request, API_KEY_HEADER), { recordUse: true });
    this.rateLimiter.take(principal, rateLimit, reply);
    attachPrincipal<ApiKeyPrincipal>(request, principal);
  }
}
