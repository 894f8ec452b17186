import { createParamDecorator, ExecutionContext } from '@nestjs/common';
import { fail } from '../errors/operation-error';

export const IDEMPOTENCY_KEY_HEADER = 'idempotency-key';

/** The request's Idempotency-Key: undefined when absent; 422 unless 1-255 visible ASCII characters. */
export function readIdempotencyKey(headers: Record<string, string | string[] | undefined>): string | undefined {
  const raw = headers[IDEMPOTENCY_KEY_HEADER];
  if (raw === undefined) return undefined;
  const value = Array.isArray(raw) ? raw[raw.length - 1] : raw;
  if (!/^[\x21-\x7e]{1,255}$/.test(value)) {
    throw fail('invalid_request', 'Invalid request: Idempotency-Key header: must be 1 to 255 visible ASCII characters');
  }
  return value;
}

/** `@IdempotencyKey() key: string | undefined` in a route: pass it to `WalletPool.send`. */
export const IdempotencyKey = createParamDecorator((_data: unknown, context: ExecutionContext) =>
  readIdempotencyKey(context.switchToHttp().getRequest<{ headers: Record<string, string | string[] | undefined> }>().headers),
);
