import type { INestApplication } from '@nestjs/common';
import type { OpenAPIObject } from '@nestjs/swagger';
import { withoutNetwork } from './without-network';

/**
 * A service's OpenAPI document from its code, with no database and no chain: `create` must
 * give the app created but not initialised (no lifecycle hook runs), with stores and RPC that
 * connect lazily; `build` is how the service documents itself (@perp/service's
 * buildOpenApiDocument), passed in so this tooling stays below the runtime libs. Any socket
 * opened meanwhile fails the export.
 */
export function exportOpenApiDocument(create: () => Promise<INestApplication>, build: (app: INestApplication) => OpenAPIObject): Promise<OpenAPIObject> {
  return withoutNetwork(async () => {
    const app = await create();
    try {
      return build(app);
    } finally {
      await app.close();
    }
  });
}
