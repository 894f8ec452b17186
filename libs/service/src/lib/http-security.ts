import fastifyCors from '@fastify/cors';
import { NestFastifyApplication } from '@nestjs/platform-fastify';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { list } from './setting-parsers';
import { setting } from './settings';
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
 * Security headers on every response (helmet), CORS only for the configured origins, and
 * `Cache-Control: no-store` on every response that sets no policy of its own: answers carry
 * keys and per-caller data, and no shared cache or browser history may keep them.
 */
export async function installHttpSecurity(app: NestFastifyApplication, { corsOrigins }: { corsOrigins: readonly string[] }): Promise<void> {
  // helmet's headers, computed once and set in one onRequest hook (on 404s and errors too, as before).
  const securityHeaders = staticSecurityHeaders({ contentSecurityPolicy: CONTENT_SECURITY_POLICY, frameguard: { action: 'deny' } });
  app
    .getHttpAdapter()
    .getInstance()
    .addHook('onRequest', (_request: FastifyRequest, reply: FastifyReply, done: () => void) => {
      void reply.headers(securityHeaders);
      done();
    });
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
      if (!reply.hasHeader('cache-control')) void reply.header('cache-control', 'no-store');
      done(null, payload);
    });
}
