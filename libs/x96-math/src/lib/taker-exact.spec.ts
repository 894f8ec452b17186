import fc from 'fast-check';
import { isLiquidatableAtoms } from './health-test';
import { TakerMarketX96, TakerStateAtoms, fundingOwedAtoms, takerHealthExact, takerLiquidationMarkX96, takerUtilOwedAtoms, takerValPnl } from './taker-exact';
import { Q96 } from './x96';

// The fixtures of perpcity-rust-sdk src/math/taker.rs tests: a market whose cumulatives grew since the
// checkpoints by 0.5 USDC of funding and 0.25 of long utilization per perp; a long of 10 perps bought at 40
// with 100 USDC of margin and a 5% ratio.
const market = (markUnits: bigint, overrides: Partial<TakerMarketX96> = {}): TakerMarketX96 => ({
  fundingX96: Q96 / 2n,
  longUtilPaymentsX96: Q96 / 4n,
  shortUtilPaymentsX96: 0n,
  markPriceX96: markUnits * Q96,
  ...overrides,
});
const long: TakerStateAtoms = {
  perpDelta: 10_000_000n,
  usdDelta: -400_000_000n,
  margin: 100_000_000n,
  liqMarginRatioE6: 50_000n,
  lastCumlFundingX96: 0n,
  lastLongUtilPaymentsX96: 0n,
  lastShortUtilPaymentsX96: 0n,
};
const short: TakerStateAtoms = { ...long, perpDelta: -10_000_000n, usdDelta: 400_000_000n };
const shortMarket = (markUnits: bigint, overrides: Partial<TakerMarketX96> = {}) =>
  market(markUnits, { longUtilPaymentsX96: 0n, shortUtilPaymentsX96: Q96 / 4n, ...overrides });

describe('takerHealthExact (SDK goldens)', () => {
  // perpcity-rust-sdk src/math/taker.rs, every_leg_is_the_contracts_arithmetic.
  it('every leg is the contract arithmetic', () => {
    const health = takerHealthExact(market(42n), long);
    expect(health.positionValue).toBe(420_000_000n);
    expect(health.unrealizedPnl).toBe(20_000_000n);
    expect(health.fundingOwed).toBe(5_000_000n);
    expect(health.utilOwed).toBe(2_500_000n);
    expect(health.settledMargin).toBe(92_500_000n);
    expect(health.equity).toBe(112_500_000n);
    expect(health.isLiquidatable).toBe(false);
    // 112.5 / 420.000001 = 0.267857...
    expect(health.marginRatioE6).toBe(267_857n);
  });

  // perpcity-rust-sdk src/math/taker.rs, the_health_test_turns_where_the_contract_says.
  it('turns where the contract says: 33 healthy, 32 liquidatable; the exact turn is one atom wide', () => {
    expect(takerHealthExact(market(33n), long).isLiquidatable).toBe(false);
    expect(takerHealthExact(market(32n), long).isLiquidatable).toBe(true);
    const h = takerHealthExact(market(42n), long);
    const turn = takerLiquidationMarkX96(h.settledMargin, long.perpDelta, long.usdDelta, long.liqMarginRatioE6);
    expect(turn).not.toBeNull();
    const at = (mark: bigint) => takerHealthExact(market(0n, { markPriceX96: mark }), long).isLiquidatable;
    expect(at(turn as bigint)).toBe(true);
    expect(at((turn as bigint) + 1n)).toBe(false);
    // The closed form 307.5 / 9.5 = 32.368421...
    expect(Math.abs(Number(turn) / 2 ** 96 - 307.5 / 9.5)).toBeLessThan(1e-6);
    expect(takerHealthExact(market(30n), long).isLiquidatable).toBe(true);
  });

  // perpcity-rust-sdk src/math/taker.rs, a_short_is_liquidated_from_above_and_a_covered_long_never_by_price.
  it('a short is liquidated from above; a covered long never by price; no exposure has no turn', () => {
    const health = takerHealthExact(shortMarket(42n), short);
    expect(health.fundingOwed).toBe(-5_000_000n); // a short receives
    expect(health.utilOwed).toBe(2_500_000n); // the short side's growth
    const turn = takerLiquidationMarkX96(health.settledMargin, short.perpDelta, short.usdDelta, short.liqMarginRatioE6) as bigint;
    expect(Math.abs(Number(turn) / 2 ** 96 - 502.5 / 10.5)).toBeLessThan(1e-6);
    expect(takerHealthExact(shortMarket(46n), short).isLiquidatable).toBe(false);
    expect(takerHealthExact(shortMarket(48n), short).isLiquidatable).toBe(true);

    const covered = { ...long, margin: 500_000_000n };
    const coveredHealth = takerHealthExact(market(1n), covered);
    expect(coveredHealth.isLiquidatable).toBe(false);
    expect(takerLiquidationMarkX96(coveredHealth.settledMargin, covered.perpDelta, covered.usdDelta, covered.liqMarginRatioE6)).toBeNull();

    expect(takerLiquidationMarkX96(92_500_000n, 0n, -400_000_000n, 50_000n)).toBeNull();
    // A zero threshold is met by every ratio, even an underwater short's: nothing to search for.
    expect(takerLiquidationMarkX96(0n, -10_000_000n, -1n, 0n)).toBeNull();
    // A short already failing at a zero mark turns at 0.
    expect(takerLiquidationMarkX96(0n, -10_000_000n, -1n, 1n)).toBe(0n);
  });

  // perpcity-rust-sdk src/math/taker.rs, a_healthy_short_at_its_turn_keeps_a_distance.
  it('the floors leave a short healthy at its closed-form turn; the exact turn is the first failing mark above', () => {
    const settled = takerHealthExact(shortMarket(42n), short).settledMargin;
    const closedForm = ((settled + short.usdDelta) * 1_000_000n * Q96) / (10_000_000n * 1_050_000n);
    expect(takerHealthExact(shortMarket(0n, { markPriceX96: closedForm }), short).isLiquidatable).toBe(false);
    const turn = takerLiquidationMarkX96(settled, short.perpDelta, short.usdDelta, short.liqMarginRatioE6) as bigint;
    expect(turn > closedForm).toBe(true);
    expect(takerHealthExact(shortMarket(0n, { markPriceX96: turn }), short).isLiquidatable).toBe(true);
    expect(takerHealthExact(shortMarket(0n, { markPriceX96: turn - 1n }), short).isLiquidatable).toBe(false);
  });

  // perpcity-rust-sdk src/math/taker.rs, non_positive_equity_is_liquidatable_and_a_checkpoint_ahead_is_refused.
  it('non-positive equity is liquidatable; a funding receipt is negative; a utilization checkpoint ahead throws', () => {
    const underwater = takerHealthExact(market(30n), { ...long, margin: 1_000_000n });
    expect(underwater.equity < 0n).toBe(true);
    expect(underwater.isLiquidatable).toBe(true);
    expect(underwater.marginRatioE6).toBe(0n);
    expect(takerHealthExact(market(42n), { ...long, lastCumlFundingX96: Q96 }).fundingOwed).toBe(-5_000_000n);
    expect(() => takerHealthExact(market(42n), { ...long, lastLongUtilPaymentsX96: Q96 })).toThrow('ahead');
  });

  // perpcity-rust-sdk src/client/taker_health.rs, taker_healths_read_everything_at_the_handles_block.
  it('one perp bought at 1 with 0.1 of margin, everything at 1: value 1, pnl 0, equity 0.1, healthy', () => {
    const health = takerHealthExact(
      { fundingX96: 0n, longUtilPaymentsX96: 0n, shortUtilPaymentsX96: 0n, markPriceX96: Q96 },
      { ...long, perpDelta: 1_000_000n, usdDelta: -1_000_000n, margin: 100_000n },
    );
    expect(health.positionValue).toBe(1_000_000n);
    expect(health.unrealizedPnl).toBe(0n);
    expect(health.equity).toBe(100_000n);
    expect(health.isLiquidatable).toBe(false);
  });
});

