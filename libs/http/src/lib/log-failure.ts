import { ArgumentsHost, LoggerService } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import { getRequestId } from './request-id';

function describeRequest(host: ArgumentsHost): string {
  const request = host.switchToHttp().getRequest<FastifyRequest | undefined>();
  if (!request) return 'unknown request';
  return `${request.method} ${request.url} (request id ${getRequestId(request) ?? 'none'})`;
}

/**
 * Logs a server-side failure with its real cause, which the response never shows:
 * `error` for an unexpected exception, `warn` for a deliberate 5xx (store down, RPC down).
 */
export function logFailure(logger: LoggerService, host: ArgumentsHost, exception: unknown, answered: { status: number; message: string }): void {
  const cause = exception instanceof Error ? `${exception.name}: ${exception.message}` : String(exception);
  const line = `${describeRequest(host)} answered ${answered.status} "${answered.message}"; cause: ${cause}`;
  // As fields too: a JSON logger (NestPinoLogger) puts reqId on the record, beside the access line's.
  const fields = { reqId: getRequestId(host.switchToHttp().getRequest<object | undefined>()), status: answered.status };
  if (answered.status === 500) logger.error(line, exception instanceof Error ? exception.stack : undefined, fields);
  else logger.warn(line, fields);
}
