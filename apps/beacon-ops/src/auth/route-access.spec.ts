import type { OpenAPIObject } from '@nestjs/swagger';
import { listRouteAccess, RouteAccessEntry, routeAccessTable, securityMismatches } from '@perp/auth';
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
  ['POST /create_group_ecdsa_beacon', 'StaticBearerGuard'],
  ['POST /create_perpcity_beacon', 'StaticBearerGuard'],
  ['POST /create_registry_beacon', 'StaticBearerGuard'],
  ['POST /create_verifiable_beacon', 'StaticBearerGuard'],
  ['POST /get_beacon_gating', 'StaticBearerGuard'],
  ['POST /register_beacon', 'StaticBearerGuard'],
  ['POST /set_beacon_gating', 'StaticBearerGuard'],
  ['POST /unregister_beacon', 'StaticBearerGuard'],
  ['POST /update_beacon', 'StaticBearerGuard'],
  ['POST /update_beacon_with_ecdsa_adapter', 'StaticBearerGuard'],
];

describe('beacon-ops routes and their access', () => {
  let routes: RouteAccessEntry[];
  let document: OpenAPIObject;
  beforeAll(async () => {
    [routes, document] = await withExportApp((app) => [listRouteAccess(app), buildOpenApiDocument(app, BEACON_OPS_DESCRIPTION)] as const);
  });

  it('declares an access on every route (none refused by default deny)', () => {
    expect(routeAccessTable(routes).filter(([, access]) => access === 'none')).toEqual([]);
  });

  it('lists every route with its guard or as public', () => {
    expect(routeAccessTable(routes)).toEqual(EXPECTED);
  });

  it('documents security in OpenAPI exactly on the guarded routes (one decorator sets both)', () => {
    expect(securityMismatches(routes, document)).toEqual([]);
  });
});
