import { createParamDecorator, ExecutionContext } from '@nestjs/common';
import { JwtPrincipal, principalOf } from '@perp/auth';

/** `@CurrentDeveloper() developerId: string`: the `sub` of the bearer token (routes with `@RequireDeveloper()`). */
export const CurrentDeveloper = createParamDecorator((_data: unknown, context: ExecutionContext): string => {
  const principal = principalOf<JwtPrincipal>(context.switchToHttp().getRequest<object>());
  // Only reachable when the route forgot its guard: fail closed.
  if (principal?.kind !== 'jwt') throw new Error('CurrentDeveloper used on a route without @RequireDeveloper()');
  return principal.subject;
});
