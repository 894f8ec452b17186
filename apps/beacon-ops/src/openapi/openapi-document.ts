import { join } from 'node:path';
import type { OpenAPIObject } from '@nestjs/swagger';
import { exportOpenApiDocument } from '@perp/service';
import { createBeaconOpsApp } from '../create-app';
import { BEACON_OPS_DESCRIPTION } from '../service-description';
import { loadBeaconOpsSettings } from '../settings';

/** The committed document: what clients and reviewers read without running the service. */
export const BEACON_OPS_OPENAPI_FILE = join(__dirname, '..', '..', 'openapi.json');

/** The document the code gives, built without any database or chain. */
export function beaconOpsOpenApiDocument(): Promise<OpenAPIObject> {
  // An empty environment: the defaults, whatever the caller's shell exports.
  return exportOpenApiDocument(() => createBeaconOpsApp(loadBeaconOpsSettings({}), { logger: false }), BEACON_OPS_DESCRIPTION);
}
