import type { OpenAPIObject } from '@nestjs/swagger';
import { listRouteAccess, RouteAccessEntry } from '@perp/auth';
import { buildOpenApiDocument } from '@perp/service';
import { withExportApp } from '../openapi/openapi-document';
import { BEACON_OPS_DESCRIPTION } from '../service-description';

/**
 * Every route of the app with its access: the guard that authenticates it, or public on
 * purpose (@Public()). A route that declares neither is refused at run time (default deny,
 * libs/auth route-access.ts); this list makes a new route's access a reviewed decision.
 */
const EXPECTED: [route: string, access: string][] = [
  ['GET /', 'public'],
  ['GET /health', 'public'],
  ['GET /ready', 'public'],
  ['POST /batch_create_perpcity_beacon', 'StaticBearerGuard'],
  ['POST /batch_create_registry_beacon', 'StaticBearerGuard'],
  ['POST /batch_update_beacon', 'StaticBearerGuard'],
  ['POST /create_beacon', 'StaticBearerGuard'],
  ['POST /create_perpcity_beacon', 'StaticBearerGuard'],
  ['POST /create_registry_beacon', 'StaticBearerGuard'],
  ['POST /create_verifiable_beacon', 'StaticBearerGuard'],
  ['POST /register_beacon', 'StaticBearerGuard'],
  ['POST /update_beacon', 'StaticBearerGuard'],
  ['POST /update_beacon_with_ecdsa_adapter', 'StaticBearerGuard'],
];

const accessOf = ({ access, guards }: RouteAccessEntry) => (access === 'guarded' ? guards.join(',') : access);

describe('beacon-ops routes and their access', () => {
  let routes: RouteAccessEntry[];
  let document: OpenAPIObject;
  beforeAll(async () => {
    [routes, document] = await withExportApp((app) => [listRouteAccess(app), buildOpenApiDocument(app, BEACON_OPS_DESCRIPTION)] as const);
  });

  it('declares an access on every route (none refused by default deny)', () => {
    expect(routes.filter((entry) => entry.access === 'none').map((entry) => entry.route)).toEqual([]);
  });

  it('lists every route with its guard or as public', () => {
    expect(routes.map((entry) => [entry.route, accessOf(entry)])).toEqual(EXPECTED);
  });

  it('documents security in OpenAPI exactly on the guarded routes (one decorator sets both)', () => {
    const wrong = routes.filter((entry) => {
      const [method, path] = entry.route.split(' ');
      const operation = document.paths[path.replace(/:(\w+)/g, '{$1}')]?.[method.toLowerCase() as 'get'];
      return (entry.access === 'guarded') !== (operation?.security ?? []).length > 0;
    });
    expect(wrong.map((entry) => entry.route)).toEqual([]);
  });
});
