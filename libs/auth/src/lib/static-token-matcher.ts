import { createHash, timingSafeEqual } from 'node:crypto';

const digest = (value: string): Buffer => createHash('sha256').update(value, 'utf8').digest();

/**
 * Checks a presented secret against a fixed list (rotation: several valid at once) in
 * constant time. Both sides are SHA-256 digests, so the comparison is always 32 bytes
 * whatever the lengths, and every configured digest is compared (no early exit), so
 * neither the position of a match nor a common prefix shows in the timing.
 */
export class StaticTokenMatcher {
  private readonly digests: Buffer[];

  constructor(tokens: readonly string[]) {
    this.digests = tokens.filter((token) => token.length > 0).map(digest);
  }

  get size(): number {
    return this.digests.length;
  }

  matches(presented: string | undefined): boolean {
    if (presented === undefined || presented.length === 0) return false;
    const candidate = digest(presented);
    let matched = false;
    for (const known of this.digests) matched = timingSafeEqual(candidate, known) || matched;
    return matched;
  }
}
