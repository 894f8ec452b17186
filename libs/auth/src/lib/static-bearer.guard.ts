import { Inject, Injectable, InjectionToken, Type } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import { bearerToken } from './bearer-token';
import { attachPrincipal } from './principal';
import { RequestGuard } from './request-guard';
import { StaticTokenMatcher } from './static-token-matcher';

export type StaticBearerFailure = 'missing bearer token' | 'invalid bearer token';

export interface StaticBearerGuardOptions {
  /** Injection token of the accepted tokens (`readonly string[]`, e.g. a settings list). */
  tokens: InjectionToken;
  /**
   * The error a failure throws, in the service's own shape, e.g.
   * `(why) => new BeaconOpsError(401, `Authentication failed: ${why}`)`.
   */
  failure: (reason: StaticBearerFailure) => Error;
}

/** What a static bearer guard attaches to the request (see `CurrentPrincipal`). */
export interface StaticBearerPrincipal {
  kind: 'static-bearer';
}

/**
 * A guard class accepting `Authorization: Bearer <token>` when the token is one of a
 * configured list, compared in constant time (see StaticTokenMatcher):
 *
 * ```ts
 * export const AccessTokenGuard = createStaticBearerGuard({
 *   tokens: ACCESS_TOKENS, // provided as settings.accessTokens
 *   failure: (why) => new BeaconOpsError(401, `Authentication failed: ${why}`),
 * });
 * ```
 */
export function createStaticBearerGuard(options: StaticBearerGuardOptions): Type<RequestGuard> {
  @Injectable()
  class StaticBearerGuard extends RequestGuard {
    private readonly matcher: StaticTokenMatcher;

    constructor(@Inject(options.tokens) tokens: readonly string[]) {
      super();
      this.matcher = new StaticTokenMatcher(tokens);
    }

    authenticate(request: FastifyRequest): void {
      const token = bearerToken(request);
      if (token === undefined) throw options.failure('missing bearer token');
      if (!this.matcher.matches(token)) throw options.failure('invalid bearer token');
      attachPrincipal<StaticBearerPrincipal>(request, { kind: 'static-bearer' });
    }
  }
  return StaticBearerGuard;
}
