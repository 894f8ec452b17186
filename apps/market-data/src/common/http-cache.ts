import { applyDecorators, Header } from '@nestjs/common';
import { RouteConfig } from '@nestjs/platform-fastify';
import { ApiHeader, ApiResponse } from '@nestjs/swagger';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { etagOfJson, ifNoneMatchMatches } from './etag';
import { keptEtag } from './kept-answers';

/**
 * `max-age`: the response may be reused for that many seconds (detail, live, stats: they
 * change at most once per snapshot). `no-cache`: it may be stored but must be revalidated
 * (lists); the ETag still makes an unchanged page a bodiless 304.
 */
export type HttpCachePolicy = { maxAgeSeconds: number } | 'no-cache';

/** The Fastify route config key that carries a route's policy. */
const HTTP_CACHE = 'httpCache';

// private: every cached answer is authenticated, so only the caller's own cache may keep it.
const cacheControlOf = (policy: HttpCachePolicy): string => (policy === 'no-cache' ? 'private, no-cache' : `private, max-age=${policy.maxAgeSeconds}`);

const JSON_UTF8 = 'application/json; charset=utf-8';

/** The JSON text of a `T`: an @HttpCache route may return it instead of the object, and it is sent as is. */
export type JsonText<T> = string & { readonly __jsonOf?: T };

/**
 * `@HttpCache({ maxAgeSeconds: 1 })` or `@HttpCache('no-cache')` on a GET route: Cache-Control,
 * a strong ETag and 304 on a matching If-None-Match (installHttpCache does the work). The
 * route answers JSON: an object, a JsonText, or a KeptAnswer (kept-answers.ts) sent as is.
 */
export function HttpCache(policy: HttpCachePolicy): MethodDecorator {
  return applyDecorators(
    RouteConfig({ [HTTP_CACHE]: policy }),
    Header('Content-Type', JSON_UTF8),
    ApiHeader({ name: 'If-None-Match', required: false, description: 'An ETag of an earlier response: 304 without a body when unchanged' }),
    ApiResponse({
      status: 304,
      description: `Not modified (If-None-Match matched the ETag). 200 responses carry ETag and Cache-Control: ${cacheControlOf(policy)}`,
    }),
  );
}

const policyOf = (request: FastifyRequest): HttpCachePolicy | undefined =>
  (request.routeOptions.config as unknown as Record<string, unknown> | undefined)?.[HTTP_CACHE] as HttpCachePolicy | undefined;

/**
 * Serves the policies of @HttpCache routes from a Fastify onSend hook, on the JSON text
 * Fastify has just serialised (once) or the kept bytes a route returned: the ETag is the hash
 * of those exact bytes (a kept answer carries it, hashed once). A hook, not a Nest
 * interceptor: an interceptor costs every request an rxjs pipeline and two AsyncResource
 * bindings, about a third of what a kept read costs in all. Which answers are replayed without
 * running the route is the route's own choice (a KeptAnswer with a currentness, kept-answers.ts),
 * not this policy's.
 */
export function installHttpCache(fastify: FastifyInstance): void {
  fastify.addHook('onSend', (request: FastifyRequest, reply: FastifyReply, payload: unknown, done: (error: null, payload: unknown) => void) => {
    const policy = policyOf(request);
    if (policy === undefined || reply.statusCode !== 200 || (typeof payload !== 'string' && !Buffer.isBuffer(payload))) return done(null, payload);
    const etag = keptEtag(payload) ?? etagOfJson(payload);
    void reply.header('ETag', etag);
    void reply.header('Cache-Control', cacheControlOf(policy));
    // Authenticated data: a shared cache must not hand it to a caller without (that) key.
    void reply.header('Vary', 'X-API-Key');
    if (!ifNoneMatchMatches(request.headers['if-none-match'], etag)) return done(null, payload);
    void reply.code(304);
    void reply.removeHeader('Content-Type');
    done(null, null);
  });
}
