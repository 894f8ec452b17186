import { join } from 'node:path';
import type { OpenAPIObject } from '@nestjs/swagger';
import { exportOpenApiDocument } from '@perp/service';
import { createMarketDataApp } from '../create-app';
import { MARKET_DATA_DESCRIPTION } from '../service-description';
import { loadMarketDataSettings } from '../settings';

/** The committed document: what clients and reviewers read without running the service. */
export const MARKET_DATA_OPENAPI_FILE = join(__dirname, '..', '..', 'openapi.json');

/** The document the code gives, built without any database or chain. */
export function marketDataOpenApiDocument(): Promise<OpenAPIObject> {
  // An empty environment: the defaults, whatever the caller's shell exports.
  return exportOpenApiDocument(() => createMarketDataApp(loadMarketDataSettings({}), { logger: false }), MARKET_DATA_DESCRIPTION);
}
