import { LoggerService, LogLevel } from '@nestjs/common';
import { NestFastifyApplication } from '@nestjs/platform-fastify';
import { CallerOf, createServiceLogger, flushServiceLogger, installAccessLog, installHttpMetrics, LogLevelName, NestPinoLogger } from '@perp/http';
import type { DestinationStream, Logger } from 'pino';
import type { StoreConnection } from '@perp/store';
import { ObservabilitySettings } from './observability-settings';
import { watchStorePools } from './store-pool-metrics';

export interface ObservabilityOptions {
  /** Tests: `false` silences every line; a list of Nest levels sets the threshold (the most verbose one). */
  logger?: false | LogLevel[];
  /** Where JSON lines go instead of stdout (tests read them). */
  logDestination?: DestinationStream;
}

export interface ServiceObservability {
  readonly logger: Logger;
  /** For NestFactory.create: Nest's own lines become JSON records too. */
  readonly nestLogger: LoggerService;
  /** The access log and request metrics (Fastify onResponse hooks), and the stores' pool gauges. Call in `configure`. */
  install(app: NestFastifyApplication, options: { caller?: CallerOf; stores?: () => readonly StoreConnection[] }): void;
}

const NEST_TO_PINO: Record<LogLevel, LogLevelName> = { fatal: 'fatal', error: 'error', warn: 'warn', log: 'info', debug: 'debug', verbose: 'trace' };
const VERBOSITY: LogLevelName[] = ['silent', 'fatal', 'error', 'warn', 'info', 'debug', 'trace'];

function levelOf(settings: ObservabilitySettings, logger: false | LogLevel[] | undefined): LogLevelName {
  if (logger === false) return 'silent';
  if (logger === undefined) return settings.logLevel;
  return logger.map((level) => NEST_TO_PINO[level]).reduce<LogLevelName>((a, b) => (VERBOSITY.indexOf(b) > VERBOSITY.indexOf(a) ? b : a), 'silent');
}

/** A service's logger and its request instrumentation; `/metrics` itself is served by runService (startMetricsServer). */
export function serviceObservability(name: string, settings: ObservabilitySettings, options: ObservabilityOptions = {}): ServiceObservability {
  const logger = createServiceLogger({ name, level: levelOf(settings, options.logger), format: settings.logFormat, destination: options.logDestination });
  return {
    logger,
    nestLogger: new NestPinoLogger(logger),
    install(app, { caller, stores }) {
      const fastify = app.getHttpAdapter().getInstance();
      installAccessLog(fastify, logger, { caller });
      installHttpMetrics(fastify);
      const unwatch = stores ? watchStorePools(stores()) : undefined;
      fastify.addHook('onClose', (_instance, done) => {
        unwatch?.();
        flushServiceLogger(logger);
        done();
      });
    },
  };
}
