import { createParamDecorator, ExecutionContext } from '@nestjs/common';

// A symbol key: nothing from the wire (headers, body) can ever set or spoof it.
const PRINCIPAL = Symbol('perp:auth:principal');

/** Who a guard authenticated, kept on the request for the handler. */
export function attachPrincipal<T extends object>(request: object, principal: T): void {
  (request as Record<symbol, unknown>)[PRINCIPAL] = principal;
}

export function principalOf<T extends object>(request: object): T | undefined {
  return (request as Record<symbol, unknown>)[PRINCIPAL] as T | undefined;
}

/** `@CurrentPrincipal() who: ApiKeyPrincipal`: the principal the route's guard attached. */
export const CurrentPrincipal = createParamDecorator((_data: unknown, context: ExecutionContext) => principalOf(context.switchToHttp().getRequest<object>()));
