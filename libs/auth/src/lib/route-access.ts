import { CanActivate, ExecutionContext, INestApplication, RequestMethod, Type } from '@nestjs/common';
import { METHOD_METADATA, PATH_METADATA } from '@nestjs/common/constants';
import { ModulesContainer } from '@nestjs/core';
import { FASTIFY_ROUTE_CONFIG_METADATA } from '@nestjs/platform-fastify/constants';
import type { OpenAPIObject } from '@nestjs/swagger';
import { markRouteDenied, RouteAccess, routeAccessOf, routeGuardsOf, routeMethodsOf } from './route-guards';

export interface RouteAccessEntry {
  /** "GET /markets/:perp_address" */
  route: string;
  access: RouteAccess;
  /** The guard classes' names, in the order they run (empty unless guarded). */
  guards: string[];
  handler: object;
}

const trimSlashes = (path: string) => path.replace(/^\/+|\/+$/g, '');
const pathsOf = (value: unknown): string[] => (Array.isArray(value) ? value.map(String) : [String(value ?? '')]);

/** Every route of the app's controllers with what it declared (guards, Public(), or nothing). Call after NestFactory.create. */
export function listRouteAccess(app: INestApplication): RouteAccessEntry[] {
  const entries: RouteAccessEntry[] = [];
  for (const module of app.get(ModulesContainer).values()) {
    for (const wrapper of module.controllers.values()) {
      const controller = wrapper.metatype as Type<unknown> | null;
      if (!controller) continue;
      const prefixes = pathsOf(Reflect.getMetadata(PATH_METADATA, controller));
      for (const handler of routeMethodsOf(controller)) {
        const method = RequestMethod[Reflect.getMetadata(METHOD_METADATA, handler) as RequestMethod] ?? 'GET';
        const access = routeAccessOf(handler);
        const guards = routeGuardsOf(Reflect.getMetadata(FASTIFY_ROUTE_CONFIG_METADATA, handler)).map((guard) => guard.name);
        for (const prefix of prefixes) {
          for (const path of pathsOf(Reflect.getMetadata(PATH_METADATA, handler))) {
            const route = `${method} /${[prefix, path].map(trimSlashes).filter(Boolean).join('/')}`;
            entries.push({ route, access, guards, handler });
          }
        }
      }
    }
  }
  return entries.sort((a, b) => a.route.localeCompare(b.route));
}

/** The routes as a reviewed list reads them: [route, the guards' names | 'public' | 'none' (refused by default deny)]. */
export function routeAccessTable(routes: RouteAccessEntry[]): [route: string, access: string][] {
  return routes.map(({ route, access, guards }) => [route, access === 'guarded' ? guards.join(',') : access]);
}

/** The routes whose OpenAPI operation documents security without a guard, or a guard without security (one decorator sets both). */
export function securityMismatches(routes: RouteAccessEntry[], document: OpenAPIObject): string[] {
  return routes
    .filter(({ route, access }) => {
      const [method, path] = route.split(' ');
      const operation = document.paths[path.replace(/:(\w+)/g, '{$1}')]?.[method.toLowerCase() as 'get'];
      return (access === 'guarded') !== (operation?.security ?? []).length > 0;
    })
    .map(({ route }) => route);
}

/**
 * Default deny, before the body is read: marks every route that declared neither a guard
 * (`Authenticated()`) nor `Public()`, so the onRequest hook refuses it. Call before init
 * (Nest copies the route config into Fastify's routes at init).
 */
export function denyUnmarkedRoutes(app: INestApplication): void {
  for (const entry of listRouteAccess(app)) if (entry.access === 'none') markRouteDenied(entry.handler);
}

/**
 * The same rule as a global Nest guard, for what the hook cannot see (an app built without
 * it, a route added after the scan). One metadata read per handler, then a WeakMap hit.
 */
export class DefaultDenyGuard implements CanActivate {
  private readonly access = new WeakMap<object, RouteAccess>();

  constructor(private readonly denied: () => Error) {}

  canActivate(context: ExecutionContext): boolean {
    const handler = context.getHandler();
    let access = this.access.get(handler);
    if (access === undefined) {
      access = routeAccessOf(handler);
      this.access.set(handler, access);
    }
    if (access === 'none') throw this.denied();
    return true;
  }
}
