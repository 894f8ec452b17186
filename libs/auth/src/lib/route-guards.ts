import { Type } from '@nestjs/common';
import { PATH_METADATA } from '@nestjs/common/constants';
import { FASTIFY_ROUTE_CONFIG_METADATA } from '@nestjs/platform-fastify/constants';
import type { RequestGuard } from './request-guard';

// Key of the guard list in a Fastify route's config: the Nest adapter copies a handler's
// FASTIFY_ROUTE_CONFIG_METADATA into `route.config`, which the onRequest hook can read.
const ROUTE_GUARDS = Symbol('perp:auth:route-guards');

type RouteConfig = Record<string | symbol, unknown>;

function addGuard(method: object, guard: Type<RequestGuard>, first: boolean): void {
  const config: RouteConfig = { ...((Reflect.getMetadata(FASTIFY_ROUTE_CONFIG_METADATA, method) as RouteConfig | undefined) ?? {}) };
  const guards = (config[ROUTE_GUARDS] as Type<RequestGuard>[] | undefined) ?? [];
  // Class guards run before method guards, as Nest runs them.
  config[ROUTE_GUARDS] = first ? [guard, ...guards] : [...guards, guard];
  Reflect.defineMetadata(FASTIFY_ROUTE_CONFIG_METADATA, config, method);
}

/**
 * Records a route's guard where Fastify's route config will carry it. On a method: that
 * route; on a controller: every route method of the class (method decorators have run by
 * then). The same decorator call also applies the Nest guard, so the two cannot differ.
 */
export function RouteGuard(guard: Type<RequestGuard>): MethodDecorator & ClassDecorator {
  return ((target: object, _key?: string | symbol, descriptor?: PropertyDescriptor) => {
    if (descriptor) {
      addGuard(descriptor.value as object, guard, false);
      return descriptor;
    }
    for (const method of routeMethodsOf(target as Type<unknown>)) addGuard(method, guard, true);
    return undefined;
  }) as MethodDecorator & ClassDecorator;
}

/** The guards of the route a request matched (empty for public routes and 404s). */
export function routeGuardsOf(config: unknown): readonly Type<RequestGuard>[] {
  return ((config as RouteConfig | undefined)?.[ROUTE_GUARDS] as Type<RequestGuard>[] | undefined) ?? [];
}

// Set by Public(): the route is open on purpose. Set by denyUnmarkedRoutes(): it declared nothing.
const ROUTE_PUBLIC = Symbol('perp:auth:route-public');
const ROUTE_DENIED = Symbol('perp:auth:route-denied');

function setRouteFlag(method: object, flag: symbol): void {
  const config: RouteConfig = { ...((Reflect.getMetadata(FASTIFY_ROUTE_CONFIG_METADATA, method) as RouteConfig | undefined) ?? {}) };
  config[flag] = true;
  Reflect.defineMetadata(FASTIFY_ROUTE_CONFIG_METADATA, config, method);
}

/**
 * Marks a route (or every route of a controller) as open without credentials, on purpose.
 * Without it or an `Authenticated()` guard, a route is refused (default deny).
 */
export function Public(): MethodDecorator & ClassDecorator {
  return ((target: object, _key?: string | symbol, descriptor?: PropertyDescriptor) => {
    if (descriptor) {
      setRouteFlag(descriptor.value as object, ROUTE_PUBLIC);
      return descriptor;
    }
    for (const method of routeMethodsOf(target as Type<unknown>)) setRouteFlag(method, ROUTE_PUBLIC);
    return undefined;
  }) as MethodDecorator & ClassDecorator;
}

/** The route handlers of a controller class (methods with a path). */
export function routeMethodsOf(controller: Type<unknown>): object[] {
  const prototype = controller.prototype as object;
  return Object.getOwnPropertyNames(prototype)
    .filter((name) => name !== 'constructor')
    .map((name) => Object.getOwnPropertyDescriptor(prototype, name)?.value as unknown)
    .filter((method): method is object => typeof method === 'function' && Reflect.getMetadata(PATH_METADATA, method) !== undefined);
}

export type RouteAccess = 'guarded' | 'public' | 'none';

/** What a route handler declared: guards (Authenticated), Public(), or nothing. */
export function routeAccessOf(handler: object): RouteAccess {
  const config = Reflect.getMetadata(FASTIFY_ROUTE_CONFIG_METADATA, handler) as RouteConfig | undefined;
  if (routeGuardsOf(config).length > 0) return 'guarded';
  return config?.[ROUTE_PUBLIC] === true ? 'public' : 'none';
}

/** Records on a handler that declared nothing that its route is refused (read by the before-body hook). */
export function markRouteDenied(handler: object): void {
  setRouteFlag(handler, ROUTE_DENIED);
}

/** Whether the route a request matched is refused for declaring no access (see denyUnmarkedRoutes). */
export function isRouteDenied(config: unknown): boolean {
  return (config as RouteConfig | undefined)?.[ROUTE_DENIED] === true;
}
