import { CallHandler, ExecutionContext, Injectable, NestInterceptor } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import { Observable } from 'rxjs';
import { runAsToken, tokenHash } from './token-context';

/**
 * Makes the request's bearer token (authenticated already by the guard) the caller the wallet
 * pool charges each transaction to (TokenUsage), without threading it through every route.
 */
@Injectable()
export class TokenContextInterceptor implements NestInterceptor {
  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    const header = context.switchToHttp().getRequest<FastifyRequest>().headers.authorization ?? '';
    const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
    if (!match) return next.handle();
    // handle() binds the handler to the current async context: the handler runs as this token.
    return runAsToken({ tokenHash: tokenHash(match[1]) }, () => next.handle());
  }
}
