import GlobalBigNumber from 'bignumber.js';
import fc from 'fast-check';
import { BigNumber, DECIMAL_REGEX, formatDecimal, formatInteger, toDecimal } from './decimal';

describe('DECIMAL_REGEX', () => {
  it.each(['0', '-1.5', '+2', '.5', '5.', '0001.2300'])('accepts %s', (s) => {
    expect(DECIMAL_REGEX.test(s)).toBe(true);
  });
  it.each(['', '-', '.', '+.', '1e5', '1.2.3', 'NaN', '0x10'])('rejects %s', (s) => {
    expect(DECIMAL_REGEX.test(s)).toBe(false);
  });
});

describe('formatDecimal', () => {
  it.each<[string, BigNumber | bigint | string, string]>([
    ['drops trailing zeros', '1.50', '1.5'],
    ['drops a bare trailing point', '7.000', '7'],
    ['rounds 1e-19 to zero', new BigNumber('1e-19'), '0'],
    ['writes 1e21 without exponent', new BigNumber('1e21'), '1000000000000000000000'],
    ['writes 1e-7 without exponent', '1e-7', '0.0000001'],
    ['normalises -0', new BigNumber('-0'), '0'],
    ['normalises a negative that rounds to zero', '-0.0000000000000000004', '0'],
    // 19th digit is 9: ...345678|9 rounds up to ...345679.
    ['rounds to 18 places', '0.1234567890123456789', '0.123456789012345679'],
    // exactly half at the 19th digit: away from zero on both signs.
    ['rounds half up', '0.0000000000000000005', '0.000000000000000001'],
    ['rounds half away from zero when negative', '-0.0000000000000000005', '-0.000000000000000001'],
    ['keeps 18 places exactly', '-123.000000000000000001', '-123.000000000000000001'],
    ['formats bigint', -5n, '-5'],
    ['formats huge bigint', 10n ** 40n, '1' + '0'.repeat(40)],
  ])('%s', (_name, input, expected) => {
    expect(formatDecimal(input)).toBe(expected);
  });

  it('accepts a value built with the global constructor, whose toString would use an exponent', () => {
    const global = new GlobalBigNumber('1e21');
    expect(global.toString()).toBe('1e+21');
    expect(formatDecimal(global)).toBe('1000000000000000000000');
  });

  it.each([new BigNumber(NaN), new BigNumber(Infinity), new BigNumber(-Infinity), 'abc'])('throws on %s', (v) => {
    expect(() => formatDecimal(v)).toThrow(RangeError);
  });

  const decimalString = fc
    .tuple(fc.constantFrom('', '-', '+'), fc.stringMatching(/^\d{0,30}$/), fc.stringMatching(/^\d{0,40}$/))
    .filter(([, int, frac]) => int.length + frac.length > 0)
    .map(([sign, int, frac]) => `${sign}${int}${frac.length > 0 ? '.' + frac : ''}`);
  const scaledBigNumber = fc
    .tuple(fc.bigInt({ min: -(10n ** 40n), max: 10n ** 40n }), fc.integer({ min: -60, max: 60 }))
    .map(([mantissa, exp]) => new GlobalBigNumber(mantissa.toString()).shiftedBy(exp));

  it('always matches the regex, never has an exponent or trailing zeros, and round-trips', () => {
    fc.assert(
      fc.property(fc.oneof(decimalString, scaledBigNumber), (input) => {
        const out = formatDecimal(input);
        expect(DECIMAL_REGEX.test(out)).toBe(true);
        expect(out).not.toMatch(/e/i);
        expect(out).not.toBe('-0');
        const [, frac = ''] = out.split('.');
        expect(frac.length).toBeLessThanOrEqual(18);
        expect(out).not.toMatch(/\.$|\.\d*0$/);
        const expected = new BigNumber(input).decimalPlaces(18, BigNumber.ROUND_HALF_UP);
        expect(new BigNumber(out).eq(expected)).toBe(true);
      }),
      { numRuns: 300 },
    );
  });
});

describe('formatInteger', () => {
  it('prints plain base-10 digits', () => {
    expect(formatInteger(0n)).toBe('0');
    expect(formatInteger(340282366920938463463374607431768211455n)).toBe('340282366920938463463374607431768211455');
    expect(formatInteger(-42n)).toBe('-42');
  });
});

describe('BigNumber clone', () => {
  it('divides with 80 places and leaves the global config alone', () => {
    expect(new BigNumber(1).div(3).decimalPlaces()).toBe(80);
    expect(new GlobalBigNumber(1).div(3).decimalPlaces()).toBe(20);
    expect(new BigNumber('1e-30').toString()).toBe('0.000000000000000000000000000001');
  });

  it('rehomes global instances so division uses the local precision', () => {
    expect(toDecimal(new GlobalBigNumber(1)).div(3).decimalPlaces()).toBe(80);
  });
});