describe('taker legs (own derivations)', () => {
  it('value truncates toward zero on both sides', () => {
    // 3 atoms at 0.5 = 1.5 -> 1; short: -1.5 -> -1, value 1.
    expect(takerValPnl(3n, 0n, Q96 / 2n)).toEqual({ perpValue: 1n, positionValue: 1n, unrealizedPnl: 1n });
    expect(takerValPnl(-3n, 5n, Q96 / 2n)).toEqual({ perpValue: -1n, positionValue: 1n, unrealizedPnl: 4n });
    expect(takerValPnl(0n, -7n, Q96)).toEqual({ perpValue: 0n, positionValue: 0n, unrealizedPnl: -7n });
  });

  it('funding rounds up when owed and truncates a receipt', () => {
    // long 3 atoms, growth 0.5 per atom: owes 1.5 -> 2
    expect(fundingOwedAtoms(3n, Q96 / 2n, 0n)).toBe(2n);
    // short 3 atoms, same growth: receives 1.5 -> -1 (not -2)
    expect(fundingOwedAtoms(-3n, Q96 / 2n, 0n)).toBe(-1n);
    // short with negative growth owes: (-3) * (-0.5) = 1.5 -> 2
    expect(fundingOwedAtoms(-3n, -Q96 / 2n, 0n)).toBe(2n);
    expect(fundingOwedAtoms(3n, 5n, 5n)).toBe(0n);
    // a single X96 unit of growth on one atom still costs one atom
    expect(fundingOwedAtoms(1n, 1n, 0n)).toBe(1n);
  });

  it('utilization rounds up, reads only the side of the exposure', () => {
    const m = { longUtilPaymentsX96: Q96 / 3n, shortUtilPaymentsX96: 7n * Q96 };
    const t = { lastLongUtilPaymentsX96: 0n, lastShortUtilPaymentsX96: 0n };
    expect(takerUtilOwedAtoms(3n, m, t)).toBe(1n); // 3 * floor(Q96/3) / Q96 = 0.99999... -> 1
    expect(takerUtilOwedAtoms(-2n, m, t)).toBe(14n);
    expect(takerUtilOwedAtoms(0n, m, { lastLongUtilPaymentsX96: Q96, lastShortUtilPaymentsX96: 8n * Q96 })).toBe(0n);
    expect(() => takerUtilOwedAtoms(-2n, m, { ...t, lastShortUtilPaymentsX96: 8n * Q96 })).toThrow('ahead');
  });

  it('equity exactly 0 and value 0: the +1 atom decides', () => {
    // Long 1 perp at 40, paid 45, margin 5: equity = 5 + 40 - 45 = 0 -> liquidatable even at ratio 1.
    const zero = takerHealthExact(market(40n, { fundingX96: 0n, longUtilPaymentsX96: 0n }), {
      ...long,
      perpDelta: 1_000_000n,
      usdDelta: -45_000_000n,
      margin: 5_000_000n,
      liqMarginRatioE6: 1n,
    });
    expect(zero.equity).toBe(0n);
    expect(zero.isLiquidatable).toBe(true);
    // A dust long whose value truncates to 0 with 1 atom of equity: ratio 1e6 / 1 = 1e6.
    const dust = takerHealthExact(
      { fundingX96: 0n, longUtilPaymentsX96: 0n, shortUtilPaymentsX96: 0n, markPriceX96: Q96 / 2n },
      { ...long, perpDelta: 1n, usdDelta: 0n, margin: 1n, liqMarginRatioE6: 1_000_000n },
    );
    expect(dust.positionValue).toBe(0n);
    expect(dust.marginRatioE6).toBe(1_000_000n);
    expect(dust.isLiquidatable).toBe(false);
  });
});

