import { LoggerService } from '@nestjs/common';
import type { Level, Logger } from 'pino';
import { maskUrlCredentials } from './log-redaction';

const looksLikeStack = (text: string): boolean => /\n\s+at /.test(text);

/**
 * Nest's LoggerService on pino, so the framework's own lines (boot, exception filters,
 * store reconnects) are JSON records like the access log. Nest calls
 * `log(message, ...params, context)`: a trailing string is the context, a string with a
 * stack trace the error's stack, an object (e.g. `{ reqId }`) fields of the record.
 */
export class NestPinoLogger implements LoggerService {
  constructor(readonly logger: Logger) {}

  log(message: unknown, ...params: unknown[]): void {
    this.write('info', message, params);
  }

  error(message: unknown, ...params: unknown[]): void {
    this.write('error', message, params);
  }

  warn(message: unknown, ...params: unknown[]): void {
    this.write('warn', message, params);
  }

  debug(message: unknown, ...params: unknown[]): void {
    this.write('debug', message, params);
  }

  verbose(message: unknown, ...params: unknown[]): void {
    this.write('trace', message, params);
  }

  fatal(message: unknown, ...params: unknown[]): void {
    this.write('fatal', message, params);
  }

  private write(level: Level, message: unknown, params: unknown[]): void {
    if (!this.logger.isLevelEnabled(level)) return;
    const fields: Record<string, unknown> = {};
    for (const [i, param] of params.entries()) {
      if (typeof param === 'string') {
        if (looksLikeStack(param)) fields['stack'] = maskUrlCredentials(param);
        else if (i === params.length - 1) fields['context'] = param;
      } else if (param instanceof Error) {
        fields['err'] = param;
      } else if (param && typeof param === 'object') {
        Object.assign(fields, param);
      }
    }
    let text: string | undefined;
    if (message instanceof Error) {
      fields['err'] = message;
      text = maskUrlCredentials(message.message);
    } else if (message && typeof message === 'object') {
      Object.assign(fields, message);
    } else {
      text = maskUrlCredentials(String(message));
    }
    this.logger[level](fields, text);
  }
}
