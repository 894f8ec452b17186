import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { Histogram } from 'prom-client';
import { UNMATCHED_ROUTE } from '../logging/access-log';

/**
 * Requests per route pattern and status, on prom-client's default registry: `_count` is the
 * request counter, `_sum`/`_bucket` the durations. Labels are bounded: the route pattern
 * (every unmatched path is one label), the method and the status code.
 */
export const httpRequestDuration = new Histogram({
  name: 'http_request_duration_seconds',
  help: 'HTTP requests by method, route pattern and status: count and duration in seconds',
  labelNames: ['method', 'route', 'status'] as const,
  buckets: [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
});

type Observer = ReturnType<typeof httpRequestDuration.labels>;

/**
 * Observes every response in onResponse. The labelled child is looked up once per
 * (method, route, status) and kept: prom-client would otherwise hash the label object on
 * every request.
 */
export function installHttpMetrics(fastify: FastifyInstance): void {
  const observers = new Map<string, Observer>();
  fastify.addHook('onResponse', (request: FastifyRequest, reply: FastifyReply, done: () => void) => {
    const route = request.routeOptions.url ?? UNMATCHED_ROUTE;
    const key = `${request.method} ${reply.statusCode} ${route}`;
    let observer = observers.get(key);
    if (observer === undefined) {
      observer = httpRequestDuration.labels(request.method, route, String(reply.statusCode));
      observers.set(key, observer);
    }
    observer.observe(reply.elapsedTime / 1000);
    done();
  });
}