describe('takerHealthExact properties', () => {
  const atoms = (max: bigint) => fc.bigInt({ min: 1n, max });
  const markX96 = fc.bigInt({ min: 0n, max: 10_000n * Q96 });

  it('equity = margin + pnl - funding - util against a BigInt reference (property)', () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: -(10n ** 12n), max: 10n ** 12n }),
        fc.bigInt({ min: -(10n ** 13n), max: 10n ** 13n }),
        atoms(10n ** 12n),
        markX96,
        fc.bigInt({ min: -(10n ** 3n) * Q96, max: 10n ** 3n * Q96 }),
        fc.bigInt({ min: 0n, max: 10n * Q96 }),
        (perp, usd, margin, mark, fundingGrowth, utilGrowth) => {
          const h = takerHealthExact(
            { fundingX96: fundingGrowth, longUtilPaymentsX96: utilGrowth, shortUtilPaymentsX96: utilGrowth, markPriceX96: mark },
            { ...long, perpDelta: perp, usdDelta: usd, margin },
          );
          const truncValue = (perp * mark) / Q96; // bigint division truncates toward zero
          const owedProduct = perp * fundingGrowth;
          const funding = owedProduct > 0n && owedProduct % Q96 !== 0n ? owedProduct / Q96 + 1n : owedProduct / Q96;
          const absPerp = perp < 0n ? -perp : perp;
          const util = perp === 0n ? 0n : (absPerp * utilGrowth + Q96 - 1n) / Q96;
          expect(h.positionValue).toBe(truncValue < 0n ? -truncValue : truncValue);
          expect(h.fundingOwed).toBe(funding);
          expect(h.utilOwed).toBe(util);
          expect(h.equity).toBe(margin + truncValue + usd - funding - util);
        },
      ),
      { numRuns: 300 },
    );
  });

  it('is monotone in the mark: a long fails below its turn, a short above it, and the turn is exact (property)', () => {
    fc.assert(
      fc.property(
        atoms(10n ** 9n),
        fc.bigInt({ min: 1n, max: 10n ** 11n }),
        fc.bigInt({ min: 0n, max: 10n ** 10n }),
        fc.bigInt({ min: 0n, max: 999_999n }),
        fc.boolean(),
        markX96,
        markX96,
        (size, price, margin, ratio, isLong, m1, m2) => {
          const perp = isLong ? size : -size;
          const usd = isLong ? -price : price;
          const fails = (mark: bigint) => {
            const v = takerValPnl(perp, usd, mark);
            return isLiquidatableAtoms(margin + v.unrealizedPnl, v.positionValue, ratio);
          };
          const [lo, hi] = m1 <= m2 ? [m1, m2] : [m2, m1];
          if (isLong && fails(hi)) expect(fails(lo)).toBe(true);
          if (!isLong && fails(lo)) expect(fails(hi)).toBe(true);
          const turn = takerLiquidationMarkX96(margin, perp, usd, ratio);
          if (turn === null) {
            expect(fails(lo) || fails(hi)).toBe(false);
          } else if (isLong) {
            expect(fails(turn)).toBe(true);
            expect(fails(turn + 1n)).toBe(false);
            expect(fails(lo)).toBe(lo <= turn);
          } else {
            expect(fails(turn)).toBe(true);
            if (turn > 0n) expect(fails(turn - 1n)).toBe(false);
            expect(fails(hi)).toBe(hi >= turn);
          }
        },
      ),
      { numRuns: 300 },
    );
  });
});
