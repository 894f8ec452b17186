import { Inject, Injectable } from '@nestjs/common';
import { FixedWindowCounter, rateLimitHeaders } from '@perp/auth';
import { DetailHttpException } from '@perp/http';
import type { FastifyReply } from 'fastify';
import { MARKET_DATA_SETTINGS, MarketDataSettings } from '../settings';
import { ApiKeyPrincipal } from './api-key-principal';

/**
 * Requests per API key and window, counted in this process's memory (see the auth README
 * for why not in Postgres: N replicas allow N x the limit). Bot keys get API_KEY_RATE_LIMIT
 * or their own `rate_limit` override; admin keys share ADMIN_API_KEY_RATE_LIMIT. Every
 * answer carries RateLimit-*; over the limit: 429 with Retry-After.
 */
@Injectable()
export class KeyRateLimiter {
  private readonly counter: FixedWindowCounter;
  private readonly windowSeconds: number;

  constructor(@Inject(MARKET_DATA_SETTINGS) private readonly settings: MarketDataSettings) {
    this.windowSeconds = settings.rateLimitWindowSeconds;
    this.counter = new FixedWindowCounter(this.windowSeconds * 1000);
  }

  /** Counts the request; throws 429 when over the key's limit, else sets the RateLimit-* headers on the reply. */
  take(principal: ApiKeyPrincipal, keyLimit: number | null, reply: FastifyReply): void {
    const admin = principal.kind === 'admin';
    const limit = admin ? this.settings.adminApiKeyRateLimit : (keyLimit ?? this.settings.apiKeyRateLimit);
    const now = Date.now();
    const used = this.counter.hit(admin ? 'admin' : String(principal.keyId), now);
    const refused = used > limit;
    const headers = rateLimitHeaders(limit, used, this.counter.resetSeconds(now), this.windowSeconds, refused);
    if (refused) throw new DetailHttpException(429, 'Rate limit exceeded', headers);
    reply.headers(headers);
  }
}
