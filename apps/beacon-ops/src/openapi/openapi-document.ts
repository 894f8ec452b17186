import { join } from 'node:path';
import type { INestApplication } from '@nestjs/common';
import type { OpenAPIObject } from '@nestjs/swagger';
import { exportOpenApiDocument, withoutNetwork } from '@perp/openapi-tools';
import { buildOpenApiDocument } from '@perp/service';
import { createBeaconOpsApp } from '../create-app';
import { BEACON_OPS_DESCRIPTION } from '../service-description';
import { loadBeaconOpsSettings } from '../settings';

/** The committed document: what clients and reviewers read without running the service. */
export const BEACON_OPS_OPENAPI_FILE = join(__dirname, '..', '..', 'openapi.json');

/**
 * Placeholders for the required settings (the service has no default for them): building the
 * app opens no connection and sends nothing, and no placeholder is a usable secret.
 */
const EXPORT_ENV = {
  RPC_URL: 'http://openapi-export.invalid',
  BEACON_OPS_DATABASE_URL: 'postgres://openapi-export.invalid/journal',
  BEACON_OPS_ACCESS_TOKENS: 'openapi-export-placeholder-token-000',
  WALLET_PRIVATE_KEYS: `0x${'11'.repeat(32)}`,
  SIGNER_PRIVATE_KEY: `0x${'22'.repeat(32)}`,
};

/** The document the code gives, built without any database or chain. */
export function beaconOpsOpenApiDocument(): Promise<OpenAPIObject> {
  // Only the placeholders: the defaults, whatever the caller's shell exports.
  return exportOpenApiDocument(
    () => createBeaconOpsApp(loadBeaconOpsSettings(EXPORT_ENV), { logger: false }),
    (app) => buildOpenApiDocument(app, BEACON_OPS_DESCRIPTION),
  );
}

/** Reads the app as the export builds it (no database, no chain, no socket): for tests of its routes. */
export function withExportApp<T>(read: (app: INestApplication) => T | Promise<T>): Promise<T> {
  return withoutNetwork(async () => {
    const app = await createBeaconOpsApp(loadBeaconOpsSettings(EXPORT_ENV), { logger: false });
    try {
      return await read(app);
    } finally {
      await app.close();
    }
  });
}
