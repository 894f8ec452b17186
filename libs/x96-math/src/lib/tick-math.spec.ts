import GlobalBigNumber from 'bignumber.js';
import fc from 'fast-check';
import { Q96 } from './x96';
import { getSqrtPriceAtTick, MAX_SQRT_PRICE, MAX_TICK, MIN_SQRT_PRICE, MIN_TICK } from './tick-math';

describe('getSqrtPriceAtTick', () => {
  // Test vectors of Uniswap's own TickMath tests (v3-core and v4-core).
  it.each<[number, bigint]>([
    [0, 79228162514264337593543950336n],
    [MIN_TICK, 4295128739n],
    [MIN_TICK + 1, 4295343490n],
    [MAX_TICK - 1, 1461373636630004318706518188784493106690254656249n],
    [MAX_TICK, 1461446703485210103287273052203988822378723970342n],
    [-100, 78833030112140176575862854579n],
    [-50, 79030349367926598376800521322n],
    [50, 79426470787362580746886972461n],
    [100, 79625275426524748796330556128n],
  ])('tick %i -> %s', (tick, expected) => {
    expect(getSqrtPriceAtTick(tick)).toBe(expected);
  });

  it('agrees with the bounds constants', () => {
    expect(getSqrtPriceAtTick(0)).toBe(Q96);
    expect(getSqrtPriceAtTick(MIN_TICK)).toBe(MIN_SQRT_PRICE);
    expect(getSqrtPriceAtTick(MAX_TICK)).toBe(MAX_SQRT_PRICE);
  });

  it.each([MIN_TICK - 1, MAX_TICK + 1, 0.5, Number.NaN])('rejects tick %s', (tick) => {
    expect(() => getSqrtPriceAtTick(tick)).toThrow(RangeError);
  });

  it('is strictly increasing', () => {
    fc.assert(
      fc.property(fc.integer({ min: MIN_TICK, max: MAX_TICK - 1 }), (tick) => {
        expect(getSqrtPriceAtTick(tick)).toBeLessThan(getSqrtPriceAtTick(tick + 1));
      }),
      { numRuns: 300 },
    );
  });

  it('is sqrt(1.0001^tick) * 2^96 within one unit plus 1e-18 relative', () => {
    // Reference at 80 significant digits. The contract's constants are 128-bit, so its relative
    // error stays near 1e-20 or below; the final rounding to an integer adds at most one unit,
    // which dominates near MIN_TICK (4295128739 is off by 0.87 of a unit, i.e. 2e-10 relative).
    const Ref = GlobalBigNumber.clone({ POW_PRECISION: 80, DECIMAL_PLACES: 80 });
    const q96 = new Ref(Q96.toString());
    fc.assert(
      fc.property(fc.integer({ min: MIN_TICK, max: MAX_TICK }), (tick) => {
        const reference = new Ref('1.0001').pow(tick).sqrt().times(q96);
        const error = new Ref(getSqrtPriceAtTick(tick).toString()).minus(reference).abs();
        expect(error.lte(reference.times('1e-18').plus(1))).toBe(true);
      }),
      { numRuns: 200 },
    );
  });
});
