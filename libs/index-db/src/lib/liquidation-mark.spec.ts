import fc from 'fast-check';
import { isCandidateE6, Q96, takerHealthExact } from '@perp/x96-math';
import { candidateKeyBounds } from './candidate-bounds';
import { KEY_SLACK_ATOMS, liquidationKeyX96, liquidationMarkX96, shiftedLiquidationMarkX96 } from './liquidation-mark';

const NO_CHECKPOINTS = { entryCumulativeFundingX96: 0n, entryLongUtilPaymentsX96: 0n, entryShortUtilPaymentsX96: 0n };
const FLAT_MARKET = { cumulativeFundingX96: 0n, longUtilPaymentsX96: 0n, shortUtilPaymentsX96: 0n };

describe('liquidationMarkX96', () => {
  it('is the closed form as floor(mark * 2^96)', () => {
    // Long 2 perps bought for 200 USD with 20 USD margin, r = 0.05: L = (200 - 20) / (2 * 0.95) = 1800 / 19.
    expect(liquidationMarkX96({ margin: 20_000_000n, perpDelta: 2_000_000n, usdDelta: -200_000_000n }, 50_000)).toBe((1800n * Q96) / 19n);
    // Short 2 perps sold for 200 USD with 20 USD margin: L = 220 / (2 * 1.05) = 2200 / 21.
    expect(liquidationMarkX96({ margin: 20_000_000n, perpDelta: -2_000_000n, usdDelta: 200_000_000n }, 50_000)).toBe((2200n * Q96) / 21n);
  });

  it('keeps a non-positive mark; null without exposure or for a long at r >= 1', () => {
    const covered = liquidationMarkX96({ margin: 500_000_000n, perpDelta: 1_000_000n, usdDelta: -100_000_000n }, 50_000);
    expect(covered !== null && covered < 0n).toBe(true);
    expect(liquidationMarkX96({ margin: 1n, perpDelta: 0n, usdDelta: 0n }, 50_000)).toBeNull();
    expect(liquidationMarkX96({ margin: 1n, perpDelta: 1n, usdDelta: 0n }, 1_000_000)).toBeNull();
  });
});

describe('liquidationKeyX96', () => {
  it('takes the slack off the margin and moves with funding plus the side own util', () => {
    const long = { margin: 20_000_000n, perpDelta: 2_000_000n, usdDelta: -200_000_000n };
    const key = liquidationKeyX96({ ...long, ...NO_CHECKPOINTS }, 50_000);
    expect(key).toBe(liquidationMarkX96({ ...long, margin: long.margin - KEY_SLACK_ATOMS }, 50_000));
    // 3 USD per perp of funding and 1 of long util since entry: the long's mark rises by 4 / 0.95.
    const market = { cumulativeFundingX96: 3n * Q96, longUtilPaymentsX96: Q96, shortUtilPaymentsX96: 7n * Q96 };
    const moved = shiftedLiquidationMarkX96(key ?? 0n, market, true, 50_000) - (key ?? 0n);
    expect(moved).toBe((4n * Q96 * 1_000_000n) / 950_000n);
    // A short receives the funding and pays its own side's util: (3 - 7) / 1.05.
    const shortMoved = shiftedLiquidationMarkX96(0n, market, false, 50_000);
    expect(shortMoved).toBe(-((4n * Q96 * 1_000_000n + 1_049_999n) / 1_050_000n));
  });
});

