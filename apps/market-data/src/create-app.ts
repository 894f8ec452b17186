import { LogLevel } from '@nestjs/common';
import { NestFastifyApplication } from '@nestjs/platform-fastify';
import { frameworkErrorHandler, useHttpConventions } from '@perp/http';
import { buildOpenApiDocument, createServiceApp, mountDocs } from '@perp/service';
import { AppModule } from './app.module';
import { installHttpCache } from './common/http-cache';
import { MARKET_DATA_DESCRIPTION } from './service-description';
import { MarketDataSettings } from './settings';

/** The market-data app, fully wired (used by main.ts, the e2e tests and the OpenAPI export). */
export async function createMarketDataApp(settings: MarketDataSettings, options: { logger?: false | LogLevel[] } = {}): Promise<NestFastifyApplication> {
  const app = await createServiceApp(AppModule.register(settings), {
    logger: options.logger,
    fastify: { frameworkErrors: frameworkErrorHandler('detail') },
    configure: (nest) => {
      useHttpConventions(nest, { errors: 'detail' });
      installHttpCache(nest.getHttpAdapter().getInstance());
    },
  });
  mountDocs(app, buildOpenApiDocument(app, MARKET_DATA_DESCRIPTION));
  return app;
}
