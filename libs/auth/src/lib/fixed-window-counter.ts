/**
 * Counts events per key in fixed windows aligned to the clock (every key shares the same
 * boundaries), so a new window is one Map swap and memory is what the current window saw.
 * In memory, per process: N replicas give N times the count (see the apps' READMEs).
 */
export class FixedWindowCounter {
  private counts = new Map<string, number>();
  private windowEndsAt = 0;

  constructor(
    readonly windowMs: number,
    // A flood of distinct keys (e.g. addresses) stops being counted rather than growing memory.
    private readonly maxKeys = 100_000,
  ) {}

  /** Adds one event for the key; returns the count in this window, this one included. */
  hit(key: string, now = Date.now()): number {
    this.roll(now);
    const count = (this.counts.get(key) ?? 0) + 1;
    if (count === 1 && this.counts.size >= this.maxKeys) return 1;
    this.counts.set(key, count);
    return count;
  }

  count(key: string, now = Date.now()): number {
    this.roll(now);
    return this.counts.get(key) ?? 0;
  }

  /** Whole seconds until the window resets (at least 1). */
  resetSeconds(now = Date.now()): number {
    this.roll(now);
    return Math.max(1, Math.ceil((this.windowEndsAt - now) / 1000));
  }

  private roll(now: number): void {
    if (now < this.windowEndsAt) return;
    this.counts = new Map();
    this.windowEndsAt = (Math.floor(now / this.windowMs) + 1) * this.windowMs;
  }
}

/**
 * The rate-limit headers of the IETF httpapi draft (draft-ietf-httpapi-ratelimit-headers-07:
 * RateLimit-Limit/-Remaining/-Reset and RateLimit-Policy `<limit>;w=<window s>`), plus
 * Retry-After when the request was refused.
 */
export function rateLimitHeaders(limit: number, used: number, resetSeconds: number, windowSeconds: number, refused = false): Record<string, string> {
  const headers: Record<string, string> = {
    'RateLimit-Limit': String(limit),
    'RateLimit-Remaining': String(Math.max(0, limit - used)),
    'RateLimit-Reset': String(resetSeconds),
    'RateLimit-Policy': `${limit};w=${windowSeconds}`,
  };
  if (refused) headers['Retry-After'] = String(resetSeconds);
  return headers;
}
