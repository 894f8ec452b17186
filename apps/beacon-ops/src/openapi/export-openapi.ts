/**
 * `npx nx run beacon-ops:openapi [--check]` (`npm run openapi` runs it for both apps): writes
 * apps/beacon-ops/openapi.json from the code; with --check writes nothing and exits 1 when the
 * committed file is stale. The test suite runs the same comparison (openapi-drift.spec.ts).
 */
import { runOpenApiExport } from '@perp/openapi-tools';
import { beaconOpsOpenApiDocument, BEACON_OPS_OPENAPI_FILE } from './openapi-document';

runOpenApiExport(BEACON_OPS_OPENAPI_FILE, beaconOpsOpenApiDocument, process.argv.slice(2), 'beacon-ops:openapi').then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  },
);
