import pino, { DestinationStream, LevelWithSilent, Logger, LoggerOptions } from 'pino';
import { REDACTED, REDACTED_LOG_PATHS } from './log-redaction';

export const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const satisfies readonly LevelWithSilent[];
export type LogLevelName = (typeof LOG_LEVELS)[number];
/** `json`: one line per record (production, the default); `pretty`: coloured text, only for the dev stack (pino-pretty is a dev dependency). */
export type LogFormat = 'json' | 'pretty';

export interface ServiceLoggerOptions {
  /** The service's name, on every line. */
  name: string;
  level: LogLevelName;
  format?: LogFormat;
  /** Where JSON lines go; default stdout, written asynchronously (tests pass a stream to read them). */
  destination?: DestinationStream;
}

/**
 * The process's one logger: JSON lines (an error's stack is a JSON string, so one line too),
 * ISO timestamps, credentials redacted by path. Stdout is written asynchronously (a buffered
 * sonic-boom): a request never waits for the terminal or the log shipper.
 */
export function createServiceLogger(options: ServiceLoggerOptions): Logger {
  const base: LoggerOptions = {
    name: options.name,
    level: options.level,
    redact: { paths: REDACTED_LOG_PATHS, censor: REDACTED },
    timestamp: pino.stdTimeFunctions.isoTime,
    serializers: { err: pino.stdSerializers.err },
  };
  if (options.format === 'pretty') {
    // Resolved only here: a production bundle never loads pino-pretty.
    return pino({ ...base, transport: { target: 'pino-pretty', options: { singleLine: true, translateTime: 'SYS:HH:MM:ss.l', ignore: 'pid,hostname' } } });
  }
  const json: LoggerOptions = { ...base, formatters: { level: (label) => ({ level: label }) } };
  return pino(json, options.destination ?? pino.destination({ dest: 1, sync: false }));
}

/** Writes what an asynchronous destination still buffers (on close, before the process exits). */
export function flushServiceLogger(logger: Logger): void {
  try {
    logger.flush();
  } catch {
    // A destination not ready yet (closing during start-up) has nothing buffered.
  }
}
