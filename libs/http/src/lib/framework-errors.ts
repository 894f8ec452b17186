import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { failure } from './envelope';
import { REQUEST_ID_HEADER, resolveRequestId } from './request-id';

/**
 * Fastify answers a few requests before any hook or Nest filter runs (a URL with bad
 * percent-encoding, an over-long path parameter). Pass this as the adapter's
 * `frameworkErrors` so those answers also have the service's body and an X-Request-Id:
 * `new FastifyAdapter({ frameworkErrors: frameworkErrorHandler('detail') })`. Fastify runs no
 * hook for these replies (no onSend), so `headers` (the security headers every answer carries)
 * are set here.
 */
export function frameworkErrorHandler(
  errors: 'detail' | 'envelope',
  headers: Readonly<Record<string, string>> = {},
): (error: FastifyError, request: FastifyRequest, reply: FastifyReply) => void {
  return (error, request, reply) => {
    const status = error.statusCode !== undefined && error.statusCode >= 400 && error.statusCode < 500 ? error.statusCode : 400;
    reply
      .headers({ 'cache-control': 'no-store', ...headers })
      .header(REQUEST_ID_HEADER, resolveRequestId(request.headers['x-request-id']))
      .code(status)
      .type('application/json; charset=utf-8')
      .send(errors === 'envelope' ? failure(error.message) : { detail: error.message });
  };
}
