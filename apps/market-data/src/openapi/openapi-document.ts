import { join } from 'node:path';
import type { INestApplication } from '@nestjs/common';
import type { OpenAPIObject } from '@nestjs/swagger';
import { exportOpenApiDocument, withoutNetwork } from '@perp/openapi-tools';
import { buildOpenApiDocument } from '@perp/service';
import { createMarketDataApp } from '../create-app';
import { MARKET_DATA_DESCRIPTION } from '../service-description';
import { loadMarketDataSettings } from '../settings';

/** The committed document: what clients and reviewers read without running the service. */
export const MARKET_DATA_OPENAPI_FILE = join(__dirname, '..', '..', 'openapi.json');

/**
 * Placeholders for the required settings (the service has no default for them): building the
 * app opens no connection and checks no credential, and no placeholder is a usable secret.
 */
const EXPORT_ENV = {
  INDEX_DATABASE_URL: 'postgres://openapi-export.invalid/index',
  SOURCE_DATABASE_URL: 'postgres://openapi-export.invalid/source',
  MARKET_DATA_DATABASE_URL: 'postgres://openapi-export.invalid/keys',
  ADMIN_API_KEYS: 'openapi-export-placeholder-admin-key',
  JWT_JWKS_FILE: 'openapi-export-placeholder-jwks.json',
  JWT_ISSUER: 'openapi-export',
  JWT_AUDIENCE: 'openapi-export',
};

/** The document the code gives, built without any database or chain. */
export function marketDataOpenApiDocument(): Promise<OpenAPIObject> {
  // Only the placeholders: the defaults, whatever the caller's shell exports.
  return exportOpenApiDocument(
    () => createMarketDataApp(loadMarketDataSettings(EXPORT_ENV), { logger: false }),
    (app) => buildOpenApiDocument(app, MARKET_DATA_DESCRIPTION),
  );
}

/** Reads the app as the export builds it (no database, no chain, no socket): for tests of its routes. */
export function withExportApp<T>(read: (app: INestApplication) => T | Promise<T>): Promise<T> {
  return withoutNetwork(async () => {
    const app = await createMarketDataApp(loadMarketDataSettings(EXPORT_ENV), { logger: false });
    try {
      return await read(app);
    } finally {
      await app.close();
    }
  });
}
