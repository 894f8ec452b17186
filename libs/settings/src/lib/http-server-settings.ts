import type { FastifyServerOptions } from 'fastify';
import { integer } from './setting-parsers';
import { setting } from './settings';

/**
 * How long a client may take to send a request, shared by both services (spread into an
 * app's settings spec). Node enforces both, so a slow client (headers or a body sent a byte
 * at a time) holds a connection no longer than this; the service answers 408.
 */
export const httpServerSettingsSpec = {
  /** From the connection's first byte to the end of the request headers. */
  httpHeadersTimeoutMs: setting('HTTP_HEADERS_TIMEOUT_MS', integer({ min: 1000, max: 600_000 }), { default: '10000' }),
  /** From the first byte to the end of the body: the whole request as received (the handler's time is not counted). */
  httpRequestTimeoutMs: setting('HTTP_REQUEST_TIMEOUT_MS', integer({ min: 1000, max: 600_000 }), { default: '20000' }),
};

export interface HttpServerTimeouts {
  httpHeadersTimeoutMs: number;
  httpRequestTimeoutMs: number;
}

/**
 * Fastify options for these timeouts. Fastify passes `http` to Node's createServer and sets
 * `requestTimeout` on the server (its default, 0, turns Node's off). Node checks the clocks
 * every `connectionsCheckingInterval` (30 s by default): 1 s keeps the cut-off close to the
 * setting. The headers timeout may not exceed the request timeout.
 */
export function httpServerTimeoutOptions(settings: HttpServerTimeouts): FastifyServerOptions {
  const requestTimeout = settings.httpRequestTimeoutMs;
  const headersTimeout = Math.min(settings.httpHeadersTimeoutMs, requestTimeout);
  return {
    requestTimeout,
    http: { headersTimeout, requestTimeout, connectionsCheckingInterval: Math.min(1000, headersTimeout) },
  } as FastifyServerOptions;
}
