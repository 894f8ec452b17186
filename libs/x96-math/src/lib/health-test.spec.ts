import fc from 'fast-check';
import { estimatedRewardAtoms, isCandidateE6, isHealthy, isLiquidatableAtoms, marginRatioE6 } from './health-test';

describe('isHealthy', () => {
  // perpcity-rust-sdk src/math/mod.rs, healthy_is_the_contracts_integer_test.
  it('is the contract integer test (SDK table)', () => {
    expect(isHealthy(50_000n, 1_000_000n, 50_000n)).toBe(false);
    expect(isHealthy(50_001n, 1_000_000n, 50_000n)).toBe(true);
    expect(isHealthy(0n, 1_000_000n, 50_000n)).toBe(false);
    expect(isHealthy(-1n, 1_000_000n, 50_000n)).toBe(false);
    expect(isHealthy(-1n, 1_000_000n, 0n)).toBe(true);
    expect(isHealthy(1n, 0n, 1_000_000n)).toBe(true); // a zero value counts as one atom
  });

  it('hand-computed: the +1 atom and the floor', () => {
    // 50_000 * 1e6 / 1_000_001 = 49_999.95 -> 49_999
    expect(marginRatioE6(50_000n, 1_000_000n)).toBe(49_999n);
    // 50_001 * 1e6 / 1_000_001 = 50_000.95 -> 50_000
    expect(marginRatioE6(50_001n, 1_000_000n)).toBe(50_000n);
    // value 0: equity * 1e6 / 1
    expect(marginRatioE6(3n, 0n)).toBe(3_000_000n);
    // equity exactly 0 and negative: 0
    expect(marginRatioE6(0n, 0n)).toBe(0n);
    expect(marginRatioE6(-10n, 5n)).toBe(0n);
    // the ratio is not capped at 1e6
    expect(marginRatioE6(2_000_000n, 999_999n)).toBe(2_000_000n);
    expect(isLiquidatableAtoms(0n, 0n, 1n)).toBe(true);
    expect(isLiquidatableAtoms(0n, 0n, 0n)).toBe(false); // 0 >= 0: a zero threshold passes anything
    expect(() => marginRatioE6(1n, -1n)).toThrow('negative');
  });

  it('matches floor(equity * 1e6 / (value + 1)) and is monotone in equity (property)', () => {
    const atoms = fc.bigInt({ min: -(10n ** 15n), max: 10n ** 15n });
    const value = fc.bigInt({ min: 0n, max: 10n ** 15n });
    fc.assert(
      fc.property(atoms, value, fc.bigInt({ min: 0n, max: 16_777_215n }), (equity, v, ratio) => {
        const expected = equity <= 0n ? 0n : (equity * 1_000_000n) / (v + 1n);
        expect(marginRatioE6(equity, v)).toBe(expected);
        expect(isLiquidatableAtoms(equity, v, ratio)).toBe(expected < ratio);
        if (isHealthy(equity, v, ratio)) {
          expect(isHealthy(equity + 1n, v, ratio)).toBe(true);
        }
      }),
      { numRuns: 500 },
    );
  });
});

describe('isCandidateE6', () => {
  it('keeps ratio <= r * (1 + buffer), the boundary included', () => {
    // r = 5 %, buffer 10 %: the bound is 55000 (E6).
    expect(isCandidateE6(55_000n, 50_000n, 100_000n)).toBe(true);
    expect(isCandidateE6(55_001n, 50_000n, 100_000n)).toBe(false);
    // Buffer 0: the threshold itself is a candidate though not liquidatable (ratio < r is).
    expect(isCandidateE6(50_000n, 50_000n, 0n)).toBe(true);
    expect(isLiquidatableAtoms(50_000n, 999_999n, 50_000n)).toBe(false);
  });

  it('holds every liquidatable position at any buffer (property)', () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: -(10n ** 12n), max: 10n ** 12n }),
        fc.bigInt({ min: 0n, max: 10n ** 13n }),
        fc.bigInt({ min: 0n, max: 1_000_000n }),
        fc.bigInt({ min: 0n, max: 10n ** 6n }),
        (equity, value, r, buffer) => {
          if (isLiquidatableAtoms(equity, value, r)) expect(isCandidateE6(marginRatioE6(equity, value), r, buffer)).toBe(true);
        },
      ),
    );
  });
});

describe('estimatedRewardAtoms', () => {
  it('is min(max(equity, 0), floor(value * fee / 1e6))', () => {
    expect(estimatedRewardAtoms(17_500_000n, 400_000_000n, 10_000n)).toBe(4_000_000n);
    expect(estimatedRewardAtoms(1_000_000n, 400_000_000n, 10_000n)).toBe(1_000_000n);
    expect(estimatedRewardAtoms(-5n, 400_000_000n, 10_000n)).toBe(0n);
    expect(estimatedRewardAtoms(10n, 199n, 10_000n)).toBe(1n); // floor(1.99)
  });
});
