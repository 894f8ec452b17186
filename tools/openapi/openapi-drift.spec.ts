import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { OpenAPIObject } from '@nestjs/swagger';
import { describeDrift, REPO_ROOT, SERVICES, stableJson } from './documents';

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

type Operation = { security?: Record<string, string[]>[] };

function operation(document: OpenAPIObject, route: string): Operation | undefined {
  const [method, path] = route.split(' ');
  return (document.paths[path] as Record<string, Operation> | undefined)?.[method.toLowerCase()];
}

describe('OpenAPI documents', () => {
  const generated = new Map<string, OpenAPIObject>();

  beforeAll(async () => {
    for (const service of SERVICES) generated.set(service.name, await service.build());
  });

  it.each(SERVICES.map((service) => [service.file, service] as const))('%s is what the code gives (else: run npm run openapi)', (_file, service) => {
    const document = generated.get(service.name);
    const path = join(REPO_ROOT, service.file);
    const committed = existsSync(path) ? readFileSync(path, 'utf8') : undefined;
    let verdict = 'up to date';
    if (committed === undefined) verdict = `${service.file} is missing: run npm run openapi and commit it`;
    else if (committed !== stableJson(document)) {
      let lines: string[];
      try {
        lines = describeDrift(JSON.parse(committed), document);
      } catch {
        lines = ['  the file is not valid JSON'];
      }
      verdict = `${service.file} differs from the code:\n${(lines.length ? lines : ['  same document, formatted differently']).join('\n')}\nrun npm run openapi and commit the result`;
    }
    expect(verdict).toBe('up to date');
  });

  describe('market-data', () => {
    const document = () => generated.get('market-data') as OpenAPIObject;

    it('has all 27 routes of the spec', () => {
      const missing = MARKET_DATA_ROUTES.map(([route]) => route).filter((route) => !operation(document(), route));
      expect(missing).toEqual([]);
      expect(MARKET_DATA_ROUTES).toHaveLength(27);
    });

    it('declares the security scheme of every guarded route, and none on the open ones', () => {
      const wrong = MARKET_DATA_ROUTES.filter(([route, scheme]) => {
        const security = operation(document(), route)?.security ?? [];
        const schemes = security.flatMap((requirement) => Object.keys(requirement));
        return scheme === null ? schemes.length > 0 : !schemes.includes(scheme);
      }).map(([route, scheme]) => `${route}: expected ${scheme ?? 'no scheme'}, got ${JSON.stringify(operation(document(), route)?.security)}`);
      expect(wrong).toEqual([]);
    });

    it('defines both schemes as the spec and DESIGN.md name them', () => {
      expect(document().components?.securitySchemes).toEqual({
        APIKeyHeader: { type: 'apiKey', in: 'header', name: 'X-API-Key' },
        HTTPBearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' },
      });
    });
  });
});
