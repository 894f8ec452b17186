import { NestFastifyApplication } from '@nestjs/platform-fastify';
import { DetailExceptionFilter } from './detail-exception.filter';
import { EnvelopeExceptionFilter } from './envelope-exception.filter';
import { ExceptionFilterOptions } from './exception-filter-options';
import { FastApiValidationPipe } from './fastapi-validation.pipe';
import { installJsonBodyParser } from './json-body-parser';
import { installRequestId } from './request-id';
import { BodyLimits, installBodyLimits } from './request-limits';

export interface HttpConventionsOptions extends ExceptionFilterOptions {
  /** `detail`: market-data's FastAPI bodies; `envelope`: beacon-ops' `{success, data, message}`. */
  errors: 'detail' | 'envelope';
  /** Per-route body limits (bytes); without them every route takes Fastify's `bodyLimit`. */
  bodyLimits?: BodyLimits;
}

/**
 * Wires the shared conventions into an app, before `app.init()`/`listen()`: request ids,
 * the JSON body parser, the 422 validation pipe and the service's error filter.
 */
export function useHttpConventions(app: NestFastifyApplication, options: HttpConventionsOptions): void {
  installRequestId(app.getHttpAdapter().getInstance());
  if (options.bodyLimits) installBodyLimits(app.getHttpAdapter().getInstance(), options.bodyLimits);
  installJsonBodyParser(app, options.bodyLimits?.default);
  app.useGlobalPipes(new FastApiValidationPipe());
  app.useGlobalFilters(options.errors === 'envelope' ? new EnvelopeExceptionFilter(options) : new DetailExceptionFilter(options));
}
