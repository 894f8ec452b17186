import { applyDecorators, Header } from '@nestjs/common';
import { BoundedMap } from '@perp/cache';
import { RouteConfig } from '@nestjs/platform-fastify';
import { ApiHeader, ApiResponse } from '@nestjs/swagger';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { measureCache } from './cache-metrics';
import { etagOfJson, ifNoneMatchMatches } from './etag';
import { ReusedAnswers } from './reused-answers';

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

/** The UTF-8 bytes of a `T`'s JSON text: an @HttpCache route may return them, sent as is. */
export type JsonBytes<T> = Buffer & { readonly __jsonOf?: T };

/** ETags of the texts and bytes memoised below: the same answer goes to many requests, its hash is computed once. */
const knownEtags = new BoundedMap<string | Buffer, string>({ max: 4_096, name: 'etag', metrics: measureCache });

/**
 * Serialises a body that many requests will get (a memoised read's answer) once, with its
 * ETag: an @HttpCache route returning the text skips both for every request.
 */
export function memoisedJson<T>(body: T): JsonText<T> {
  return memoisedText(JSON.stringify(body) as JsonText<T>);
}

/** The same for a text already serialised. */
export function memoisedText<T>(json: JsonText<T>): JsonText<T> {
  knownEtags.set(json, etagOfJson(json));
  return json;
}

/**
 * A large text replayed to many requests (a kept candles page) as bytes: encoded once, not at
 * every socket write (half a megabyte of UTF-8 was most of a kept page's CPU), its ETag the text's.
 */
export function memoisedBytes<T>(json: JsonText<T>): JsonBytes<T> {
  const bytes = Buffer.from(json, 'utf8') as JsonBytes<T>;
  knownEtags.set(bytes, etagOfJson(json));
  return bytes;
}

/**
 * `@HttpCache({ maxAgeSeconds: 1 })` or `@HttpCache('no-cache')` on a GET route: Cache-Control,
 * a strong ETag and 304 on a matching If-None-Match (installHttpCache does the work). The
 * route answers JSON: an object, or a JsonText or JsonBytes sent as is.
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

/** Marks a request answered from ReusedAnswers (its text is not stored again: it would never expire). A symbol, not a WeakSet entry per request. */
const REPLAYED = Symbol('perp:replayed-answer');
const isReplayed = (request: FastifyRequest): boolean => (request as unknown as Record<symbol, boolean | undefined>)[REPLAYED] === true;

const policyOf = (request: FastifyRequest): HttpCachePolicy | undefined =>
  (request.routeOptions.config as unknown as Record<string, unknown> | undefined)?.[HTTP_CACHE] as HttpCachePolicy | undefined;

/**
 * Serves the policies of @HttpCache routes from a Fastify onSend hook, on the JSON text
 * Fastify has just serialised (once): the ETag is the hash of those exact bytes. A hook,
 * not a Nest interceptor: an interceptor costs every request an rxjs pipeline and two
 * AsyncResource bindings, about a third of what a memoised read costs in all.
 *
 * A max-age route's 200 answer is also replayed by URL for ANSWER_REUSE_MS from a preHandler
 * hook, which runs after authentication and the rate limit (onRequest) and skips only Nest's
 * pipeline (param pipes, the guards' confirmation, the handler and its memo lookup): the
 * profile of a cached read showed that pipeline as the largest part of its CPU besides the
 * socket write. A max-age route must therefore answer the same text to every caller allowed
 * to call it (memoisedJson texts do). Errors are never replayed; onSend still adds the ETag,
 * Cache-Control and Vary, and answers 304.
 */
export function installHttpCache(fastify: FastifyInstance): void {
  const answers = new ReusedAnswers();
  fastify.addHook('preHandler', (request: FastifyRequest, reply: FastifyReply, done: () => void) => {
    if (request.method !== 'GET') return done();
    const policy = policyOf(request);
    if (policy === undefined || policy === 'no-cache') return done();
    const body = answers.get(request.url);
    if (body === undefined) return done();
    (request as unknown as Record<symbol, boolean>)[REPLAYED] = true;
    // Answering from a hook ends the chain there (no done()).
    void reply.header('Content-Type', JSON_UTF8).send(body);
  });
  fastify.addHook('onSend', (request: FastifyRequest, reply: FastifyReply, payload: unknown, done: (error: null, payload: unknown) => void) => {
    const policy = policyOf(request);
    if (policy === undefined || reply.statusCode !== 200 || (typeof payload !== 'string' && !Buffer.isBuffer(payload))) return done(null, payload);
    if (typeof payload === 'string' && policy !== 'no-cache' && request.method === 'GET' && !isReplayed(request)) answers.set(request.url, payload);
    // A memoised text (a max-age route's read) or kept bytes (a candles page) has its ETag already;
    // other list answers are peeked, not counted, so the etag cache's hit rate stays the memoised reads'.
    const etag = (policy !== 'no-cache' ? knownEtags.get(payload) : knownEtags.peek(payload)) || etagOfJson(payload);
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
