import fc from 'fast-check';
import { integerSqrt } from './integer-sqrt';

describe('integerSqrt', () => {
  it.each([
    [0n, 0n],
    [1n, 1n],
    [3n, 1n],
    [4n, 2n],
    [99n, 9n],
    [2n ** 192n, 2n ** 96n],
    [2n ** 192n - 1n, 2n ** 96n - 1n],
  ])('floor(sqrt(%s)) = %s', (n, root) => {
    expect(integerSqrt(n)).toBe(root);
  });

  it('throws on negatives', () => {
    expect(() => integerSqrt(-1n)).toThrow(RangeError);
  });

  it('is the floor: r^2 <= n < (r + 1)^2', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 0n, max: 2n ** 400n }), (n) => {
        const r = integerSqrt(n);
        expect(r * r <= n && n < (r + 1n) * (r + 1n)).toBe(true);
      }),
      { numRuns: 300 },
    );
  });
});
