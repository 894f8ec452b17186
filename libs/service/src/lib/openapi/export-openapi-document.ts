import type { INestApplication } from '@nestjs/common';
import type { OpenAPIObject } from '@nestjs/swagger';
import { buildOpenApiDocument, ServiceDescription } from '../service-app';
import { withoutNetwork } from './without-network';

/**
 * A service's OpenAPI document from its code, with no database and no chain: `create` must
 * give the app created but not initialised (no lifecycle hook runs), with stores and RPC that
 * connect lazily. Any socket opened meanwhile fails the export.
 */
export function exportOpenApiDocument(create: () => Promise<INestApplication>, service: ServiceDescription): Promise<OpenAPIObject> {
  return withoutNetwork(async () => {
    const app = await create();
    try {
      return buildOpenApiDocument(app, service);
    } finally {
      await app.close();
    }
  });
}
