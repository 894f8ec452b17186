import { randomUUID } from 'node:crypto';
import type { Socket } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { failure } from './envelope';
import { REQUEST_ID_HEADER } from './request-id';

export interface BodyLimits {
  /** Bytes any route takes unless listed below; also what an unknown route reads before its 404. */
  default: number;
  /** `'POST /batch_update_beacon'` -> bytes, for the few routes that need more (or less). */
  routes?: Record<string, number>;
}

/**
 * Sizes every route's body limit (Fastify's per-route `bodyLimit`, which its body reader
 * enforces against Content-Length first and then while reading, so a too-large body costs
 * at most the limit). Call before `app.init()`: routes are registered there. An over-limit
 * body is answered 413 in the service's shape (see classifyException).
 */
export function installBodyLimits(fastify: FastifyInstance, limits: BodyLimits): void {
  const routes = limits.routes ?? {};
  fastify.addHook('onRoute', (route) => {
    if (route.bodyLimit !== undefined) return;
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    const sized = methods.map((method) => routes[`${method} ${route.url}`]).filter((n): n is number => n !== undefined);
    route.bodyLimit = sized.length > 0 ? Math.max(...sized) : limits.default;
  });
}

const STATUS_TEXT: Record<number, string> = { 400: 'Bad Request', 408: 'Request Timeout', 431: 'Request Header Fields Too Large' };

/**
 * Fastify's `clientErrorHandler`: Node reports here what goes wrong before a request
 * reaches Fastify, chiefly the headers or the whole request not arriving within
 * `headersTimeout`/`requestTimeout` (a slow client). Answers in the service's shape
 * (408 `Request timeout`, 431, 400) with a fresh X-Request-Id and `headers` (the security
 * headers every answer carries), then closes the socket.
 */
export function clientErrorHandler(
  errors: 'detail' | 'envelope',
  headers: Readonly<Record<string, string>> = {},
): (error: NodeJS.ErrnoException, socket: Socket) => void {
  const extra = Object.entries({ 'cache-control': 'no-store', ...headers })
    .map(([name, value]) => `${name}: ${value}\r\n`)
    .join('');
  return (error, socket) => {
    if (error.code === 'ECONNRESET' || socket.destroyed) return;
    const [status, message] =
      error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
        ? [408, 'Request timeout: the request did not arrive in time']
        : error.code === 'HPE_HEADER_OVERFLOW'
          ? [431, 'Request headers too large']
          : [400, 'Bad request'];
    const body = JSON.stringify(errors === 'envelope' ? failure(message) : { detail: message });
    if (socket.writable) {
      socket.write(
        `HTTP/1.1 ${status} ${STATUS_TEXT[status]}\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\n` +
          `${REQUEST_ID_HEADER}: ${randomUUID()}\r\n${extra}Connection: close\r\n\r\n${body}`,
      );
    }
    socket.destroy();
  };
}
