import { CallHandler, ExecutionContext, Injectable, NestInterceptor, UseInterceptors, applyDecorators } from '@nestjs/common';
import { ApiHeader, ApiResponse } from '@nestjs/swagger';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Observable, map } from 'rxjs';
import { ifNoneMatchMatches, strongEtag } from './etag';

/**
 * `max-age`: the response may be reused for that many seconds (detail, live, stats: they
 * change at most once per snapshot). `no-cache`: it may be stored but must be revalidated
 * (lists); the ETag still makes an unchanged page a bodiless 304.
 */
export type HttpCachePolicy = { maxAgeSeconds: number } | 'no-cache';

/** Cache-Control + strong ETag on a 200, and 304 without a body when If-None-Match matches. */
@Injectable()
export class HttpCacheInterceptor implements NestInterceptor {
  constructor(private readonly policy: HttpCachePolicy) {}

  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    const http = context.switchToHttp();
    const request = http.getRequest<FastifyRequest>();
    const reply = http.getResponse<FastifyReply>();
    return next.handle().pipe(
      map((body: unknown) => {
        const etag = strongEtag(body);
        reply.header('ETag', etag);
        reply.header('Cache-Control', this.policy === 'no-cache' ? 'no-cache' : `public, max-age=${this.policy.maxAgeSeconds}`);
        // Authenticated data: a shared cache must not hand it to a caller without (that) key.
        reply.header('Vary', 'X-API-Key');
        if (ifNoneMatchMatches(request.headers['if-none-match'], etag)) {
          reply.status(304);
          return undefined;
        }
        return body;
      }),
    );
  }
}

/** `@HttpCache({ maxAgeSeconds: 1 })` or `@HttpCache('no-cache')` on a GET route. */
export function HttpCache(policy: HttpCachePolicy): MethodDecorator {
  const cacheControl = policy === 'no-cache' ? 'no-cache' : `public, max-age=${policy.maxAgeSeconds}`;
  return applyDecorators(
    UseInterceptors(new HttpCacheInterceptor(policy)),
    ApiHeader({ name: 'If-None-Match', required: false, description: 'An ETag of an earlier response: 304 without a body when unchanged' }),
    ApiResponse({
      status: 304,
      description: `Not modified (If-None-Match matched the ETag). 200 responses carry ETag and Cache-Control: ${cacheControl}`,
    }),
  );
}
