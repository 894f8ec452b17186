import { ArgumentsHost, Catch, ExceptionFilter, Logger, LoggerService } from '@nestjs/common';
import { ClassifiedError, ErrorMapper, classifyException } from './classify-exception';
import { ExceptionFilterOptions } from './exception-filter-options';
import { logFailure } from './log-failure';
import { sendJson } from './send-json';
import { ValidationIssue } from './validation-issue';

interface Rendered {
  status: number;
  body: { detail: unknown };
  headers?: Record<string, string>;
}

/**
 * market-data's errors, as FastAPI renders them: 422 `{"detail": [issues]}` for invalid
 * input (malformed JSON included), `{"detail": ...}` with the status (and headers) of any
 * HttpException or app error, 404 `Not Found` for an unknown route, and 500
 * `{"detail": "Internal server error"}` for the rest, whose real cause is only logged.
 */
@Catch()
export class DetailExceptionFilter implements ExceptionFilter {
  private readonly logger: LoggerService;
  private readonly mappers: ErrorMapper[];
  private readonly answered: ExceptionFilterOptions['answered'];

  constructor(options: ExceptionFilterOptions = {}) {
    this.logger = options.logger ?? new Logger('DetailExceptionFilter');
    this.mappers = options.mappers ?? [];
    this.answered = options.answered;
  }

  catch(exception: unknown, host: ArgumentsHost): void {
    const rendered = render(classifyException(exception, host.switchToHttp().getRequest(), this.mappers));
    if (rendered.status >= 500) {
      const message = typeof rendered.body.detail === 'string' ? rendered.body.detail : '';
      logFailure(this.logger, host, exception, { status: rendered.status, message });
    }
    this.answered?.(exception, rendered.status);
    sendJson(host, rendered.status, rendered.body, rendered.headers);
  }
}

function render(classified: ClassifiedError): Rendered {
  switch (classified.kind) {
    case 'validation':
      return { status: 422, body: { detail: classified.error.detail } };
    case 'malformed-json': {
      // FastAPI's own item for a body that json.loads rejected.
      const issue: ValidationIssue = {
        type: 'json_invalid',
        loc: classified.position === undefined ? ['body'] : ['body', classified.position],
        msg: 'JSON decode error',
        input: {},
        ctx: { error: classified.reason },
      };
      return { status: 422, body: { detail: [issue] } };
    }
    case 'missing-body':
      return { status: 422, body: { detail: [{ type: 'missing', loc: ['body'], msg: 'Field required', input: null }] } };
    case 'route-not-found':
      return { status: 404, body: { detail: 'Not Found' } };
    case 'http':
      return { status: classified.status, body: { detail: classified.detail }, headers: classified.headers };
    case 'unexpected':
      return { status: 500, body: { detail: 'Internal server error' } };
  }
}