describe('candidateKeyBounds', () => {
  it('with nothing accrued and no buffer, is the mark widened by the 1e-6 of the integer ratio and 3 units', () => {
    const mark = 100n * Q96;
    const { longMinKeyX96, shortMaxKeyX96 } = candidateKeyBounds(mark, FLAT_MARKET, 50_000, 0);
    expect(longMinKeyX96).toBe((mark * 949_999n) / 950_000n - 3n);
    expect(shortMaxKeyX96).toBe((mark * 1_050_001n + 1_049_999n) / 1_050_000n + 3n);
  });

  it('every long when the widened ratio reaches 1', () => {
    expect(candidateKeyBounds(Q96, FLAT_MARKET, 999_999, 0).longMinKeyX96).toBeNull();
  });

  // Zero false negatives: every taker the exact contract test calls a candidate (so every liquidatable one) is in the key range.
  it('holds every position the exact health test calls a candidate (property)', () => {
    const atoms = (max: bigint) => fc.bigInt({ min: 1n, max });
    fc.assert(
      fc.property(
        fc.record({
          size: atoms(10n ** 13n),
          isLong: fc.boolean(),
          entryPriceX96: fc.bigInt({ min: Q96 / 1000n, max: 1000n * Q96 }),
          leverageTenths: fc.integer({ min: 10, max: 400 }),
          moveE6: fc.integer({ min: 500_000, max: 1_500_000 }),
          ratioE6: fc.integer({ min: 0, max: 300_000 }),
          bufferE6: fc.constantFrom(0, 1_000, 100_000),
          entryFunding: fc.bigInt({ min: -(10n ** 5n) * Q96, max: 10n ** 5n * Q96 }),
          fundingGrowth: fc.bigInt({ min: -Q96, max: Q96 }),
          entryLongUtil: fc.bigInt({ min: 0n, max: 10n ** 5n * Q96 }),
          entryShortUtil: fc.bigInt({ min: 0n, max: 10n ** 5n * Q96 }),
          longUtilGrowth: fc.bigInt({ min: 0n, max: Q96 / 4n }),
          shortUtilGrowth: fc.bigInt({ min: 0n, max: Q96 / 4n }),
        }),
        (c) => {
          const cost = (c.size * c.entryPriceX96) / Q96;
          const perpDelta = c.isLong ? c.size : -c.size;
          const usdDelta = c.isLong ? -cost : cost;
          const margin = (cost * 10n) / BigInt(c.leverageTenths);
          const position = {
            margin,
            perpDelta,
            usdDelta,
            entryCumulativeFundingX96: c.entryFunding,
            entryLongUtilPaymentsX96: c.entryLongUtil,
            entryShortUtilPaymentsX96: c.entryShortUtil,
          };
          const market = {
            cumulativeFundingX96: c.entryFunding + c.fundingGrowth,
            longUtilPaymentsX96: c.entryLongUtil + c.longUtilGrowth,
            shortUtilPaymentsX96: c.entryShortUtil + c.shortUtilGrowth,
          };
          const markPriceX96 = (c.entryPriceX96 * BigInt(c.moveE6)) / 1_000_000n;
          const health = takerHealthExact(
            {
              fundingX96: market.cumulativeFundingX96,
              longUtilPaymentsX96: market.longUtilPaymentsX96,
              shortUtilPaymentsX96: market.shortUtilPaymentsX96,
              markPriceX96,
            },
            {
              perpDelta,
              usdDelta,
              margin,
              liqMarginRatioE6: BigInt(c.ratioE6),
              lastCumlFundingX96: c.entryFunding,
              lastLongUtilPaymentsX96: c.entryLongUtil,
              lastShortUtilPaymentsX96: c.entryShortUtil,
            },
          );
          if (!isCandidateE6(health.marginRatioE6, BigInt(c.ratioE6), BigInt(c.bufferE6))) return;
          const key = liquidationKeyX96(position, c.ratioE6);
          const bounds = candidateKeyBounds(markPriceX96, market, c.ratioE6, c.bufferE6);
          if (key === null) return; // Returned by the IS NULL branch.
          if (c.isLong) expect(bounds.longMinKeyX96 === null || key >= bounds.longMinKeyX96).toBe(true);
          else expect(key <= bounds.shortMaxKeyX96).toBe(true);
        },
      ),
      { numRuns: 20_000 },
    );
  });
});
