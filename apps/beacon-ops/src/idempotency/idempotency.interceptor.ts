import { CallHandler, ExecutionContext, Injectable, NestInterceptor } from '@nestjs/common';
import { classifyException } from '@perp/http';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { from, lastValueFrom, Observable } from 'rxjs';
import { IdempotencyService, StoredResponse } from './idempotency.service';
import { readIdempotencyKey } from './idempotency-key.header';
import { requestFingerprint } from './request-fingerprint';
import { replayedFailure } from '../errors/operation-error';

export const IDEMPOTENT_REPLAY_HEADER = 'idempotent-replayed';

/**
 * `@UseInterceptors(IdempotencyInterceptor)` on a route: with an `Idempotency-Key` header,
 * the first answer is stored and replayed to retries (same method, path and body), marked
 * `Idempotent-Replayed: true`. Stored: successes and 4xx failures (deterministic). Not
 * stored: 5xx (502, 503, 504...) and an update's `confirmed: false` (sent, receipt still to come):
 * the claim is released, the retry runs again, and the
 * route's `WalletPool.send({idempotencyKey})` then finds the transaction already journaled
 * under the key and waits for it instead of sending a second one. The claim's fingerprint is
 * the only one: the journal trusts it (a route without this interceptor must not pass a key).
 */
@Injectable()
export class IdempotencyInterceptor implements NestInterceptor {
  constructor(private readonly idempotency: IdempotencyService) {}

  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    const request = context.switchToHttp().getRequest<FastifyRequest>();
    const key = readIdempotencyKey(request.headers);
    if (key === undefined) return next.handle();
    return from(this.run(context, next, key));
  }

  private async run(context: ExecutionContext, next: CallHandler, key: string): Promise<unknown> {
    const request = context.switchToHttp().getRequest<FastifyRequest>();
    const reply = context.switchToHttp().getResponse<FastifyReply>();
    const fingerprint = requestFingerprint({ method: request.method, path: request.url.split('?')[0], body: request.body ?? null });
    const claim = await this.idempotency.claim(key, fingerprint);
    if (claim.kind === 'replay') {
      reply.header(IDEMPOTENT_REPLAY_HEADER, 'true');
      if (claim.response.kind === 'failure') throw replayedFailure(claim.response.status, claim.response.message);
      return claim.response.body;
    }
    let body: unknown;
    try {
      body = await lastValueFrom(next.handle(), { defaultValue: undefined });
    } catch (error) {
      const stored = storable(error, request);
      if (stored) await this.idempotency.complete(key, claim.owner, stored).catch(() => undefined);
      else await this.idempotency.release(key, claim.owner).catch(() => undefined);
      throw error;
    }
    // Sent but unconfirmed (confirmed: false) is no final answer: released like a 504, so the retry
    // re-runs into the journal's replay and answers the transaction's outcome.
    if (isUnconfirmed(body)) {
      await this.idempotency.release(key, claim.owner).catch(() => undefined);
      return body;
    }
    // Not stored (database down): the claim expires, and a retry re-runs into the journal's replay.
    await this.idempotency.complete(key, claim.owner, { kind: 'success', body }).catch(() => undefined);
    return body;
  }
}

/** A 4xx HttpException-like failure is the request's answer for good (but 429: later it may pass); anything else may differ next time. */
function storable(error: unknown, request: FastifyRequest): StoredResponse | undefined {
  const classified = classifyException(error, request);
  if (classified.kind !== 'http' || classified.status >= 500 || classified.status === 429) return undefined;
  return { kind: 'failure', status: classified.status, message: classified.message };
}

/** An update route's envelope with `confirmed: false` (updates/confirmation.ts): sent, not final. */
function isUnconfirmed(body: unknown): boolean {
  return typeof body === 'object' && body !== null && (body as { confirmed?: unknown }).confirmed === false;
}
