import fc from 'fast-check';
import {
  AccrualInputs,
  MakerCumulatives,
  accrueCumulatives,
  accrueMakerCumulatives,
  utilPaymentsGrowthX96,
  elapsedDaysX96,
  fundingGrowthX96,
  fundingPerSqrtPriceX96,
  utilEarningsGrowthX96,
} from './accrual';
import { WAD } from './full-math';
import { Q96 } from './x96';

// perpcity-rust-sdk src/math/maker_equity.rs, golden_market_and_maker: CHINA-PC at block 500612175.
const GOLDEN_CUMULATIVES: MakerCumulatives = {
  fundingX96: -5817301051923220663714693204286n,
  fundingDivSqrtPX96: -1332253658657311045256648214058n,
  longUtilEarningsX96: 361206840527920163630096383165n,
  shortUtilEarningsX96: 512938731932611361114843741066n,
};
const GOLDEN_SQRT_PRICE_X96 = 330115084885190701587787251116n;
const GOLDEN_MARK_X96 = 1375470108235016714305503507110n;
const GOLDEN_ACCRUAL: AccrualInputs = {
  fundingPerDayWad: 840374978539967329n,
  longUtilFeePerDayWad: 10000000000000000n,
  shortUtilFeePerDayWad: 10000000000000000n,
  lastTouch: 1788254416n,
  timestamp: 1788260191n,
  openInterestLong: 2587247n,
  openInterestShort: 175795732n,
  capacityLong: 303811186n,
  capacityShort: 223153047n,
  markPriceX96: GOLDEN_MARK_X96,
  sqrtPriceX96: GOLDEN_SQRT_PRICE_X96,
};

describe('accrueMakerCumulatives', () => {
  it('replays the golden market over its 5775 s window (values derived here; the settle they feed is the SDK golden)', () => {
    expect(elapsedDaysX96(GOLDEN_ACCRUAL.lastTouch, GOLDEN_ACCRUAL.timestamp)).toBe((5775n * Q96) / 86_400n);
    expect(accrueMakerCumulatives(GOLDEN_CUMULATIVES, GOLDEN_ACCRUAL)).toEqual({
      fundingX96: -5812850734966886621071634305163n,
      fundingDivSqrtPX96: -1331185575279118722838041901768n,
      longUtilEarningsX96: 361214669838741582311800583639n,
      shortUtilEarningsX96: 513662992613495672751798373351n,
    });
  });

  // perpcity-rust-sdk src/math/maker_equity.rs, accrual_target_before_last_touch_is_an_error.
  it('refuses a target before the last touch and leaves the cumulatives at dt = 0', () => {
    expect(() => accrueMakerCumulatives(GOLDEN_CUMULATIVES, { ...GOLDEN_ACCRUAL, timestamp: GOLDEN_ACCRUAL.lastTouch - 1n })).toThrow('precedes');
    expect(accrueMakerCumulatives(GOLDEN_CUMULATIVES, { ...GOLDEN_ACCRUAL, timestamp: GOLDEN_ACCRUAL.lastTouch })).toEqual(GOLDEN_CUMULATIVES);
  });

  it('hand-computed: a day at a rate of 1 per day adds exactly one X96 unit per atom', () => {
    const zero = { fundingX96: 0n, fundingDivSqrtPX96: 0n, longUtilEarningsX96: 0n, shortUtilEarningsX96: 0n };
    const result = accrueMakerCumulatives(zero, {
      ...GOLDEN_ACCRUAL,
      fundingPerDayWad: -WAD,
      longUtilFeePerDayWad: WAD / 100n, // 1% a day
      shortUtilFeePerDayWad: WAD,
      lastTouch: 0n,
      timestamp: 86_400n,
      openInterestLong: 1n,
      capacityLong: 2n,
      openInterestShort: 5n,
      capacityShort: 0n, // no capacity: the side is skipped
      markPriceX96: 2n * Q96,
      sqrtPriceX96: 4n * Q96,
    });
    expect(result.fundingX96).toBe(-Q96);
    expect(result.fundingDivSqrtPX96).toBe(-Q96 / 4n);
    // accrued = 1e16 * (Q96 * 2) / 1e18 = Q96 / 50, floored; half of it for OI / capacity = 1 / 2.
    expect(result.longUtilEarningsX96).toBe((2n * Q96) / 100n / 2n);
    expect(result.shortUtilEarningsX96).toBe(0n);
  });

  it('floors each step: one second is floor(2^96 / 86400) days', () => {
    const dt = elapsedDaysX96(0n, 1n);
    expect(dt).toBe(Q96 / 86_400n);
    // A negative rate truncates toward zero, not toward -infinity.
    expect(fundingGrowthX96(-1n, dt)).toBe(-((1n * dt) / WAD));
    // accrued = floor(1 * floor(dt * 2^96 / 2^96) / 1e18) = floor(floor(2^96 / 86400) / 1e18)
    expect(utilEarningsGrowthX96(1n, dt, Q96, 1n, 1n)).toBe(Q96 / 86_400n / WAD);
    expect(utilEarningsGrowthX96(1n, dt, Q96, 1n, 3n)).toBe(Q96 / 86_400n / WAD / 3n);
  });

  // perpcity-rust-sdk src/units/accumulators.rs, funding_crosses_to_the_per_root_form.
  it('crosses funding to its per-sqrt-price form', () => {
    expect(fundingPerSqrtPriceX96(Q96, Q96)).toBe(Q96);
    expect(fundingPerSqrtPriceX96(Q96, 4n * Q96)).toBe(Q96 / 4n);
    expect(() => fundingPerSqrtPriceX96(Q96, 0n)).toThrow('division by zero');
  });

  it('moves funding in the direction of the rate, more with more time (property)', () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: -(10n ** 20n), max: 10n ** 20n }),
        fc.bigInt({ min: 0n, max: 10n ** 7n }),
        fc.bigInt({ min: 0n, max: 10n ** 7n }),
        (rate, dt1, dt2) => {
          const [a, b] = dt1 <= dt2 ? [dt1, dt2] : [dt2, dt1];
          const ga = fundingGrowthX96(rate, elapsedDaysX96(0n, a));
          const gb = fundingGrowthX96(rate, elapsedDaysX96(0n, b));
          if (rate >= 0n) expect(ga >= 0n && gb >= ga).toBe(true);
          else expect(ga <= 0n && gb <= ga).toBe(true);
          // Reference: trunc(rate * floor(dt * 2^96 / 86400) / 1e18).
          expect(gb).toBe((rate * ((b * Q96) / 86_400n)) / WAD);
        },
      ),
      { numRuns: 300 },
    );
  });
});

