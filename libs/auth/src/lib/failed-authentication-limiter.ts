import { FixedWindowCounter, rateLimitHeaders } from './fixed-window-counter';

export interface FailedAuthenticationLimitOptions {
  /** Failed authentications (401s) allowed per client address and window; then 429 until the window ends. */
  limit: number;
  windowSeconds: number;
  /** The 429 in the service's shape, carrying these headers (Retry-After, RateLimit-*). */
  tooMany: (headers: Record<string, string>) => Error;
}

/**
 * Per client address: once an address has failed authentication `limit` times in a window,
 * every authenticated route answers it 429 until the window ends, a right credential
 * included (else the 429s themselves would tell a guesser when it hit). Other addresses
 * are not affected. In memory, per replica.
 */
export class FailedAuthenticationLimiter {
  private readonly counter: FixedWindowCounter;

  constructor(private readonly options: FailedAuthenticationLimitOptions) {
    this.counter = new FixedWindowCounter(options.windowSeconds * 1000);
  }

  /** Throws the 429 when the address is over its limit. */
  check(address: string): void {
    if (this.counter.count(address) < this.options.limit) return;
    throw this.options.tooMany(rateLimitHeaders(this.options.limit, this.options.limit, this.counter.resetSeconds(), this.options.windowSeconds, true));
  }

  recordFailure(address: string): void {
    this.counter.hit(address);
  }
}
