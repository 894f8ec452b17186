import { DynamicModule, INestApplication, LoggerService, LogLevel, Type } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { FastifyAdapter, NestFastifyApplication } from '@nestjs/platform-fastify';
import { DocumentBuilder, OpenAPIObject, SwaggerModule } from '@nestjs/swagger';
import { clientErrorHandler, frameworkErrorHandler } from '@perp/http';
import type { FastifyServerOptions } from 'fastify';
import { installHttpSecurity, SECURITY_HEADERS } from './http-security';

export interface ServiceDescription {
  title: string;
  version: string;
  description: string;
  /** Adds the service's security schemes to the OpenAPI document. */
  security?: (builder: DocumentBuilder) => DocumentBuilder;
  /** Amends the generated document (e.g. marks deprecated alias paths), served and exported alike. */
  amend?: (document: OpenAPIObject) => OpenAPIObject;
}

export interface ServiceAppOptions {
  /** A logger (the service's JSON logger), Nest's console logger at these levels, or none. */
  logger?: false | LogLevel[] | LoggerService;
  /**
   * The shape of the answers Fastify and Node write themselves (a bad URL, a slow or oversized
   * request): `detail` (market-data) or `envelope` (beacon-ops), with the security headers of every answer.
   */
  errors?: 'detail' | 'envelope';
  /** Fastify options (timeouts, trustProxy...). */
  fastify?: FastifyServerOptions;
  /** Runs before init: global pipes, filters, hooks. */
  configure?: (app: NestFastifyApplication) => void;
  /** Browser origins allowed by CORS (the CORS_ORIGINS setting); none: CORS off. */
  corsOrigins?: readonly string[];
}

/** Every service runs on Fastify: the bare-Fastify ceiling of the benchmarks is then the same stack minus Nest. */
export async function createServiceApp(module: Type<unknown> | DynamicModule, options: ServiceAppOptions = {}): Promise<NestFastifyApplication> {
  // skipMiddie: no Nest middleware is used (hooks and guards do that work); middie would still run on every request.
  const errors = options.errors
    ? { frameworkErrors: frameworkErrorHandler(options.errors, SECURITY_HEADERS), clientErrorHandler: clientErrorHandler(options.errors, SECURITY_HEADERS) }
    : {};
  const adapter = new FastifyAdapter({ bodyLimit: 1_048_576, routerOptions: { maxParamLength: 256 }, skipMiddie: true, ...errors, ...options.fastify });
  const app = await NestFactory.create<NestFastifyApplication>(module, adapter, {
    logger: options.logger ?? ['log', 'warn', 'error'],
    bufferLogs: false,
    abortOnError: false,
  });
  options.configure?.(app);
  // After configure: its hooks (a route's own Cache-Control) run before the no-store default.
  await installHttpSecurity(app, { corsOrigins: options.corsOrigins ?? [] });
  app.enableShutdownHooks();
  return app;
}

export function buildOpenApiDocument(app: INestApplication, service: ServiceDescription): OpenAPIObject {
  let builder = new DocumentBuilder().setTitle(service.title).setVersion(service.version).setDescription(service.description);
  if (service.security) builder = service.security(builder);
  const document = SwaggerModule.createDocument(app, builder.build());
  return service.amend ? service.amend(document) : document;
}

/** OpenAPI 3 at /openapi.json and interactive docs at /docs. */
export function mountDocs(app: INestApplication, document: OpenAPIObject): void {
  SwaggerModule.setup('docs', app, document, {
    jsonDocumentUrl: 'openapi.json',
    yamlDocumentUrl: 'openapi.yaml',
    customSiteTitle: document.info.title,
  });
}
