import type { OpenAPIObject } from '@nestjs/swagger';
import { openApiDrift } from '@perp/openapi-tools';
import { BEACON_OPS_OPENAPI_FILE, beaconOpsOpenApiDocument } from './openapi-document';

describe('beacon-ops OpenAPI document', () => {
  let generated: OpenAPIObject;

  beforeAll(async () => {
    generated = await beaconOpsOpenApiDocument();
  });

  it('apps/beacon-ops/openapi.json is what the code gives (else: run npx nx run beacon-ops:openapi)', () => {
    const drift = openApiDrift(BEACON_OPS_OPENAPI_FILE, generated);
    expect(drift === undefined ? 'up to date' : `apps/beacon-ops/openapi.json ${drift}\nrun npx nx run beacon-ops:openapi and commit the result`).toBe(
      'up to date',
    );
  });
});
