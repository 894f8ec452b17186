import type { OpenAPIObject, ReferenceObject, ResponseObject } from '@nestjs/swagger';
import { documentedStatuses, documentOperations } from '@perp/service';
import { beaconOpsOpenApiDocument } from './openapi-document';
import { BEACON_OPS_OPERATION_IDS } from './operation-ids';

/** the-beaconator's operationIds (its openapi.json), which its generated Python clients name their modules after. */
const BEACONATOR_OPERATION_IDS: Record<string, string> = {
  'GET /': 'routes_info_index',
  'POST /create_beacon': 'routes_beacon_create_beacon',
  'POST /register_beacon': 'routes_beacon_register_beacon',
  'POST /create_perpcity_beacon': 'routes_beacon_create_perpcity_beacon',
  'POST /batch_create_perpcity_beacon': 'routes_beacon_batch_create_perpcity_beacon',
  'POST /update_beacon': 'routes_beacon_update_beacon',
  'POST /batch_update_beacon': 'routes_beacon_batch_update_beacon',
  'POST /create_verifiable_beacon': 'routes_beacon_create_verifiable_beacon',
};

/**
 * What a user of the document relies on, route by route: operationIds compatible with
 * the-beaconator's, one named error schema whose examples say success false, and every
 * status a route can give documented (derived here from what a route is).
 */
describe('beacon-ops OpenAPI conventions', () => {
  let document: OpenAPIObject;
  beforeAll(async () => {
    document = await beaconOpsOpenApiDocument();
  });
  const operations = () => documentOperations(document);

  it("keeps the-beaconator's operationIds, and names every other operation the same way", () => {
    const byRoute = Object.fromEntries(operations().map(({ route, operation }) => [route, operation.operationId]));
    expect(byRoute).toMatchObject(BEACONATOR_OPERATION_IDS);
    expect(byRoute).toEqual(BEACON_OPS_OPERATION_IDS);
    expect(Object.values(byRoute).filter((id) => !/^routes_(info|beacon)_[a-z_]+$/.test(id ?? ''))).toEqual([]);
  });

  it("tags each operation as the-beaconator does (its Python client's module folders: api/beacon, api/information)", () => {
    const wrong = operations().filter(({ operation }) => {
      const expected = operation.operationId?.startsWith('routes_beacon_') ? 'Beacon' : 'Information';
      return JSON.stringify(operation.tags) !== JSON.stringify([expected]);
    });
    expect(wrong.map(({ route, operation }) => `${route}: ${JSON.stringify(operation.tags)}`)).toEqual([]);
  });

  it('documents every status a route can give', () => {
    const missing: string[] = [];
    for (const { route, method, operation } of operations()) {
      const expected = new Set([400, 408, 500]);
      // Every operation: a body (413, 415, 422), the token (401, 429), the Idempotency-Key (409), the chain (502, 504) and the pool (503).
      if (method === 'post') [401, 409, 413, 415, 422, 429, 502, 503, 504].forEach((s) => expected.add(s));
      if (/register_beacon|update_beacon/.test(route)) expected.add(404);
      if (route === 'GET /ready') expected.add(503);
      const documented = documentedStatuses(operation);
      const lacking = [...expected].filter((status) => !documented.includes(status));
      if (lacking.length > 0) missing.push(`${route}: ${lacking.join(', ')}`);
    }
    expect(missing).toEqual([]);
  });

  it('refers every error response to ErrorEnvelope, whose success is false and data null', () => {
    const wrong: string[] = [];
    for (const { route, operation } of operations()) {
      for (const [status, response] of Object.entries(operation.responses as Record<string, ResponseObject>)) {
        if (Number(status) < 400) continue;
        const ref = (response.content?.['application/json']?.schema as ReferenceObject | undefined)?.$ref;
        const expected = route === 'GET /ready' && status === '503' ? 'ReadinessDto' : 'ErrorEnvelope';
        if (ref !== `#/components/schemas/${expected}`) wrong.push(`${route} ${status}: ${ref ?? 'no schema'}`);
      }
    }
    expect(wrong).toEqual([]);
    expect(document.components?.schemas?.['ErrorEnvelope']).toMatchObject({
      properties: { success: { enum: [false], example: false }, data: { nullable: true, example: null } },
    });
  });

  it('marks the old names deprecated', () => {
    const deprecated = operations()
      .filter(({ operation }) => operation.deprecated)
      .map(({ route }) => route);
    expect(deprecated.sort()).toEqual(['POST /batch_create_perpcity_beacon', 'POST /create_perpcity_beacon']);
  });
});
