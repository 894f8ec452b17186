import type { OpenAPIObject } from '@nestjs/swagger';
import { openApiDrift } from '@perp/openapi-tools';
import { MARKET_DATA_OPENAPI_FILE, marketDataOpenApiDocument } from './openapi-document';

/** Every route of the market-data spec (shared/spec/market-data-api.md), with the scheme that guards it. */
const MARKET_DATA_ROUTES: [route: string, scheme: 'APIKeyHeader' | 'HTTPBearer' | null][] = [
  ['GET /markets', 'APIKeyHeader'],
  ['GET /markets/{perp_address}', 'APIKeyHeader'],
  ['GET /markets/{perp_address}/live', 'APIKeyHeader'],
  ['GET /markets/{perp_address}/stats', 'APIKeyHeader'],
  ['GET /markets/{perp_address}/snapshots', 'APIKeyHeader'],
  ['GET /markets/{perp_address}/trades', 'APIKeyHeader'],
  ['GET /markets/{ticker}/history', 'APIKeyHeader'],
  ['GET /positions', 'APIKeyHeader'],
  ['GET /positions/liquidatable', 'APIKeyHeader'],
  ['GET /positions/{position_id}', 'APIKeyHeader'],
  ['GET /v1/markets', 'APIKeyHeader'],
  ['GET /v1/markets/{market_id}', 'APIKeyHeader'],
  ['GET /v1/markets/{market_id}/live', 'APIKeyHeader'],
  ['GET /v1/markets/{market_id}/oi', 'APIKeyHeader'],
  ['GET /v1/markets/{market_id}/stats', 'APIKeyHeader'],
  ['GET /v1/markets/{market_id}/snapshots', 'APIKeyHeader'],
  ['GET /v1/markets/{market_id}/trades', 'APIKeyHeader'],
  ['GET /v1/positions', 'APIKeyHeader'],
  ['GET /v1/positions/liquidatable', 'APIKeyHeader'],
  ['GET /v1/positions/{position_id}', 'APIKeyHeader'],
  ['POST /v1/admin/keys', 'APIKeyHeader'],
  ['POST /admin/keys', 'APIKeyHeader'],
  ['GET /auth/keys', 'HTTPBearer'],
  ['POST /auth/keys', 'HTTPBearer'],
  ['DELETE /auth/keys/{key_id}', 'HTTPBearer'],
  ['GET /health', null],
  ['GET /', null],
];

/** Routes DESIGN.md §4 adds to the spec's (admins list and revoke every key). */
const DESIGN_ROUTES: [route: string, scheme: 'APIKeyHeader'][] = [
  ['GET /admin/keys', 'APIKeyHeader'],
  ['DELETE /admin/keys/{key_id}', 'APIKeyHeader'],
];

type Operation = { security?: Record<string, string[]>[] };

function operation(document: OpenAPIObject, route: string): Operation | undefined {
  const [method, path] = route.split(' ');
  return (document.paths[path] as Record<string, Operation> | undefined)?.[method.toLowerCase()];
}

describe('market-data OpenAPI document', () => {
  let generated: OpenAPIObject;
  const document = () => generated;

  beforeAll(async () => {
    generated = await marketDataOpenApiDocument();
  });

  it('apps/market-data/openapi.json is what the code gives (else: run npx nx run market-data:openapi)', () => {
    const drift = openApiDrift(MARKET_DATA_OPENAPI_FILE, generated);
    expect(drift === undefined ? 'up to date' : `apps/market-data/openapi.json ${drift}\nrun npx nx run market-data:openapi and commit the result`).toBe(
      'up to date',
    );
  });

  it('has all 27 routes of the spec', () => {
    const missing = MARKET_DATA_ROUTES.map(([route]) => route).filter((route) => !operation(document(), route));
    expect(missing).toEqual([]);
    expect(MARKET_DATA_ROUTES).toHaveLength(27);
  });

  it('declares the security scheme of every guarded route, and none on the open ones', () => {
    const wrong = [...MARKET_DATA_ROUTES, ...DESIGN_ROUTES]
      .filter(([route, scheme]) => {
        const security = operation(document(), route)?.security ?? [];
        const schemes = security.flatMap((requirement) => Object.keys(requirement));
        return scheme === null ? schemes.length > 0 : !schemes.includes(scheme);
      })
      .map(([route, scheme]) => `${route}: expected ${scheme ?? 'no scheme'}, got ${JSON.stringify(operation(document(), route)?.security)}`);
    expect(wrong).toEqual([]);
  });

  it('defines both schemes as the spec and DESIGN.md name them', () => {
    expect(document().components?.securitySchemes).toEqual({
      APIKeyHeader: { type: 'apiKey', in: 'header', name: 'X-API-Key' },
      HTTPBearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' },
    });
  });
});
