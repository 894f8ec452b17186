import { LOG_LEVELS } from '@perp/http';
import { integer, oneOf } from '@perp/settings';
import { setting } from '@perp/settings';

/** `off`, or a port (0: any free one). */
function metricsPort(raw: string): number | 'off' {
  return raw === 'off' ? 'off' : integer({ min: 0, max: 65535 })(raw);
}

/**
 * Logs and metrics, spread into a service's settings spec with its own metrics port (the two
 * services may share a host). `/metrics` listens apart from the API, on loopback by default:
 * nothing outside the host reads it until an operator opens it to the scraper's network
 * (METRICS_HOST=0.0.0.0 on a private network, as the compose file does).
 */
export function observabilitySettingsSpec({ metricsPort: defaultPort }: { metricsPort: number }) {
  return {
    logLevel: setting('LOG_LEVEL', oneOf(...LOG_LEVELS), { default: 'info' }),
    /** `pretty` only in the dev stack (pino-pretty is a dev dependency, absent from a production bundle). */
    logFormat: setting('LOG_FORMAT', oneOf('json', 'pretty'), { default: 'json' }),
    metricsHost: setting('METRICS_HOST', String, { default: '127.0.0.1' }),
    metricsPort: setting('METRICS_PORT', metricsPort, { default: String(defaultPort) }),
  };
}

export interface ObservabilitySettings {
  logLevel: (typeof LOG_LEVELS)[number];
  logFormat: 'json' | 'pretty';
  metricsHost: string;
  metricsPort: number | 'off';
}
