import { backoffDelay } from './backoff';

describe('backoffDelay', () => {
  it('doubles from the minimum to the maximum, with up to a fifth of jitter off', () => {
    expect([0, 1, 2, 3, 10, 100].map((attempt) => backoffDelay(attempt, 250, 15_000, () => 0))).toEqual([250, 500, 1000, 2000, 15_000, 15_000]);
    expect(backoffDelay(0, 250, 15_000, () => 1)).toBe(200);
  });
});
