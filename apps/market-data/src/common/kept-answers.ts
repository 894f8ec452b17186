import { BoundedMap } from '@perp/cache';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { measureCache } from './cache-metrics';
import { etagOfJson } from './etag';

const ETAG = Symbol('perp:kept-etag');
const CURRENT = Symbol('perp:kept-current');
const REPLAYED = Symbol('perp:replayed-answer');

/**
 * A route's JSON answer kept for many requests: its UTF-8 bytes, encoded once (a string body is
 * encoded again at every socket write), carrying its ETag, hashed once, and, when given, when
 * it stops being current. An @HttpCache route returns it as is.
 */
export type KeptAnswer<T> = Buffer & { readonly __jsonOf?: T; [ETAG]?: string; [CURRENT]?: () => boolean };

/**
 * Keeps `json` as bytes with its ETag. With `current`, the answer is also replayed by URL while
 * `current()` holds (installKeptAnswers), skipping Nest's pipeline: `current()` must hold only
 * while the route would answer exactly these bytes to any caller allowed to call it.
 */
export function keptAnswer<T>(json: string, current?: () => boolean): KeptAnswer<T> {
  const bytes = Buffer.from(json, 'utf8') as KeptAnswer<T>;
  bytes[ETAG] = etagOfJson(json);
  if (current) bytes[CURRENT] = current;
  return bytes;
}

/** The ETag a kept answer carries; undefined for any other body. */
export function keptEtag(payload: unknown): string | undefined {
  return Buffer.isBuffer(payload) ? (payload as KeptAnswer<unknown>)[ETAG] : undefined;
}

/** Whether a kept answer may be replayed now: it was kept with a currentness that still holds. */
export function stillCurrent(answer: KeptAnswer<unknown>): boolean {
  return answer[CURRENT]?.() === true;
}

const MAX_URLS = 4_096;
const JSON_UTF8 = 'application/json; charset=utf-8';

/**
 * Replays current kept answers by URL (path and query as sent) for as long as they are current.
 * A preHandler: authentication and the rate limit (onRequest) run before, onSend hooks (the
 * ETag, Cache-Control and 304 of http-cache.ts, the security headers) run on the replay as on
 * any answer. Measured (bench:market): Nest's pipeline (param pipes, the guards' confirmation,
 * the handler) was the largest part of a kept read's CPU besides the socket write. Errors are
 * never replayed. Bounded: the least recently used URL goes first; an answer no longer current
 * goes at its next lookup.
 */
export function installKeptAnswers(fastify: FastifyInstance): void {
  const byUrl = new BoundedMap<string, KeptAnswer<unknown>>({ max: MAX_URLS, name: 'current_answer', metrics: measureCache });
  fastify.addHook('preHandler', (request: FastifyRequest, reply: FastifyReply, done: () => void) => {
    if (request.method !== 'GET') return done();
    const body = byUrl.get(request.url);
    if (body === undefined) return done();
    if (!stillCurrent(body)) {
      byUrl.delete(request.url);
      return done();
    }
    (request as unknown as Record<symbol, boolean>)[REPLAYED] = true;
    // Answering from a hook ends the chain there (no done()).
    void reply.header('Content-Type', JSON_UTF8).send(body);
  });
  fastify.addHook('onSend', (request: FastifyRequest, reply: FastifyReply, payload: unknown, done: (error: null, payload: unknown) => void) => {
    const replayed = (request as unknown as Record<symbol, boolean | undefined>)[REPLAYED] === true;
    if (!replayed && request.method === 'GET' && reply.statusCode === 200 && Buffer.isBuffer(payload) && (payload as KeptAnswer<unknown>)[CURRENT]) {
      byUrl.set(request.url, payload as KeptAnswer<unknown>);
    }
    done(null, payload);
  });
}
