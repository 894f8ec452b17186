import { LoggerService, Type } from '@nestjs/common';
import { FastifyAdapter, NestFastifyApplication } from '@nestjs/platform-fastify';
import { frameworkErrorHandler } from './framework-errors';
import { Test } from '@nestjs/testing';
import { useHttpConventions } from './http-conventions';

export interface TestAppOptions {
  errors: 'detail' | 'envelope';
  logger?: LoggerService;
  answered?: (exception: unknown, status: number) => void;
  /** Wire the pieces by hand instead of useHttpConventions (e.g. to keep Fastify's JSON parser). */
  configure?: (app: NestFastifyApplication) => void;
}

/** A real Nest app on Fastify with the given test controllers, ready for supertest. */
export async function createTestApp(controllers: Type<unknown>[], options: TestAppOptions): Promise<NestFastifyApplication> {
  const moduleRef = await Test.createTestingModule({ controllers }).compile();
  const adapter = new FastifyAdapter({ frameworkErrors: frameworkErrorHandler(options.errors) });
  const app = moduleRef.createNestApplication<NestFastifyApplication>(adapter, { logger: false });
  if (options.configure) options.configure(app);
  else useHttpConventions(app, { errors: options.errors, logger: options.logger, answered: options.answered });
  await app.init();
  await app.getHttpAdapter().getInstance().ready();
  return app;
}

/** A logger that keeps what it was given, to check what the server logged. */
export class RecordingLogger implements LoggerService {
  readonly lines: string[] = [];
  log(message: unknown): void {
    this.lines.push(String(message));
  }
  error(message: unknown, ...rest: unknown[]): void {
    this.lines.push([message, ...rest].map(String).join(' '));
  }
  warn(message: unknown): void {
    this.lines.push(String(message));
  }
}
