import fc from 'fast-check';
import { INT256_MAX, INT256_MIN, UINT256_MAX, mulDiv, mulDivRoundingUp, sFullMulDiv, wrappingSubUint256 } from './full-math';

const uint256 = fc.bigInt({ min: 0n, max: UINT256_MAX });
const int256 = fc.bigInt({ min: INT256_MIN, max: INT256_MAX });
const smallSigned = fc.bigInt({ min: -(10n ** 30n), max: 10n ** 30n });
const positive = fc.bigInt({ min: 1n, max: 10n ** 30n });

describe('mulDiv / mulDivRoundingUp', () => {
  it('floors and ceils', () => {
    expect(mulDiv(7n, 10n, 100n)).toBe(0n);
    expect(mulDivRoundingUp(7n, 10n, 100n)).toBe(1n);
    expect(mulDiv(70n, 10n, 100n)).toBe(7n);
    expect(mulDivRoundingUp(70n, 10n, 100n)).toBe(7n);
    expect(mulDiv(0n, 10n, 3n)).toBe(0n);
    expect(mulDivRoundingUp(0n, 10n, 3n)).toBe(0n);
  });

  it('keeps the full product: a 512-bit intermediate', () => {
    // (2^256 - 1)^2 / (2^256 - 1) = 2^256 - 1, which a 256-bit product would have wrapped.
    expect(mulDiv(UINT256_MAX, UINT256_MAX, UINT256_MAX)).toBe(UINT256_MAX);
    expect(mulDivRoundingUp(UINT256_MAX, UINT256_MAX, UINT256_MAX)).toBe(UINT256_MAX);
    expect(mulDiv(2n ** 200n, 2n ** 200n, 2n ** 150n)).toBe(2n ** 250n);
  });

  it('throws where the contract reverts', () => {
    expect(() => mulDiv(1n, 1n, 0n)).toThrow('division by zero');
    expect(() => mulDivRoundingUp(1n, 1n, 0n)).toThrow('division by zero');
    expect(() => mulDiv(UINT256_MAX, 2n, 1n)).toThrow('overflows uint256');
    expect(mulDiv(UINT256_MAX, UINT256_MAX - 1n, UINT256_MAX - 1n)).toBe(UINT256_MAX);
    expect(() => mulDivRoundingUp(UINT256_MAX, UINT256_MAX, UINT256_MAX - 1n)).toThrow('overflows uint256');
    expect(() => mulDiv(-1n, 1n, 1n)).toThrow('outside uint256');
    expect(() => mulDiv(UINT256_MAX + 1n, 1n, 1n)).toThrow('outside uint256');
  });

  it('rounds down then up by exactly the remainder (property)', () => {
    fc.assert(
      fc.property(
        uint256,
        uint256,
        uint256.filter((d) => d > 0n),
        (a, b, d) => {
          const exact = a * b;
          if (exact / d > UINT256_MAX) {
            expect(() => mulDiv(a, b, d)).toThrow();
            return;
          }
          const down = mulDiv(a, b, d);
          expect(down * d <= exact && exact < (down + 1n) * d).toBe(true);
          if ((exact % d === 0n ? down : down + 1n) > UINT256_MAX) {
            expect(() => mulDivRoundingUp(a, b, d)).toThrow();
            return;
          }
          expect(mulDivRoundingUp(a, b, d)).toBe(exact % d === 0n ? down : down + 1n);
        },
      ),
      { numRuns: 500 },
    );
  });
});

describe('sFullMulDiv', () => {
  // perpcity-rust-sdk src/units/fixed_point.rs, s_full_mul_div_matches_contract_semantics.
  it('matches the SDK table: +1 on a remainder only when the result is not negative', () => {
    const smd = (a: bigint, b: bigint, up: boolean) => sFullMulDiv(a, b, 100n, up);
    expect(smd(7n, 10n, false)).toBe(0n);
    expect(smd(7n, 10n, true)).toBe(1n);
    expect(smd(-7n, 10n, false)).toBe(0n);
    expect(smd(-7n, 10n, true)).toBe(0n);
    expect(smd(-70n, 10n, false)).toBe(-7n);
    expect(smd(-70n, 10n, true)).toBe(-7n);
    expect(smd(-75n, 10n, true)).toBe(-7n);
    expect(smd(75n, 10n, true)).toBe(8n);
  });

  // perpcity-rust-sdk src/units/fixed_point.rs, division_by_zero_is_an_error.
  it('throws on a zero denominator', () => {
    expect(() => sFullMulDiv(1n, 1n, 0n, true)).toThrow('division by zero');
  });

  it('handles signs, zero and the int256 edges', () => {
    expect(sFullMulDiv(-7n, -10n, 100n, true)).toBe(1n); // negative times negative is owed: rounds up
    expect(sFullMulDiv(7n, -10n, 100n, true)).toBe(0n);
    expect(sFullMulDiv(0n, -10n, 3n, true)).toBe(0n);
    expect(sFullMulDiv(-5n, 0n, 3n, true)).toBe(0n);
    expect(sFullMulDiv(INT256_MIN, 1n, 2n, false)).toBe(-(2n ** 254n));
    expect(sFullMulDiv(INT256_MAX, 1n, 1n, true)).toBe(INT256_MAX);
    // |INT256_MIN| / 1 = 2^255 does not fit int256: the SDK refuses it.
    expect(() => sFullMulDiv(INT256_MIN, 1n, 1n, false)).toThrow('overflows int256');
    expect(() => sFullMulDiv(INT256_MAX + 1n, 1n, 1n, false)).toThrow('outside int256');
  });

  it('is sign-symmetric when truncating, and rounds toward +infinity only for owed amounts (property)', () => {
    fc.assert(
      fc.property(smallSigned, smallSigned, positive, (a, b, d) => {
        const down = sFullMulDiv(a, b, d, false);
        expect(sFullMulDiv(-a, b, d, false)).toBe(-down);
        expect(sFullMulDiv(a, -b, d, false)).toBe(-down);
        // Reference: truncation toward zero is bigint division.
        expect(down).toBe((a * b) / d);
        const up = sFullMulDiv(a, b, d, true);
        const product = a * b;
        const expected = product >= 0n && product % d !== 0n ? product / d + 1n : product / d;
        expect(up).toBe(expected);
        expect(up >= down && up - down <= 1n).toBe(true);
      }),
      { numRuns: 500 },
    );
  });

  it('accepts any int256 pair whose quotient fits (property)', () => {
    fc.assert(
      fc.property(int256, int256, fc.bigInt({ min: 2n ** 255n, max: UINT256_MAX }), (a, b, d) => {
        // |a * b| / d <= 2^510 / 2^255 = 2^255: only the exact -2^255 case can overflow.
        const result = sFullMulDiv(a, b, d, false);
        expect(result).toBe((a * b) / d);
      }),
      { numRuns: 200 },
    );
  });
});

describe('wrappingSubUint256', () => {
  it('wraps as Uniswap fee growth does', () => {
    expect(wrappingSubUint256(50n, 100n)).toBe(UINT256_MAX - 49n);
    expect(wrappingSubUint256(100n, 50n)).toBe(50n);
  });
});
