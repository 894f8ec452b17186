/**
 * `npx nx run market-data:openapi [--check]` (`npm run openapi` runs it for both apps): writes
 * apps/market-data/openapi.json from the code; with --check writes nothing and exits 1 when the
 * committed file is stale. The test suite runs the same comparison (openapi-drift.spec.ts).
 */
import { runOpenApiExport } from '@perp/openapi-tools';
import { marketDataOpenApiDocument, MARKET_DATA_OPENAPI_FILE } from './openapi-document';

runOpenApiExport(MARKET_DATA_OPENAPI_FILE, marketDataOpenApiDocument, process.argv.slice(2), 'market-data:openapi').then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  },
);
