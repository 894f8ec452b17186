import { ArgumentsHost, Catch, ExceptionFilter, Logger, LoggerService } from '@nestjs/common';
import { ClassifiedError, ErrorMapper, classifyException } from './classify-exception';
import { failure } from './envelope';
import { ExceptionFilterOptions } from './exception-filter-options';
import { logFailure } from './log-failure';
import { sendJson } from './send-json';

interface Rendered {
  status: number;
  message: string;
  headers?: Record<string, string>;
}

/**
 * beacon-ops' errors: every failure is `{"success": false, "data": null, "message"}`.
 * 400 malformed JSON, 422 invalid fields (each named in the message), the status and
 * message of any HttpException or BeaconOpsError, 404 for an unknown route, and 500
 * "Internal server error" for anything else, whose real cause is only logged.
 */
@Catch()
export class EnvelopeExceptionFilter implements ExceptionFilter {
  private readonly logger: LoggerService;
  private readonly mappers: ErrorMapper[];
  private readonly answered: ExceptionFilterOptions['answered'];

  constructor(options: ExceptionFilterOptions = {}) {
    this.logger = options.logger ?? new Logger('EnvelopeExceptionFilter');
    this.mappers = options.mappers ?? [];
    this.answered = options.answered;
  }

  catch(exception: unknown, host: ArgumentsHost): void {
    const rendered = render(classifyException(exception, host.switchToHttp().getRequest(), this.mappers));
    if (rendered.status >= 500) logFailure(this.logger, host, exception, rendered);
    this.answered?.(exception, rendered.status);
    sendJson(host, rendered.status, failure(rendered.message), rendered.headers);
  }
}

function render(classified: ClassifiedError): Rendered {
  switch (classified.kind) {
    case 'validation':
      return { status: 422, message: `Invalid request: ${classified.error.summary()}` };
    case 'malformed-json':
      return {
        status: 400,
        message: classified.position === undefined ? 'Malformed JSON body' : `Malformed JSON body: ${classified.reason} at position ${classified.position}`,
      };
    case 'missing-body':
      return { status: 422, message: 'Invalid request: body: Field required' };
    case 'route-not-found':
      return { status: 404, message: 'Route not found' };
    case 'http':
      return { status: classified.status, message: classified.message, headers: classified.headers };
    case 'unexpected':
      return { status: 500, message: 'Internal server error' };
  }
}
