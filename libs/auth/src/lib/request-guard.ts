import { CanActivate, ExecutionContext } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';

// Which guards already let this request in (set by the before-body hook); a symbol, so nothing from the wire can set it.
const PASSED = Symbol('perp:auth:passed-guards');

export function markGuardPassed(request: object, guard: object): void {
  const bag = request as Record<symbol, Set<object> | undefined>;
  (bag[PASSED] ??= new Set()).add(guard);
}

/**
 * A guard that authenticates from the request line and headers alone, so that it can run
 * in the Fastify `onRequest` hook (see authenticateBeforeBody), before any body is read.
 * As a Nest guard it then only checks that the hook passed it; without the hook (a bare
 * test app) it authenticates itself.
 */
export abstract class RequestGuard implements CanActivate {
  /** Throws the service's 401/403/429; attaches the principal; may set reply headers. */
  abstract authenticate(request: FastifyRequest, reply: FastifyReply): Promise<void> | void;

  canActivate(context: ExecutionContext): boolean | Promise<boolean> {
    const http = context.switchToHttp();
    const request = http.getRequest<FastifyRequest>();
    if ((request as unknown as Record<symbol, Set<object> | undefined>)[PASSED]?.has(this.constructor)) return true;
    const done = this.authenticate(request, http.getResponse<FastifyReply>());
    return done instanceof Promise ? done.then(() => true) : true;
  }
}
