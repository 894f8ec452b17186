import fc from 'fast-check';
import { E6 } from './full-math';
import { getAmount1ForLiquidity, getAmountsForLiquidity } from './maker';
import { MAX_POOL_PRICE_X96, MakerAtPrice, makerFailsAtPrice, makerTestAtPrice, makerLiquidationMarkX96, makerLiquidationMarksX96 } from './maker-liquidation';
import { getSqrtPriceAtTick } from './tick-math';
import { Q96 } from './x96';

const ceilDiv = (a: bigint, b: bigint) => (a + b - 1n) / b;

/** A maker that placed `liquidity` on [lower, upper] at the sqrt price `atSqrt`: owes the pool what it put in. */
function deposited(margin: bigint, lower: number, upper: number, liquidity: bigint, atSqrt: bigint, ratio = 50_000n): MakerAtPrice {
  const { amount0, amount1 } = getAmountsForLiquidity(atSqrt, getSqrtPriceAtTick(lower), getSqrtPriceAtTick(upper), liquidity);
  return { settledMargin: margin, perpDelta: -amount0, usdDelta: -amount1, tickLower: lower, tickUpper: upper, liquidity, liqMarginRatioE6: ratio };
}

describe('makerLiquidationMarksX96', () => {
  // Band [0, 600] (price 1 to 1.0618), placed at 1.03 with 60 USDC of margin: impermanent loss liquidates it on both sides.
  const lower = 0;
  const upper = 600;
  const liquidity = 10n ** 10n;
  const maker = deposited(60_000_000n, lower, upper, liquidity, 80413285823306096914046484500n);

  it('above the band: the exact unit from the closed form of an all-USD band', () => {
    // Above the band the value is amount1 of the whole band; the perp leg owed is the only moving part:
    // fails iff E * 1e6 < r (V + 1), E = margin + V + usdDelta - floor(|perp| p / 2^96).
    const value = getAmount1ForLiquidity(getSqrtPriceAtTick(lower), getSqrtPriceAtTick(upper), liquidity);
    const needed = ceilDiv(maker.liqMarginRatioE6 * (value + 1n), E6); // E below this fails
    const k = maker.settledMargin + value + maker.usdDelta - needed + 1n; // floor(|perp| p / 2^96) >= k fails
    const expected = ceilDiv(k * Q96, -maker.perpDelta);
    const upperPrice = (getSqrtPriceAtTick(upper) * getSqrtPriceAtTick(upper)) / Q96;
    expect(expected > upperPrice).toBe(true); // the case is really above the band
    const { aboveX96, belowX96 } = makerLiquidationMarksX96(maker);
    expect(aboveX96).toBe(expected);
    expect(makerFailsAtPrice(maker, expected)).toBe(true);
    expect(makerFailsAtPrice(maker, expected - 1n)).toBe(false);
    expect(belowX96).not.toBeNull();
    expect(makerFailsAtPrice(maker, belowX96 as bigint)).toBe(true);
    expect(makerFailsAtPrice(maker, (belowX96 as bigint) + 1n)).toBe(false);
    // 1.0618 * (1 + ~8.6 / 486): the closed form in floating point, to 1e-6.
    expect(Number(aboveX96) / 2 ** 96).toBeGreaterThan(1.0618);
  });

  it('serves the turn nearest the mark', () => {
    const { aboveX96, belowX96 } = makerLiquidationMarksX96(maker);
    expect(makerLiquidationMarkX96(maker, (aboveX96 as bigint) - 1n)).toBe(aboveX96);
    expect(makerLiquidationMarkX96(maker, (belowX96 as bigint) + 1n)).toBe(belowX96);
    expect(makerLiquidationMarkX96(maker, 0n)).toBe(belowX96);
    expect(makerLiquidationMarkX96(maker, MAX_POOL_PRICE_X96)).toBe(aboveX96);
  });

  it('null when no price liquidates, when none is safe, or with a zero ratio', () => {
    // Owes nothing: equity = margin + value >= r * value at every price.
    expect(makerLiquidationMarksX96({ ...maker, perpDelta: 0n, usdDelta: 0n })).toEqual({ belowX96: null, aboveX96: null });
    // Underwater at its best price.
    expect(makerLiquidationMarksX96({ ...maker, settledMargin: -(10n ** 9n) })).toEqual({ belowX96: null, aboveX96: null });
    expect(makerLiquidationMarkX96({ ...maker, liqMarginRatioE6: 0n }, Q96)).toBeNull();
    // Owes only USD, holds perps: rich at high prices, liquidated only by a fall.
    const marks = makerLiquidationMarksX96({ ...maker, settledMargin: 0n, perpDelta: 0n });
    expect(marks.aboveX96).toBeNull();
    expect(marks.belowX96).not.toBeNull();
  });

  it('the searches test with the same integers as makerFailsAtPrice', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: -50_000, max: 50_000 }),
        fc.integer({ min: 1, max: 20_000 }),
        fc.bigInt({ min: 1n, max: 10n ** 18n }),
        fc.bigInt({ min: -(10n ** 12n), max: 10n ** 12n }),
        fc.bigInt({ min: -(10n ** 12n), max: 10n ** 12n }),
        fc.bigInt({ min: -(10n ** 12n), max: 10n ** 12n }),
        fc.bigInt({ min: 0n, max: 1_000_000n }),
        fc.bigInt({ min: 0n, max: MAX_POOL_PRICE_X96 }),
        fc.bigInt({ min: 0n, max: 1000n * Q96 }),
        (tickLower, width, liquidity, settledMargin, perpDelta, usdDelta, liqMarginRatioE6, anyPrice, usualPrice) => {
          const m = { settledMargin, perpDelta, usdDelta, tickLower, tickUpper: tickLower + width, liquidity, liqMarginRatioE6 };
          const test = makerTestAtPrice(m, getSqrtPriceAtTick(m.tickLower), getSqrtPriceAtTick(m.tickUpper));
          for (const p of [anyPrice, usualPrice, 0n, MAX_POOL_PRICE_X96]) expect(test(p)).toBe(makerFailsAtPrice(m, p));
        },
      ),
      { numRuns: 1000 },
    );
  });

  it('flip property: at each served price the test fails, one unit towards the safe range it does not, and between them it never fails', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: -20_000, max: 20_000 }),
        fc.integer({ min: 10, max: 5_000 }),
        fc.bigInt({ min: 10n ** 6n, max: 10n ** 14n }),
        fc.bigInt({ min: 0n, max: 10n ** 12n }),
        fc.integer({ min: 0, max: 1000 }),
        fc.bigInt({ min: 1n, max: 999_999n }),
        fc.double({ min: 0, max: 1, noNaN: true }),
        (lowerTick, width, liquidity, margin, at, ratio, between) => {
          const upperTick = lowerTick + width;
          const sqrtLo = getSqrtPriceAtTick(lowerTick);
          const sqrtHi = getSqrtPriceAtTick(upperTick);
          const m = deposited(margin, lowerTick, upperTick, liquidity, sqrtLo + ((sqrtHi - sqrtLo) * BigInt(at)) / 1000n, ratio);
          const { belowX96, aboveX96 } = makerLiquidationMarksX96(m);
          const fails = (p: bigint) => makerFailsAtPrice(m, p);
          if (belowX96 !== null) {
            expect(fails(belowX96)).toBe(true);
            expect(fails(belowX96 + 1n)).toBe(false);
          }
          if (aboveX96 !== null) {
            expect(fails(aboveX96)).toBe(true);
            expect(fails(aboveX96 - 1n)).toBe(false);
          }
          if (belowX96 !== null && aboveX96 !== null) {
            const span = aboveX96 - belowX96 - 2n;
            if (span >= 0n) expect(fails(belowX96 + 1n + (span * BigInt(Math.floor(between * 1e9))) / 10n ** 9n)).toBe(false);
          }
          if (belowX96 === null && aboveX96 === null) expect(fails(0n) === fails(MAX_POOL_PRICE_X96)).toBe(true);
          // The served one, from any mark: a turn (fails there, a neighbouring unit passes), the nearer of
          // the two; the atoms' floors can make the test non-monotone within an atom of value next to a turn, so a search
          // from the mark may stop at another unit of that stretch: equal to the nearest to 1e-9 of the price.
          const mark = (((sqrtLo * sqrtLo) / Q96) * BigInt(Math.floor(between * 3 * 1e6))) / 10n ** 6n;
          const served = makerLiquidationMarkX96(m, mark);
          const dist = (p: bigint) => (p > mark ? p - mark : mark - p);
          const nearest = belowX96 === null ? aboveX96 : aboveX96 === null ? belowX96 : dist(aboveX96) < dist(belowX96) ? aboveX96 : belowX96;
          if (nearest === null) expect(served).toBeNull();
          else {
            expect(served).not.toBeNull();
            const x = served as bigint;
            expect(fails(x)).toBe(true);
            expect(fails(x + 1n) && (x === 0n || fails(x - 1n))).toBe(false); // a neighbour passes: a turn
            expect((x > nearest ? x - nearest : nearest - x) * 10n ** 9n <= nearest).toBe(true);
          }
        },
      ),
      { numRuns: 300 },
    );
  });
});
