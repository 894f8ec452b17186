import { CanActivate, ExecutionContext, Inject, Injectable, InjectionToken, Type } from '@nestjs/common';
import { DetailHttpException } from '@perp/http';
import type { JWTPayload } from 'jose';
import { bearerToken, RequestWithHeaders } from './bearer-token';
import { JwtBearerVerifier, JwtVerificationError } from './jwt-bearer-verifier';
import { attachPrincipal } from './principal';

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
export function createJwtBearerGuard(options: JwtBearerGuardOptions): Type<CanActivate> {
  const failure = options.failure ?? notAuthenticated;

  @Injectable()
  class JwtBearerGuard implements CanActivate {
    constructor(@Inject(options.verifier) private readonly verifier: JwtBearerVerifier) {}

    async canActivate(context: ExecutionContext): Promise<boolean> {
      const request = context.switchToHttp().getRequest<RequestWithHeaders>();
      const token = bearerToken(request);
      if (token === undefined) throw failure();
      try {
        const { subject, claims } = await this.verifier.verify(token);
        attachPrincipal<JwtPrincipal>(request, { kind: 'jwt', subject, claims });
        return true;
      } catch (error) {
        if (error instanceof JwtVerificationError) throw failure();
        throw error;
      }
    }
  }
  return JwtBearerGuard;
}
