import { LogLevel } from '@nestjs/common';
import { NestFastifyApplication } from '@nestjs/platform-fastify';
import { clientErrorHandler, frameworkErrorHandler, useHttpConventions } from '@perp/http';
import { buildOpenApiDocument, createServiceApp, httpServerTimeoutOptions, mountDocs } from '@perp/service';
import { AppModule, AppModuleOptions } from './app.module';
import { installAuthentication } from './auth/install-authentication';
import { BEACON_OPS_BODY_LIMITS } from './http/body-limits';
import { BEACON_OPS_DESCRIPTION } from './service-description';
import { RouteCatalog } from './service-info/route-catalog';
import { BeaconOpsSettings } from './settings';

/** The beacon-ops app, fully wired (used by main.ts, the e2e tests and the OpenAPI export). */
export async function createBeaconOpsApp(
  settings: BeaconOpsSettings,
  options: { logger?: false | LogLevel[] } & AppModuleOptions = {},
): Promise<NestFastifyApplication> {
  const app = await createServiceApp(AppModule.register(settings, { poolHooks: options.poolHooks }), {
    logger: options.logger,
    corsOrigins: settings.corsOrigins,
    fastify: {
      frameworkErrors: frameworkErrorHandler('envelope'),
      clientErrorHandler: clientErrorHandler('envelope'),
      ...httpServerTimeoutOptions(settings),
      // The client address of the failed-authentication limit (request.ip), behind TRUST_PROXY_HOPS proxies.
      trustProxy: settings.trustProxyHops > 0 ? settings.trustProxyHops : false,
    },
    configure: (nest) => {
      useHttpConventions(nest, { errors: 'envelope', bodyLimits: BEACON_OPS_BODY_LIMITS });
      installAuthentication(nest, settings);
    },
  });
  const document = buildOpenApiDocument(app, BEACON_OPS_DESCRIPTION);
  // GET / lists the routes of this very document.
  app.get(RouteCatalog).useDocument(document);
  mountDocs(app, document);
  return app;
}
