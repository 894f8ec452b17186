import { INestApplication, Logger } from '@nestjs/common';
import { startMetricsServer } from '@perp/http';
import { inspect } from 'node:util';
import { maskUrlPasswords } from '@perp/store';
import { InvalidSettingsError } from '@perp/settings';

/**
 * Entry point of a service process: settings are validated before anything starts, and a
 * bad one ends the process with a message naming it (exit code 1), not a stack trace.
 */
export async function runService<S extends { host: string; port: number; metricsHost?: string; metricsPort?: number | 'off' }>(
  name: string,
  loadSettings: () => S,
  createApp: (settings: S) => Promise<INestApplication>,
): Promise<void> {
  let settings: S;
  try {
    settings = loadSettings();
  } catch (error) {
    if (error instanceof InvalidSettingsError) {
      console.error(maskUrlPasswords(`${name} refuses to start. ${error.message}`));
      process.exit(1);
    }
    throw error;
  }
  try {
    const app = await createApp(settings);
    await app.listen(settings.port, settings.host);
    Logger.log(`${name} listening on http://${settings.host}:${settings.port} (docs at /docs)`, 'Bootstrap');
    // Prometheus' /metrics on its own listener (METRICS_HOST:METRICS_PORT), never on the API's port.
    if (settings.metricsPort !== undefined && settings.metricsPort !== 'off') {
      const metrics = await startMetricsServer({ host: settings.metricsHost ?? '127.0.0.1', port: settings.metricsPort });
      Logger.log(`${name} metrics at ${metrics.url}`, 'Bootstrap');
    }
  } catch (error) {
    // A driver's error may quote its connection string: never print a password.
    console.error(maskUrlPasswords(`${name} failed to start: ${inspect(error)}`));
    process.exit(1);
  }
}
