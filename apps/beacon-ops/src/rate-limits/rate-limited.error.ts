import { OperationError } from '../errors/operation-error';

/** 429 in the envelope, with the seconds to wait in `Retry-After` (RFC 9110). */
export class RateLimitedError extends OperationError {
  readonly headers: Record<string, string>;

  constructor(what: string, retryAfterSeconds: number) {
    super('rate_limited', `Rate limit exceeded: ${what}; retry after ${retryAfterSeconds} s`);
    this.headers = { 'Retry-After': String(retryAfterSeconds) };
  }
}
