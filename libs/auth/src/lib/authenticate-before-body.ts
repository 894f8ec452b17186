import { Type } from '@nestjs/common';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { FailedAuthenticationLimiter } from './failed-authentication-limiter';
import { markGuardPassed, RequestGuard } from './request-guard';
import { DefaultDenyGuard, denyUnmarkedRoutes } from './route-access';
import { isRouteDenied, routeGuardsOf } from './route-guards';

export interface AuthenticateBeforeBodyOptions {
  /** The service's 404 for a request no route matches (answered before its body is read). */
  notFound: (request: FastifyRequest) => Error;
  /** Per-address limit on failed authentication (401s). */
  failedAuthentication?: FailedAuthenticationLimiter;
  /** The service's answer for a route that declared neither a guard nor `Public()` (default deny), e.g. a 403. */
  denied: () => Error;
}

const statusOf = (error: unknown): number | undefined => {
  const getStatus = (error as { getStatus?: () => unknown } | null)?.getStatus;
  return typeof getStatus === 'function' ? (getStatus.call(error) as number) : undefined;
};

/**
 * Runs each route's guards (the ones `Authenticated()` recorded in the route config) in
 * Fastify's `onRequest` hook, before the body is read: a request without valid credentials,
 * or for no route at all, never costs a body parse. Errors go to the app's exception
 * filters (Nest's Fastify error handler), so answers keep the service's shape. The Nest
 * guards then only confirm that the hook passed them. Default deny: a route with neither
 * `Authenticated()` nor `Public()` is refused here too (`denied`), and by a global Nest guard
 * behind it. Install before `app.init()`.
 */
export function authenticateBeforeBody(app: NestFastifyApplication, options: AuthenticateBeforeBodyOptions): void {
  const instances = new Map<Type<RequestGuard>, RequestGuard>();
  const guardInstance = (type: Type<RequestGuard>): RequestGuard => {
    const known = instances.get(type);
    if (known) return known;
    // Nest created the guard for the module whose controller uses it (an "injectable").
    const guard = app.get<RequestGuard>(type, { strict: false });
    instances.set(type, guard);
    return guard;
  };
  const limiter = options.failedAuthentication;
  denyUnmarkedRoutes(app);
  app.useGlobalGuards(new DefaultDenyGuard(options.denied));

  const authenticate = async (request: FastifyRequest, reply: FastifyReply, guards: readonly Type<RequestGuard>[]): Promise<void> => {
    limiter?.check(request.ip);
    for (const type of guards) {
      try {
        await guardInstance(type).authenticate(request, reply);
      } catch (error) {
        if (limiter && statusOf(error) === 401) limiter.recordFailure(request.ip);
        throw error;
      }
      markGuardPassed(request, type);
    }
  };

  app
    .getHttpAdapter()
    .getInstance()
    .addHook('onRequest', (request, reply, done) => {
      if (request.is404) return done(options.notFound(request));
      if (isRouteDenied(request.routeOptions.config)) return done(options.denied());
      const guards = routeGuardsOf(request.routeOptions.config);
      if (guards.length === 0) return done();
      authenticate(request, reply, guards).then(() => done(), done);
    });
}
