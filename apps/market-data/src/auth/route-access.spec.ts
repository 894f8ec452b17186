import type { OpenAPIObject } from '@nestjs/swagger';
import { listRouteAccess, RouteAccessEntry, routeAccessTable, securityMismatches } from '@perp/auth';
import { buildOpenApiDocument } from '@perp/service';
import { withExportApp } from '../openapi/openapi-document';
import { MARKET_DATA_DESCRIPTION } from '../service-description';

/**
 * Every route of the app with its access: the guard that authenticates it, or public on
 * purpose (@Public()). A route that declares neither is refused at run time (default deny,
 * libs/auth route-access.ts); this list makes a new route's access a reviewed decision.
 */
const EXPECTED: [route: string, access: string][] = [
  ['DELETE /admin/keys/:key_id', 'AdminKeyGuard'],
  ['DELETE /auth/keys/:key_id', 'JwtBearerGuard'],
  ['GET /', 'public'],
  ['GET /admin/keys', 'AdminKeyGuard'],
  ['GET /auth/keys', 'JwtBearerGuard'],
  ['GET /health', 'public'],
  ['GET /index/status', 'ApiKeyGuard'],
  ['GET /markets', 'ApiKeyGuard'],
  ['GET /markets/:perp_address', 'ApiKeyGuard'],
  ['GET /markets/:perp_address/candles', 'ApiKeyGuard'],
  ['GET /markets/:perp_address/funding', 'ApiKeyGuard'],
  ['GET /markets/:perp_address/live', 'ApiKeyGuard'],
  ['GET /markets/:perp_address/open-interest', 'ApiKeyGuard'],
  ['GET /markets/:perp_address/snapshots', 'ApiKeyGuard'],
  ['GET /markets/:perp_address/stats', 'ApiKeyGuard'],
  ['GET /markets/:perp_address/trades', 'ApiKeyGuard'],
  ['GET /markets/:ticker/history', 'ApiKeyGuard'],
  ['GET /positions', 'ApiKeyGuard'],
  ['GET /positions/:position_id', 'ApiKeyGuard'],
  ['GET /positions/liquidatable', 'ApiKeyGuard'],
  ['GET /ready', 'public'],
  ['GET /stream', 'ApiKeyGuard'],
  ['GET /trades', 'ApiKeyGuard'],
  ['GET /v1/markets', 'ApiKeyGuard'],
  ['GET /v1/markets/:market_id', 'ApiKeyGuard'],
  ['GET /v1/markets/:market_id/live', 'ApiKeyGuard'],
  ['GET /v1/markets/:market_id/oi', 'ApiKeyGuard'],
  ['GET /v1/markets/:market_id/snapshots', 'ApiKeyGuard'],
  ['GET /v1/markets/:market_id/stats', 'ApiKeyGuard'],
  ['GET /v1/markets/:market_id/trades', 'ApiKeyGuard'],
  ['GET /v1/positions', 'ApiKeyGuard'],
  ['GET /v1/positions/:position_id', 'ApiKeyGuard'],
  ['GET /v1/positions/liquidatable', 'ApiKeyGuard'],
  ['POST /admin/keys', 'AdminKeyGuard'],
  ['POST /auth/keys', 'JwtBearerGuard'],
  ['POST /v1/admin/keys', 'AdminKeyGuard'],
];

describe('market-data routes and their access', () => {
  let routes: RouteAccessEntry[];
  let document: OpenAPIObject;
  beforeAll(async () => {
    [routes, document] = await withExportApp((app) => [listRouteAccess(app), buildOpenApiDocument(app, MARKET_DATA_DESCRIPTION)] as const);
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
