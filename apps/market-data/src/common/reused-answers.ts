/**
 * How long a max-age route's answer is replayed by URL without running the route: short
 * enough to add little to the memo's own 1 s (an answer is at most 1.05 s old), long enough
 * that a market read by many bots costs the Nest pipeline about once per 50 ms.
 */
export const ANSWER_REUSE_MS = 50;

/**
 * The last 200 answer of each max-age URL (`/markets/{a}`, `/live`, `/stats`, their /v1
 * twins), kept ANSWER_REUSE_MS: the same bytes the route gave, for every caller (these
 * routes answer the same text to every key: memoisedJson). Bounded: oldest first out.
 */
export class ReusedAnswers {
  private readonly byUrl = new Map<string, { body: string; until: number }>();

  constructor(
    private readonly reuseMs = ANSWER_REUSE_MS,
    private readonly maxEntries = 4_096,
    private readonly now: () => number = Date.now,
  ) {}

  get(url: string): string | undefined {
    const entry = this.byUrl.get(url);
    return entry !== undefined && entry.until > this.now() ? entry.body : undefined;
  }

  set(url: string, body: string): void {
    this.byUrl.delete(url);
    this.byUrl.set(url, { body, until: this.now() + this.reuseMs });
    if (this.byUrl.size > this.maxEntries) this.byUrl.delete(this.byUrl.keys().next().value as string);
  }
}
