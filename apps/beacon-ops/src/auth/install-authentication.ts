import { NotFoundException } from '@nestjs/common';
import { NestFastifyApplication } from '@nestjs/platform-fastify';
import { authenticateBeforeBody, FailedAuthenticationLimiter } from '@perp/auth';
import { fail, OperationError } from '../errors/operation-error';
import { BeaconOpsSettings } from '../settings';

/** A 429 in the envelope, with Retry-After and RateLimit-*. */
class TooManyFailedAuthenticationsError extends OperationError {
  constructor(readonly headers: Record<string, string>) {
    super('too_many_failed_authentications', 'Too many failed authentication attempts');
  }
}

/**
 * The bearer token is checked before the body is read (RequireAccessToken's guard, run in
 * onRequest), failed authentication is limited per address, and unknown routes get 404
 * without their body being read. Call in `configure`, before init.
 */
export function installAuthentication(app: NestFastifyApplication, settings: BeaconOpsSettings): void {
  authenticateBeforeBody(app, {
    // What Nest's own not-found handler throws, so the answer is unchanged.
    notFound: (request) => new NotFoundException(`Cannot ${request.method} ${request.url}`),
    // Default deny: a route with neither RequireAccessToken() nor @Public() (a forgotten decorator).
    denied: () => fail('no_access_policy', 'Route has no access policy'),
    failedAuthentication: new FailedAuthenticationLimiter({
      limit: settings.failedAuthLimit,
      windowSeconds: settings.failedAuthWindowSeconds,
      tooMany: (headers) => new TooManyFailedAuthenticationsError(headers),
    }),
  });
}
