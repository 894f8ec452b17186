import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';

export const REQUEST_ID_HEADER = 'X-Request-Id';

const SANE_ID = /^[A-Za-z0-9._-]{1,128}$/;
// On the request objects themselves (a symbol: nothing from the wire can set it), not in a WeakMap:
// two WeakMap entries per request were a measurable share of a cached read's garbage collection.
const REQUEST_ID = Symbol('perp:request-id');
type Tagged = { [REQUEST_ID]?: string; raw?: Tagged };

/** The caller's id when it is safe to echo (and to log), else a fresh UUID. */
export function resolveRequestId(incoming: string | string[] | undefined): string {
  return typeof incoming === 'string' && SANE_ID.test(incoming) ? incoming : randomUUID();
}

/** The id given to this request (Fastify request or its raw Node request), if installed. */
export function getRequestId(request: object | undefined): string | undefined {
  if (!request) return undefined;
  const tagged = request as Tagged;
  return tagged[REQUEST_ID] ?? tagged.raw?.[REQUEST_ID];
}

/**
 * Gives every request an id and every response the `X-Request-Id` header, error
 * responses included: the header is set on the reply in onRequest, which runs before
 * routing, so 404s, 422s and 500s keep it. Install before `app.init()`/`listen()`.
 */
export function installRequestId(fastify: FastifyInstance): void {
  fastify.addHook('onRequest', (request, reply, done) => {
    const id = resolveRequestId(request.headers['x-request-id']);
    (request as Tagged)[REQUEST_ID] = id;
    (request.raw as Tagged)[REQUEST_ID] = id;
    reply.header(REQUEST_ID_HEADER, id);
    done();
  });
}
