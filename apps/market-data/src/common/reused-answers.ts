import { BoundedMap } from '@perp/cache';
import { measureCache } from './cache-metrics';

/**
 * How long a max-age route's answer is replayed by URL without running the route: short
 * enough to add little to the memo's own 1 s (an answer is at most 1.05 s old), long enough
 * that a market read by many bots costs the Nest pipeline about once per 50 ms.
 */
export const ANSWER_REUSE_MS = 50;

/**
 * The last 200 answer of each max-age URL (`/markets/{a}`, `/live`, `/stats`, their /v1
 * twins), kept ANSWER_REUSE_MS: the same bytes the route gave, for every caller (these
 * routes answer the same text to every key: memoisedJson). Bounded: least recently used out first.
 */
export class ReusedAnswers {
  private readonly byUrl: BoundedMap<string, string>;

  constructor(reuseMs = ANSWER_REUSE_MS, maxEntries = 4_096, now?: () => number) {
    this.byUrl = new BoundedMap({ max: maxEntries, ttlMs: reuseMs, now, name: 'reused_answer', metrics: measureCache });
  }

  get(url: string): string | undefined {
    return this.byUrl.get(url);
  }

  set(url: string, body: string): void {
    this.byUrl.set(url, body);
  }
}
