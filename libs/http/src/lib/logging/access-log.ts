import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Logger } from 'pino';
import { getRequestId } from '../request-id';
import { accessLineWriter } from './service-logger';

/** The route label of a request no route matched (404s, scanners): one label, whatever the path. */
export const UNMATCHED_ROUTE = '(unmatched)';

/** Who called, as a log may name them: a key id or a token fingerprint, never the secret itself. */
export type CallerOf = (request: FastifyRequest) => string | undefined;

/**
 * One JSON line per request, written when the response is sent: method, the route pattern
 * (never the raw URL: query strings carry addresses and cursors), status, duration, request
 * id and caller. Headers are not logged at all.
 */
export function installAccessLog(fastify: FastifyInstance, logger: Logger, options: { caller?: CallerOf } = {}): void {
  if (!logger.isLevelEnabled('info')) return;
  const caller = options.caller;
  const write = accessLineWriter(logger);
  fastify.addHook('onResponse', (request: FastifyRequest, reply: FastifyReply, done: () => void) => {
    write({
      reqId: getRequestId(request),
      method: request.method,
      route: request.routeOptions.url ?? UNMATCHED_ROUTE,
      status: reply.statusCode,
      ms: Math.round(reply.elapsedTime * 100) / 100,
      caller: caller?.(request),
    });
    done();
  });
}
