import { applyDecorators, HttpCode, Post, UseInterceptors } from '@nestjs/common';
import { ApiHeader, ApiOperation } from '@nestjs/swagger';
import { ApiEnvelopeErrors } from '@perp/http';
import { aliasesOf } from './deprecated-aliases';
import { RequireAccessToken } from '../auth/require-access-token.decorator';
import { IdempotencyInterceptor } from '../idempotency/idempotency.interceptor';
import { TokenContextInterceptor } from '../rate-limits/token-context.interceptor';

/** Failures every operation can answer (DESIGN.md section 5). */
const COMMON_ERRORS: Record<number, string> = {
  400: 'Malformed JSON body',
  422: 'Invalid request: the message names each invalid field; also Idempotency-Key reused with another request, or a transaction above its gas cap',
  409: 'A request with the same Idempotency-Key is still in progress',
  413: 'Request body too large (160 KiB for /batch_update_beacon, 72 KiB for /update_beacon, 4 KiB for the rest)',
  429: "The token's transactions per minute or gas per hour are used up; Retry-After gives the seconds to wait",
  500: 'Internal server error (sanitised)',
  502: 'Chain RPC unavailable',
  503: 'Insufficient gas (fund the wallet pool), all wallets busy, or the contract this route needs is not configured',
  504: 'No receipt in time; the message carries the transaction hash, which the journal reconciles',
};

/**
 * One decorator per beacon operation: POST answering 200, the bearer token, the
 * Idempotency-Key interceptor and every documented failure, so no route can miss one.
 * The handler also answers the deprecated old names that DEPRECATED_ALIASES gives its path.
 */
export function OperationRoute(path: string, summary: string, errors: Record<number, string> = {}): MethodDecorator {
  return applyDecorators(
    Post([path, ...aliasesOf(path)]),
    HttpCode(200),
    RequireAccessToken(),
    UseInterceptors(TokenContextInterceptor, IdempotencyInterceptor),
    ApiOperation({ summary }),
    ApiHeader({
      name: 'Idempotency-Key',
      required: false,
      description: 'Makes a retry return the first answer without a second transaction (1-255 visible ASCII characters)',
    }),
    ApiEnvelopeErrors({ ...COMMON_ERRORS, ...errors }),
  );
}
