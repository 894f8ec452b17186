import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { failure } from './envelope';
import { REQUEST_ID_HEADER, resolveRequestId } from './request-id';

/**
 * Fastify answers a few requests before any hook or Nest filter runs (a URL with bad
 * percent-encoding, an over-long path parameter). Pass this as the adapter's
 * `frameworkErrors` so those answers also have the service's body and an X-Request-Id:
 * `new FastifyAdapter({ frameworkErrors: frameworkErrorHandler('detail') })`.
 */
export function frameworkErrorHandler(errors: 'detail' | 'envelope'): (error: FastifyError, request: FastifyRequest, reply: FastifyReply) => void {
  return (error, request, reply) => {
    const status = error.statusCode !== undefined && error.statusCode >= 400 && error.statusCode < 500 ? error.statusCode : 400;
    reply
      .header(REQUEST_ID_HEADER, resolveRequestId(request.headers['x-request-id']))
      .code(status)
      .type('application/json; charset=utf-8')
      .send(errors === 'envelope' ? failure(error.message) : { detail: error.message });
  };
}
