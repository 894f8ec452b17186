import type { OpenAPIObject, ReferenceObject, ResponseObject } from '@nestjs/swagger';
import { documentedStatuses, documentOperations } from '@perp/service';
import { marketDataOpenApiDocument } from './openapi-document';

/**
 * What a user of the document relies on, route by route: clean operationIds, one named error
 * schema, and every status a route can give documented. The statuses are derived here from
 * what a route is (path parameters, a body, its auth, the stores it reads), not copied from
 * the code that documents them.
 */
describe('market-data OpenAPI conventions', () => {
  let document: OpenAPIObject;
  beforeAll(async () => {
    document = await marketDataOpenApiDocument();
  });
  const operations = () => documentOperations(document);

  it('names every operation in camelCase, once, with no generated Controller_method name', () => {
    const ids = operations().map(({ operation }) => operation.operationId ?? '');
    expect(ids.filter((id) => !/^[a-z][A-Za-z0-9]+$/.test(id))).toEqual([]);
    expect(new Set(ids).size).toBe(ids.length);
    const byRoute = Object.fromEntries(operations().map(({ route, operation }) => [route, operation.operationId]));
    expect(byRoute).toMatchObject({
      'GET /markets': 'listMarkets',
      'GET /markets/{perp_address}': 'getMarket',
      'GET /positions/liquidatable': 'getLiquidatablePositions',
      'GET /positions/{position_id}': 'getPosition',
    });
  });

  it('documents every status a route can give', () => {
    const missing: string[] = [];
    for (const { route, method, path, operation } of operations()) {
      const secured = (operation.security ?? []).length > 0;
      const expected = new Set([400, 408, 500]);
      if (path.includes('{')) [404, 414, 422].forEach((s) => expected.add(s));
      if (method !== 'get') [413, 415].forEach((s) => expected.add(s));
      if (method === 'post' || (operation.parameters ?? []).some((p) => 'in' in p && p.in === 'query')) expected.add(422);
      // Every authenticated route reads the key store; the data routes also the index or source store.
      if (secured) [401, 429, 503].forEach((s) => expected.add(s));
      if (path.includes('/admin/')) expected.add(403);
      if (route === 'GET /ready') expected.add(503);
      const documented = documentedStatuses(operation);
      const lacking = [...expected].filter((status) => !documented.includes(status));
      if (lacking.length > 0) missing.push(`${route}: ${lacking.join(', ')}`);
    }
    expect(missing).toEqual([]);
  });

  it('refers every error response to ErrorDetail (HTTPValidationError for 422), never an inline copy', () => {
    const wrong: string[] = [];
    for (const { route, operation } of operations()) {
      for (const [status, response] of Object.entries(operation.responses as Record<string, ResponseObject>)) {
        if (Number(status) < 400) continue;
        const ref = (response.content?.['application/json']?.schema as ReferenceObject | undefined)?.$ref;
        const expected = route === 'GET /ready' && status === '503' ? 'ReadinessDto' : status === '422' ? 'HTTPValidationError' : 'ErrorDetail';
        if (ref !== `#/components/schemas/${expected}`) wrong.push(`${route} ${status}: ${ref ?? 'no schema'}`);
      }
    }
    expect(wrong).toEqual([]);
    expect(document.components?.schemas?.['ErrorDetail']).toMatchObject({ required: ['detail'], properties: { detail: { type: 'string' } } });
  });

  it('gives no example that matches nothing (the zero address, a fixed day)', () => {
    const text = JSON.stringify(document);
    expect(text).not.toMatch(/"example":"0x0{40}"/);
    expect(text).not.toMatch(/"example":"2026-01-0[12]T00:00:00Z"/);
  });
});
