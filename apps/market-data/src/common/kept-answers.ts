import { BoundedMap } from '@perp/cache';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { measureCache } from './cache-metrics';

const CURRENT = Symbol('perp:current-answer');
const REPLAYED = Symbol('perp:replayed-current-answer');

type Tagged = Buffer & { [CURRENT]?: () => boolean };

/**
 * Marks a route's 200 answer (JSON bytes) as one every request of the same URL may get again
 * while `current()` holds: installCurrentAnswers replays it from a preHandler hook, skipping
 * Nest's pipeline (the guards' confirmation, query validation, the handler). `current()` must
 * hold only while the route would answer exactly these bytes to any caller allowed to call it.
 */
export function currentAnswer(body: Buffer, current: () => boolean): Buffer {
  (body as Tagged)[CURRENT] = current;
  return body;
}

const MAX_URLS = 4_096;
const JSON_UTF8 = 'application/json; charset=utf-8';

/**
 * Replays currentAnswer bytes by URL (path and query as sent) for as long as they are current.
 * Authentication and the rate limit run before (onRequest); onSend hooks (security headers) run
 * on the replay as on any answer. Measured on /positions/liquidatable (bench:market): Nest's
 * pipeline was the larger part of a request's CPU besides writing the 47 KB page. Bounded: the
 * least recently used URL goes first; an answer no longer current goes at its next lookup.
 */
export function installCurrentAnswers(fastify: FastifyInstance): void {
  const byUrl = new BoundedMap<string, Tagged>({ max: MAX_URLS, name: 'current_answer', metrics: measureCache });
  fastify.addHook('preHandler', (request: FastifyRequest, reply: FastifyReply, done: () => void) => {
    if (request.method !== 'GET') return done();
    const body = byUrl.get(request.url);
    if (body === undefined) return done();
    if (!body[CURRENT]?.()) {
      byUrl.delete(request.url);
      return done();
    }
    (request as unknown as Record<symbol, boolean>)[REPLAYED] = true;
    // Answering from a hook ends the chain there (no done()).
    void reply.header('Content-Type', JSON_UTF8).send(body);
  });
  fastify.addHook('onSend', (request: FastifyRequest, reply: FastifyReply, payload: unknown, done: (error: null, payload: unknown) => void) => {
    const replayed = (request as unknown as Record<symbol, boolean | undefined>)[REPLAYED] === true;
    if (!replayed && request.method === 'GET' && reply.statusCode === 200 && Buffer.isBuffer(payload) && (payload as Tagged)[CURRENT]) {
      byUrl.set(request.url, payload as Tagged);
    }
    done(null, payload);
  });
}
