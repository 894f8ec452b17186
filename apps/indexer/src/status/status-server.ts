import { createServer, Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { collectProcessMetrics } from '@perp/http';
import { register } from 'prom-client';
import type { IndexerStatus } from './indexer-status';

export interface StatusServer {
  readonly port: number;
  readonly url: string;
  close(): Promise<void>;
}

/**
 * /health, /ready and /metrics on one plain Node listener: three fixed GET routes with no
 * input, no auth and no body parsing, where Nest and Fastify would add boot time, a larger bundle
 * and nothing else (README, "Why no Nest"). No public API shares the port, so /metrics needs no
 * listener of its own.
 */
export async function startStatusServer(status: IndexerStatus, host: string, port: number): Promise<StatusServer> {
  collectProcessMetrics();
  const server: Server = createServer((request, response) => {
    const path = (request.url ?? '').split('?')[0];
    const json = (code: number, body: unknown) =>
      response.writeHead(code, { 'content-type': 'application/json', 'cache-control': 'no-store' }).end(`${JSON.stringify(body)}\n`);
    if (request.method !== 'GET' && request.method !== 'HEAD') return json(405, { detail: 'Method not allowed' });
    if (path === '/health') return json(200, { status: 'ok' });
    if (path === '/ready') {
      const answer = status.ready();
      return json(answer.ready ? 200 : 503, answer.body);
    }
    if (path === '/metrics') {
      register.metrics().then(
        (text) => response.writeHead(200, { 'content-type': register.contentType, 'cache-control': 'no-store' }).end(text),
        () => response.writeHead(500, { 'content-type': 'text/plain' }).end('metrics collection failed\n'),
      );
      return;
    }
    json(404, { detail: 'Not found (routes: /health, /ready, /metrics)' });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve());
  });
  const bound = (server.address() as AddressInfo).port;
  const shown = host === '0.0.0.0' || host === '::' ? '127.0.0.1' : host;
  return {
    port: bound,
    url: `http://${shown}:${bound}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
