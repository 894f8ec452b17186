import { BeaconOpsError } from '@perp/http';

/** 429 in the envelope, with the seconds to wait in `Retry-After` (RFC 9110). */
export class RateLimitedError extends BeaconOpsError {
  readonly headers: Record<string, string>;

  constructor(what: string, retryAfterSeconds: number) {
    super(429, `Rate limit exceeded: ${what}; retry after ${retryAfterSeconds} s`);
    this.headers = { 'Retry-After': String(retryAfterSeconds) };
  }
}
