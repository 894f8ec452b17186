import { LogLevel } from '@nestjs/common';
import { NestFastifyApplication } from '@nestjs/platform-fastify';
import { useHttpConventions } from '@perp/http';
import { buildOpenApiDocument, createServiceApp, mountDocs, ObservabilityOptions, serviceObservability } from '@perp/service';
import { httpServerTimeoutOptions } from '@perp/settings';
import { AppModule, AppModuleOptions } from './app.module';
import { installAuthentication } from './auth/install-authentication';
import { beaconOpsCaller } from './auth/log-caller';
import { BEACON_OPS_BODY_LIMITS } from './http/body-limits';
import { BEACON_OPS_DESCRIPTION } from './service-description';
import { RouteCatalog } from './service-info/route-catalog';
import { BeaconOpsSettings } from './settings';
import { countAnsweredFailure } from './errors/operation-error';
import { JournalStore } from './journal/journal-store';
// Registers the wallet pool's metrics (module-level objects) at boot, whatever the pool has sent yet.
import './metrics/pool-metrics';

/** The beacon-ops app, fully wired (used by main.ts, the e2e tests and the OpenAPI export). */
export async function createBeaconOpsApp(
  settings: BeaconOpsSettings,
  options: { logger?: false | LogLevel[] } & AppModuleOptions & ObservabilityOptions = {},
): Promise<NestFastifyApplication> {
  // JSON logs (Nest's own lines included), the access log, request and pool metrics.
  const observability = serviceObservability('beacon-ops', settings, options);
  const app = await createServiceApp(AppModule.register(settings, { poolHooks: options.poolHooks }), {
    logger: observability.nestLogger,
    corsOrigins: settings.corsOrigins,
    // Answers Fastify and Node write themselves (bad URL, 408, 431) in the service's shape, with the security headers.
    errors: 'envelope',
    fastify: {
      ...httpServerTimeoutOptions(settings),
      // The client address of the failed-authentication limit (request.ip), behind TRUST_PROXY_HOPS proxies.
      trustProxy: settings.trustProxyHops > 0 ? settings.trustProxyHops : false,
    },
    configure: (nest) => {
      useHttpConventions(nest, { errors: 'envelope', bodyLimits: BEACON_OPS_BODY_LIMITS, answered: countAnsweredFailure });
      installAuthentication(nest, settings);
      observability.install(nest, { caller: beaconOpsCaller, stores: () => [nest.get(JournalStore)] });
    },
  });
  const document = buildOpenApiDocument(app, BEACON_OPS_DESCRIPTION);
  // GET / lists the routes of this very document.
  app.get(RouteCatalog).useDocument(document);
  mountDocs(app, document);
  return app;
}