describe('utilPaymentsGrowthX96 / accrueCumulatives', () => {
  it('hand-computed: 1 % a day for 0.1 day at a mark of 4 is floor(1e16 * floor(floor(2^96 / 10) * 4) / 1e18) per perp', () => {
    const dtDays = elapsedDaysX96(0n, 8_640n);
    expect(dtDays).toBe(Q96 / 10n);
    const growth = utilPaymentsGrowthX96(10n ** 16n, dtDays, 4n * Q96);
    expect(growth).toBe(316912650057057350374175801n);
    expect(growth).toBe(((Q96 / 10n) * 4n) / 100n);
  });

  it('adds the taker payments to the maker replay, per side, and leaves everything at dt = 0', () => {
    const start = {
      fundingX96: 0n,
      fundingDivSqrtPX96: 0n,
      longUtilEarningsX96: 0n,
      shortUtilEarningsX96: 0n,
      longUtilPaymentsX96: 5n,
      shortUtilPaymentsX96: 7n,
    };
    const inputs = {
      fundingPerDayWad: 0n,
      longUtilFeePerDayWad: 10n ** 16n,
      shortUtilFeePerDayWad: 0n,
      lastTouch: 100n,
      timestamp: 100n + 8_640n,
      openInterestLong: 1n,
      openInterestShort: 0n,
      capacityLong: 2n,
      capacityShort: 0n,
      markPriceX96: 4n * Q96,
      sqrtPriceX96: 2n * Q96,
    };
    const accrued = accrueCumulatives(start, inputs);
    expect(accrued.longUtilPaymentsX96).toBe(5n + 316912650057057350374175801n);
    expect(accrued.shortUtilPaymentsX96).toBe(7n);
    // What the exposure pays the capacity earns: half of it per unit of a capacity twice the open interest.
    expect(accrued.longUtilEarningsX96).toBe(316912650057057350374175801n / 2n);
    expect(accrueCumulatives(start, { ...inputs, timestamp: 100n })).toEqual(start);
  });
});
