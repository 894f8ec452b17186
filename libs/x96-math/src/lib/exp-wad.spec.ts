import fc from 'fast-check';
import { EXP_WAD_MAX_INPUT, EXP_WAD_MIN_INPUT, emaDecayWad, expWad } from './exp-wad';
import { WAD } from './full-math';

describe('expWad', () => {
  // perpcity-rust-sdk src/units/fixed_point.rs (and src/math/ema.rs), exp_matches_solady_vectors.
  it('matches the SDK vectors', () => {
    expect(expWad(0n)).toBe(WAD);
    expect(expWad(-WAD)).toBe(367_879_441_171_442_321n);
    expect(expWad(-3n * WAD)).toBe(49_787_068_367_863_942n);
  });

  it('matches e^x to within its last digits and Solady at the edges', () => {
    expect(expWad(WAD)).toBe(2_718_281_828_459_045_235n); // e = 2.718281828459045235...
    expect(expWad(EXP_WAD_MIN_INPUT)).toBe(0n);
    expect(expWad(EXP_WAD_MIN_INPUT + 1n)).toBe(1n);
    expect(expWad(EXP_WAD_MAX_INPUT - 1n)).toBe(57896044618658097650144101621524338577433870140581303254786265309376407432913n);
    expect(() => expWad(EXP_WAD_MAX_INPUT)).toThrow('overflow');
    expect(() => expWad(2n ** 255n)).toThrow('outside int256');
  });

  it('is monotone non-decreasing and within a few wei of Math.exp on the EMA domain (property)', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: -40n * WAD, max: 0n }), fc.bigInt({ min: 0n, max: 10n ** 15n }), (x, dx) => {
        const a = expWad(x);
        const b = expWad(x + dx > 0n ? 0n : x + dx);
        expect(b >= a).toBe(true);
        const reference = Math.exp(Number(x) / 1e18);
        // A few wei absolute (the integer floor) plus float64's own error on Math.exp.
        expect(Math.abs(Number(a) - reference * 1e18)).toBeLessThan(reference * 1e18 * 1e-14 + 10);
      }),
      { numRuns: 300 },
    );
  });
});

describe('emaDecayWad', () => {
  it('is expWad(-(dt * 1e18 / window)) with the inner division floored', () => {
    expect(emaDecayWad(0n, 3600n)).toBe(WAD);
    expect(emaDecayWad(3600n, 3600n)).toBe(367_879_441_171_442_321n);
    // 1 s of a 3 s window: 1e18 / 3 floors to 333...333, not 333...333.33.
    expect(emaDecayWad(1n, 3n)).toBe(expWad(-333_333_333_333_333_333n));
    expect(() => emaDecayWad(1n, 0n)).toThrow('positive');
    expect(() => emaDecayWad(-1n, 10n)).toThrow('negative');
  });
});
