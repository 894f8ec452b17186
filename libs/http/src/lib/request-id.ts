import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';

export const REQUEST_ID_HEADER = 'X-Request-Id';

const SANE_ID = /^[A-Za-z0-9._-]{1,128}$/;
const ids = new WeakMap<object, string>();

/** The caller's id when it is safe to echo (and to log), else a fresh UUID. */
export function resolveRequestId(incoming: string | string[] | undefined): string {
  return typeof incoming === 'string' && SANE_ID.test(incoming) ? incoming : randomUUID();
}

/** The id given to this request (Fastify request or its raw Node request), if installed. */
export function getRequestId(request: object | undefined): string | undefined {
  if (!request) return undefined;
  return ids.get(request) ?? ids.get((request as { raw?: object }).raw ?? request);
}

/**
 * Gives every request an id and every response the `X-Request-Id` header, error
 * responses included: the header is set on the reply in onRequest, which runs before
 * routing, so 404s, 422s and 500s keep it. Install before `app.init()`/`listen()`.
 */
export function installRequestId(fastify: FastifyInstance): void {
  fastify.addHook('onRequest', (request, reply, done) => {
    const id = resolveRequestId(request.headers['x-request-id']);
    ids.set(request, id);
    ids.set(request.raw, id);
    reply.header(REQUEST_ID_HEADER, id);
    done();
  });
}
