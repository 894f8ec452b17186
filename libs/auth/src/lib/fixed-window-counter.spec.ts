import { FixedWindowCounter, rateLimitHeaders } from './fixed-window-counter';

describe('FixedWindowCounter', () => {
  it('counts per key within a clock-aligned window and starts again at the next one', () => {
    const counter = new FixedWindowCounter(60_000);
    const t0 = 120_000; // a window boundary
    expect(counter.hit('a', t0)).toBe(1);
    expect(counter.hit('a', t0 + 59_999)).toBe(2);
    expect(counter.hit('b', t0 + 1)).toBe(1);
    expect(counter.count('a', t0 + 59_999)).toBe(2);
    expect(counter.resetSeconds(t0 + 59_000)).toBe(1);
    expect(counter.resetSeconds(t0 + 1)).toBe(60);
    expect(counter.hit('a', t0 + 60_000)).toBe(1);
    expect(counter.count('b', t0 + 60_000)).toBe(0);
  });

  it('stops counting new keys past its bound instead of growing', () => {
    const counter = new FixedWindowCounter(60_000, 2);
    counter.hit('a', 0);
    counter.hit('b', 0);
    expect(counter.hit('c', 0)).toBe(1);
    expect(counter.count('c', 0)).toBe(0);
    expect(counter.hit('a', 0)).toBe(2);
  });
});

describe('rateLimitHeaders', () => {
  it('gives the draft-07 RateLimit fields, and Retry-After only on a refusal', () => {
    expect(rateLimitHeaders(10, 3, 42, 60)).toEqual({
      'RateLimit-Limit': '10',
      'RateLimit-Remaining': '7',
      'RateLimit-Reset': '42',
      'RateLimit-Policy': '10;w=60',
    });
    expect(rateLimitHeaders(10, 11, 5, 60, true)).toMatchObject({ 'RateLimit-Remaining': '0', 'Retry-After': '5' });
  });
});
