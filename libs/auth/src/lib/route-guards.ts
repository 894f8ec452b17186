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
    const prototype = (target as { prototype: object }).prototype;
    for (const name of Object.getOwnPropertyNames(prototype)) {
      const method = Object.getOwnPropertyDescriptor(prototype, name)?.value as unknown;
      if (typeof method === 'function' && name !== 'constructor' && Reflect.getMetadata(PATH_METADATA, method) !== undefined) addGuard(method, guard, true);
    }
    return undefined;
  }) as MethodDecorator & ClassDecorator;
}

/** The guards of the route a request matched (empty for public routes and 404s). */
export function routeGuardsOf(config: unknown): readonly Type<RequestGuard>[] {
  return ((config as RouteConfig | undefined)?.[ROUTE_GUARDS] as Type<RequestGuard>[] | undefined) ?? [];
}
