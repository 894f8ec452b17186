import { createServer, Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { collectDefaultMetrics, register } from 'prom-client';

export interface MetricsServer {
  /** e.g. http://127.0.0.1:9464/metrics */
  readonly url: string;
  readonly port: number;
  close(): Promise<void>;
}

let defaultsCollected = false;

/** Process metrics (CPU, memory, event-loop delay, GC), once per process. */
export function collectProcessMetrics(): void {
  if (defaultsCollected || register.getSingleMetric('process_cpu_user_seconds_total')) return;
  collectDefaultMetrics();
  defaultsCollected = true;
}

/**
 * `GET /metrics` (Prometheus text format, prom-client's default registry) on a listener of
 * its own, apart from the API: the public port (and its balancer) never exposes it, and a
 * scrape never competes with the API's auth, rate limits or access log. Port 0: any free port.
 */
export async function startMetricsServer({ host, port }: { host: string; port: number }): Promise<MetricsServer> {
  collectProcessMetrics();
  const server: Server = createServer((request, response) => {
    const path = (request.url ?? '').split('?')[0];
    if (request.method !== 'GET' || path !== '/metrics') {
      response.writeHead(404, { 'content-type': 'text/plain' }).end('not found: GET /metrics\n');
      return;
    }
    register.metrics().then(
      (text) => response.writeHead(200, { 'content-type': register.contentType, 'cache-control': 'no-store' }).end(text),
      () => response.writeHead(500, { 'content-type': 'text/plain' }).end('metrics collection failed\n'),
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve());
  });
  // The API's shutdown ends the process: this listener alone never keeps it alive.
  server.unref();
  const bound = (server.address() as AddressInfo).port;
  const shown = host === '0.0.0.0' || host === '::' ? '127.0.0.1' : host;
  return {
    url: `http://${shown.includes(':') ? `[${shown}]` : shown}:${bound}/metrics`,
    port: bound,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
