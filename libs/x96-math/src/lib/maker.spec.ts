import fc from 'fast-check';
import { getAmountsForLiquidity } from './maker';
import { getSqrtPriceAtTick, MAX_TICK, MIN_SQRT_PRICE, MAX_SQRT_PRICE, MIN_TICK } from './tick-math';
import { Q96 } from './x96';

describe('getAmountsForLiquidity, worked by hand', () => {
  // Range [price 1, price 4] = sqrt [2^96, 2 * 2^96], liquidity 1e6.
  const lo = Q96;
  const hi = 2n * Q96;
  const L = 1_000_000n;

  it('is all token0 below the range', () => {
    // amount0 = L * 2^96 * (2Q - Q) / 2Q / Q = L / 2
    expect(getAmountsForLiquidity(Q96 / 2n, lo, hi, L)).toEqual({ amount0: 500_000n, amount1: 0n });
    // At the lower bound exactly, still all token0.
    expect(getAmountsForLiquidity(lo, lo, hi, L)).toEqual({ amount0: 500_000n, amount1: 0n });
  });

  it('is both inside the range', () => {
    // sqrtP = 1.5Q: amount0 = (L * Q * 0.5Q / 2Q) / 1.5Q = (250000 * Q) / 1.5Q = floor(166666.6...) = 166666
    //               amount1 = L * (1.5Q - Q) / Q = 500000
    expect(getAmountsForLiquidity(3n * 2n ** 95n, lo, hi, L)).toEqual({ amount0: 166_666n, amount1: 500_000n });
  });

  it('is all token1 above the range', () => {
    // amount1 = L * (2Q - Q) / Q = L
    expect(getAmountsForLiquidity(4n * Q96, lo, hi, L)).toEqual({ amount0: 0n, amount1: 1_000_000n });
    expect(getAmountsForLiquidity(hi, lo, hi, L)).toEqual({ amount0: 0n, amount1: 1_000_000n });
  });

  it('accepts the bounds in either order', () => {
    expect(getAmountsForLiquidity(3n * 2n ** 95n, hi, lo, L)).toEqual({ amount0: 166_666n, amount1: 500_000n });
  });

  it('rejects negative liquidity and non-positive prices', () => {
    expect(() => getAmountsForLiquidity(Q96, lo, hi, -1n)).toThrow(RangeError);
    expect(() => getAmountsForLiquidity(0n, lo, hi, L)).toThrow(RangeError);
  });
});

describe('amount properties', () => {
  const range = fc
    .tuple(fc.integer({ min: MIN_TICK, max: MAX_TICK }), fc.integer({ min: MIN_TICK, max: MAX_TICK }))
    .filter(([a, b]) => a !== b)
    .map(([a, b]) => (a < b ? [a, b] : [b, a]));
  const sqrtPrice = fc.bigInt({ min: MIN_SQRT_PRICE, max: MAX_SQRT_PRICE });
  const liquidity = fc.bigInt({ min: 0n, max: 2n ** 128n - 1n });

  it('never returns a negative amount, and only one token outside the range', () => {
    fc.assert(
      fc.property(range, sqrtPrice, liquidity, ([tickLower, tickUpper], sqrtP, L) => {
        const lo = getSqrtPriceAtTick(tickLower);
        const hi = getSqrtPriceAtTick(tickUpper);
        const { amount0, amount1 } = getAmountsForLiquidity(sqrtP, lo, hi, L);
        expect(amount0 >= 0n && amount1 >= 0n).toBe(true);
        if (sqrtP <= lo) expect(amount1).toBe(0n);
        if (sqrtP >= hi) expect(amount0).toBe(0n);
      }),
      { numRuns: 200 },
    );
  });
});
