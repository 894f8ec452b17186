import fc from 'fast-check';
import { formatDecimal } from './decimal';
import { getAmountsForLiquidity, makerHeldAmounts, makerPositionValue } from './maker';
import { getSqrtPriceAtTick, MAX_TICK, MIN_SQRT_PRICE, MAX_SQRT_PRICE, MIN_TICK } from './tick-math';
import { Q96 } from './x96';

// Known sqrt prices (Uniswap test vectors): ticks -100 and 100.
const S_M100 = 78833030112140176575862854579n;
const S_100 = 79625275426524748796330556128n;

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

describe('makerPositionValue', () => {
  it('values a range above the price as all perp', () => {
    // Range [0, 100], sqrtP = 2^96 / 2 (price 0.25), L = S_100:
    // amount0 = (S_100 * 2^96 * (S_100 - Q) / S_100) / Q = S_100 - Q = 397112912260411202786605792
    // value = 0.25 * 397112912260411202786605792 = 99278228065102800696651448 atoms
    const v = makerPositionValue({ tickLower: 0, tickUpper: 100, liquidity: S_100 }, Q96 / 2n);
    expect(v.amount0).toBe(397112912260411202786605792n);
    expect(v.amount1).toBe(0n);
    expect(formatDecimal(v.price)).toBe('0.25');
    expect(v.valueAtoms.toFixed()).toBe('99278228065102800696651448');
    expect(formatDecimal(v.value)).toBe('99278228065102800696.651448');
  });

  it('values a range below the price as all USD', () => {
    // Range [-100, 0], sqrtP = 2 * 2^96 (price 4), L = 2^96:
    // amount1 = 2^96 * (Q - S_M100) / 2^96 = 79228162514264337593543950336 - 78833030112140176575862854579
    //         = 395132402124161017681095757
    const v = makerPositionValue({ tickLower: -100, tickUpper: 0, liquidity: Q96 }, 2n * Q96);
    expect(v.amount0).toBe(0n);
    expect(v.amount1).toBe(395132402124161017681095757n);
    expect(formatDecimal(v.value)).toBe('395132402124161017681.095757');
  });

  it('values a range around the price as both tokens', () => {
    // Range [-100, 100] at tick 0 (price exactly 1), L = 1e18:
    // amount0 = floor(floor(L * Q * (S_100 - Q) / S_100) / Q) = L * (1 - 1.0001^-50) ~ 4987272070749096
    // amount1 = floor(L * (Q - S_M100) / Q)                    = L * (1 - 1.0001^-50) ~ 4987272070749096
    // (equal because S_M100 ~ Q^2 / S_100). value = 9974544141498192 atoms = 9974544141.498192 USD.
    const v = makerPositionValue({ tickLower: -100, tickUpper: 100, liquidity: 10n ** 18n }, Q96);
    expect(v.amount0).toBe(4987272070749096n);
    expect(v.amount1).toBe(4987272070749096n);
    expect(formatDecimal(v.value)).toBe('9974544141.498192');
    expect(getAmountsForLiquidity(Q96, S_M100, S_100, 10n ** 18n)).toEqual({ amount0: v.amount0, amount1: v.amount1 });
  });

  it('is zero without liquidity and rejects an empty range', () => {
    expect(formatDecimal(makerPositionValue({ tickLower: -10, tickUpper: 10, liquidity: 0n }, Q96).value)).toBe('0');
    expect(() => makerPositionValue({ tickLower: 10, tickUpper: 10, liquidity: 1n }, Q96)).toThrow(RangeError);
  });
});

describe('makerHeldAmounts', () => {
  it('is exactly the amounts makerPositionValue values, with the same ticks check', () => {
    const position = { tickLower: -600, tickUpper: 600, liquidity: 10n ** 12n };
    const { amount0, amount1 } = makerPositionValue(position, Q96);
    expect(makerHeldAmounts(position, Q96)).toEqual({ amount0, amount1 });
    expect(() => makerHeldAmounts({ ...position, tickUpper: -600 }, Q96)).toThrow(RangeError);
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
        expect(makerPositionValue({ tickLower, tickUpper, liquidity: L }, sqrtP).value.isNegative()).toBe(false);
      }),
      { numRuns: 200 },
    );
  });
});
