import { LogLevel } from '@nestjs/common';
import { NestFastifyApplication } from '@nestjs/platform-fastify';
import { useHttpConventions } from '@perp/http';
import { buildOpenApiDocument, createServiceApp, mountDocs, ObservabilityOptions, serviceObservability } from '@perp/service';
import { httpServerTimeoutOptions } from '@perp/settings';
import { AppModule } from './app.module';
import { installAuthentication } from './auth/install-authentication';
import { marketDataCaller } from './auth/log-caller';
import { MARKET_DATA_BODY_LIMITS } from './common/body-limits';
import { installKeptAnswers } from './common/kept-answers';
import { installHttpCache } from './common/http-cache';
import { MARKET_DATA_DESCRIPTION } from './service-description';
import { MarketDataSettings } from './settings';
import { KeyStore } from './key-store/key-store';
import { Stores } from './stores/stores.module';

/** The market-data app, fully wired (used by main.ts, the e2e tests and the OpenAPI export). */
export async function createMarketDataApp(
  settings: MarketDataSettings,
  options: { logger?: false | LogLevel[] } & ObservabilityOptions = {},
): Promise<NestFastifyApplication> {
  // JSON logs (Nest's own lines included), the access log, request and pool metrics.
  const observability = serviceObservability('market-data', settings, options);
  const app = await createServiceApp(AppModule.register(settings), {
    logger: observability.nestLogger,
    corsOrigins: settings.corsOrigins,
    // Answers Fastify and Node write themselves (bad URL, 408, 431) in the service's shape, with the security headers.
    errors: 'detail',
    fastify: {
      ...httpServerTimeoutOptions(settings),
      // The client address of the failed-authentication limit (request.ip), behind TRUST_PROXY_HOPS proxies.
      trustProxy: settings.trustProxyHops > 0 ? settings.trustProxyHops : false,
    },
    configure: (nest) => {
      useHttpConventions(nest, { errors: 'detail', bodyLimits: MARKET_DATA_BODY_LIMITS });
      installAuthentication(nest, settings);
      installHttpCache(nest.getHttpAdapter().getInstance());
      installKeptAnswers(nest.getHttpAdapter().getInstance());
      observability.install(nest, { caller: marketDataCaller, stores: () => [...Object.values(nest.get(Stores)), nest.get(KeyStore).connection] });
    },
  });
  mountDocs(app, buildOpenApiDocument(app, MARKET_DATA_DESCRIPTION));
  return app;
}
