/**
 * Ceiling (a) of bench:market: a bare Fastify server answering each benchmarked path with
 * the bytes and headers the service gave for it (captured just before), so the difference
 * to the service is everything the service does per request. Runs as its own process:
 * CAPTURES (a JSON file of { path, status, headers, body(base64) }) and PORT.
 */
import { readFileSync } from 'node:fs';
import Fastify from 'fastify';

export interface CapturedResponse {
  path: string;
  status: number;
  headers: Record<string, string>;
  bodyBase64: string;
}

const captures = JSON.parse(readFileSync(process.env['CAPTURES'] ?? '', 'utf8')) as CapturedResponse[];
const byPath = new Map(captures.map((c) => [c.path, { ...c, body: Buffer.from(c.bodyBase64, 'base64') }]));

const app = Fastify({ logger: false, routerOptions: { maxParamLength: 256 } });
// One catch-all route: the lookup is one Map get on the raw URL (path and query as sent).
// /health answers the readiness probe until (unless) a capture of it replaces it.
app.get('/*', (request, reply) => {
  const hit = byPath.get(request.url);
  if (hit) return reply.code(hit.status).headers(hit.headers).send(hit.body);
  if (request.url === '/health') return reply.send({ status: 'ok' });
  return reply.code(404).send({ detail: 'not captured' });
});

app.listen({ port: Number(process.env['PORT']), host: '127.0.0.1' }).then(
  () => console.log('bare ceiling listening'),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
for (const signal of ['SIGTERM', 'SIGINT'] as const) process.once(signal, () => void app.close().finally(() => process.exit(0)));
