import { timingSafeEqual } from 'node:crypto';
import { createHash } from 'node:crypto';
import { sha256, StaticTokenMatcher } from './static-token-matcher';

// Node's own export cannot be spied on in place: wrap it to count the comparisons.
jest.mock('node:crypto', () => {
  const actual = jest.requireActual<typeof import('node:crypto')>('node:crypto');
  return { ...actual, timingSafeEqual: jest.fn(actual.timingSafeEqual) };
});

describe('StaticTokenMatcher', () => {
  const rotation = ['token-being-retired-0001', 'token-now-current-0002', 'token-coming-next-0003'];

  it('accepts every token of the rotation list', () => {
    const matcher = new StaticTokenMatcher(rotation);
    for (const token of rotation) expect(matcher.matches(token)).toBe(true);
  });

  it('refuses anything else: prefixes, extensions, other cases, empty or absent', () => {
    const matcher = new StaticTokenMatcher(rotation);
    for (const token of ['token-now-current-000', 'token-now-current-00021', 'TOKEN-NOW-CURRENT-0002', ' token-now-current-0002', '', undefined]) {
      expect(matcher.matches(token)).toBe(false);
    }
  });

  it('answers the same for a presented token or its SHA-256 (one hash per request serves several checks)', () => {
    const matcher = new StaticTokenMatcher(rotation);
    for (const token of [...rotation, 'wrong', 'tökén-ünicode']) {
      expect(sha256(token)).toEqual(createHash('sha256').update(token, 'utf8').digest());
      expect(matcher.matchesDigest(sha256(token))).toBe(matcher.matches(token));
    }
  });

  it('ignores empty configured tokens (an empty header never matches)', () => {
    const matcher = new StaticTokenMatcher(['', 'real-token-0001']);
    expect(matcher.size).toBe(1);
    expect(matcher.matches('')).toBe(false);
  });

  it('compares fixed-size digests against every configured token, wherever the match is', () => {
    const spy = timingSafeEqual as jest.MockedFunction<typeof timingSafeEqual>;
    const matcher = new StaticTokenMatcher(rotation);
    for (const presented of [rotation[0], rotation[2], 'wrong', 'x'.repeat(10_000)]) {
      spy.mockClear();
      matcher.matches(presented);
      expect(spy).toHaveBeenCalledTimes(rotation.length);
      for (const [a, b] of spy.mock.calls) {
        expect((a as Buffer).length).toBe(32);
        expect((b as Buffer).length).toBe(32);
      }
    }
  });
});
