import { NotFoundException } from '@nestjs/common';
import { NestFastifyApplication } from '@nestjs/platform-fastify';
import { authenticateBeforeBody, FailedAuthenticationLimiter } from '@perp/auth';
import { DetailHttpException } from '@perp/http';
import { MarketDataSettings } from '../settings';

/**
 * Authentication before the body is read (each route's `@Require*()` guard, run in
 * onRequest), the per-address limit on failed authentication, and 404 for unknown routes
 * without reading their body; a route that declares no access at all is refused. Call in
 * `configure`, before init.
 */
export function installAuthentication(app: NestFastifyApplication, settings: MarketDataSettings): void {
  authenticateBeforeBody(app, {
    // What Nest's own not-found handler throws, so the answer is unchanged.
    notFound: (request) => new NotFoundException(`Cannot ${request.method} ${request.url}`),
    // Default deny: a route with neither @Require*() nor @Public() (a forgotten decorator).
    denied: () => new DetailHttpException(403, 'Route has no access policy'),
    failedAuthentication: new FailedAuthenticationLimiter({
      limit: settings.failedAuthLimit,
      windowSeconds: settings.failedAuthWindowSeconds,
      tooMany: (headers) => new DetailHttpException(429, 'Too many failed authentication attempts', headers),
    }),
  });
}
