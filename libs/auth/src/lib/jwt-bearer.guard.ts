import { Inject, Injectable, InjectionToken, Type } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import { DetailHttpException } from '@perp/http';
import type { JWTPayload } from 'jose';
import { bearerToken } from './bearer-token';
import { JwtBearerVerifier, JwtVerificationError } from './jwt-bearer-verifier';
import { attachPrincipal } from './principal';
import { RequestGuard } from './request-guard';

/** What the JWT guard attaches to the request: the token's subject and claims. */
export interface JwtPrincipal {
  kind: 'jwt';
  subject: string;
  claims: JWTPayload;
}

/** FastAPI's HTTPBearer failure: 401 `{"detail": "Not authenticated"}` with `WWW-Authenticate: Bearer`. */
export const notAuthenticated = (): Error => new DetailHttpException(401, 'Not authenticated', { 'WWW-Authenticate': 'Bearer' });

export interface JwtBearerGuardOptions {
  /** Injection token of the app's JwtBearerVerifier. */
  verifier: InjectionToken;
  /** The error every failure throws (missing header, any bad token); default `notAuthenticated`. */
  failure?: () => Error;
}

/**
 * A guard class accepting `Authorization: Bearer <jwt>` verified by the injected
 * JwtBearerVerifier. Every failure gets the same answer, so a caller learns nothing about
 * which check failed; errors other than a refused token (a store, a bug) pass through.
 */
export function createJwtBearerGuard(options: JwtBearerGuardOptions): Type<RequestGuard> {
  const failure = options.failure ?? notAuthenticated;

  @Injectable()
  class JwtBearerGuard extends RequestGuard {
    constructor(@Inject(options.verifier) private readonly verifier: JwtBearerVerifier) {
      super();
    }

    async authenticate(request: FastifyRequest): Promise<void> {
      const token = bearerToken(request);
      if (token === undefined) throw failure();
      try {
        const { subject, claims } = await this.verifier.verify(token);
        attachPrincipal<JwtPrincipal>(request, { kind: 'jwt', subject, claims });
      } catch (error) {
        if (error instanceof JwtVerificationError) throw failure();
        throw error;
      }
    }
  }
  return JwtBearerGuard;
}
