import fastifyCors from '@fastify/cors';
import { NestFastifyApplication } from '@nestjs/platform-fastify';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { list } from '@perp/settings';
import { setting } from '@perp/settings';
import { staticSecurityHeaders } from './static-security-headers';

/** An origin as browsers send it: scheme, host and port, nothing else. */
function origin(raw: string): string {
  let parsed: URL;
  try {
    parsed = new URL(raw);
  } catch {
    throw new Error('must be an origin such as https://app.example.com');
  }
  if (!['http:', 'https:'].includes(parsed.protocol) || parsed.origin !== raw.replace(/\/$/, '')) {
    throw new Error('must be an origin such as https://app.example.com (scheme, host and port only)');
  }
  return parsed.origin;
}

/** Spread into a service's settings spec. */
export const corsSettingsSpec = {
  /** Browser origins allowed to call the API (comma-separated); empty: CORS off, no cross-origin browser call succeeds. */
  corsOrigins: setting('CORS_ORIGINS', list(origin), { default: '' }),
};

/**
 * Swagger UI (/docs) loads its own scripts and styles and sets inline styles; nothing else
 * the services send is ever rendered. No inline script, no framing, no plugin.
 */
const CONTENT_SECURITY_POLICY = {
  useDefaults: false,
  directives: {
    defaultSrc: ["'self'"],
    baseUri: ["'self'"],
    connectSrc: ["'self'"],
    fontSrc: ["'self'", 'data:'],
    formAction: ["'self'"],
    frameAncestors: ["'none'"],
    imgSrc: ["'self'", 'data:'],
    objectSrc: ["'none'"],
    scriptSrc: ["'self'"],
    scriptSrcAttr: ["'none'"],
    styleSrc: ["'self'", "'unsafe-inline'"],
  },
};

/**
 * The security headers of every answer (helmet's, for the policy above), computed once. The
 * onSend hook below sets them on every reply that goes through Fastify's hooks; the two writers
 * that bypass them, both wired by createServiceApp, write the same ones: Fastify's
 * frameworkErrors (a malformed URL, 400) and Node's client errors (408, 431, 400 before Fastify
 * sees a request).
 */
export const SECURITY_HEADERS: Readonly<Record<string, string>> = Object.freeze(
  staticSecurityHeaders({ contentSecurityPolicy: CONTENT_SECURITY_POLICY, frameguard: { action: 'deny' } }),
);

/**
 * Security headers on every response (helmet), CORS only for the configured origins, and
 * `Cache-Control: no-store` on every response that sets no policy of its own: answers carry
 * keys and per-caller data, and no shared cache or browser history may keep them.
 *
 * Both are set in onSend, the one step every reply Fastify writes goes through, whoever wrote it:
 * a route, a Nest filter, an onRequest hook that refused the request before its body was read
 * (401, 429 of the authentication hook, 404 of an unknown route), a body limit (413), Fastify's
 * own 4xx. An onRequest hook would miss the answers of the hooks that run before it.
 */
export async function installHttpSecurity(app: NestFastifyApplication, { corsOrigins }: { corsOrigins: readonly string[] }): Promise<void> {
  if (corsOrigins.length > 0) {
    await app.register(fastifyCors, {
      origin: [...corsOrigins],
      methods: ['GET', 'POST', 'DELETE'],
      allowedHeaders: ['Authorization', 'X-API-Key', 'Content-Type', 'Idempotency-Key', 'If-None-Match', 'X-Request-Id'],
      exposedHeaders: ['ETag', 'X-Request-Id', 'Retry-After', 'RateLimit-Limit', 'RateLimit-Remaining', 'RateLimit-Reset'],
      maxAge: 600,
    });
  }
  app
    .getHttpAdapter()
    .getInstance()
    .addHook('onSend', (_request: FastifyRequest, reply: FastifyReply, payload: unknown, done: (error: null, payload: unknown) => void) => {
      void reply.headers(SECURITY_HEADERS);
      if (!reply.hasHeader('cache-control')) void reply.header('cache-control', 'no-store');
      done(null, payload);
    });
}
