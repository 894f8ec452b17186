import fc from 'fast-check';
import { BigNumber, formatDecimal } from './decimal';
import { Q96, priceToSqrtX96, priceToX96, sqrtX96ToPrice, x96ToPrice } from './x96';

const ONE_X96_UNIT = x96ToPrice(1n); // 2^-96 ~ 1.26e-29

describe('x96ToPrice', () => {
  it('decodes exactly', () => {
    expect(Q96).toBe(79228162514264337593543950336n);
    expect(x96ToPrice(Q96).toFixed()).toBe('1');
    // 3 * 2^95 / 2^96 = 3/2
    expect(x96ToPrice(3n * 2n ** 95n).toFixed()).toBe('1.5');
    expect(x96ToPrice(0n).toFixed()).toBe('0');
    // 2^-96 = 5^96 / 10^96: 96 fractional digits, all kept.
    expect(ONE_X96_UNIT.toFixed()).toBe('0.000000000000000000000000000012621774483536188886587657044524579674771302961744368076324462890625');
    expect(formatDecimal(ONE_X96_UNIT)).toBe('0');
  });

  it('decodes a realistic price: 1234.56', () => {
    // 1234.56 = 30864/25; 30864 * 2^96 = 2445298007840254515487140483170304 = 25 * 97811920313610180619485619326812 + 4,
    // so floor(1234.56 * 2^96) = 97811920313610180619485619326812 and decoding gives 1234.56 - 4/(25 * 2^96).
    const x = 97811920313610180619485619326812n;
    expect(priceToX96('1234.56')).toBe(x);
    const decoded = x96ToPrice(x);
    expect(new BigNumber('1234.56').minus(decoded).eq(new BigNumber(4).div(25).times(ONE_X96_UNIT))).toBe(true);
    expect(formatDecimal(decoded)).toBe('1234.56');
  });
});

describe('sqrtX96ToPrice', () => {
  it('squares exactly', () => {
    // (2 * 2^96 / 2^96)^2 = 4
    expect(sqrtX96ToPrice(2n * Q96).toFixed()).toBe('4');
    // (2^95 / 2^96)^2 = 1/4
    expect(sqrtX96ToPrice(2n ** 95n).toFixed()).toBe('0.25');
    // (3 * 2^95 / 2^96)^2 = 9/4
    expect(sqrtX96ToPrice(3n * 2n ** 95n).toFixed()).toBe('2.25');
    // 2^-192 has 192 fractional digits; the decode keeps all of them.
    expect(sqrtX96ToPrice(1n).decimalPlaces()).toBe(192);
  });

  it('decodes a realistic sqrt price back to 1234.56', () => {
    // sqrt(1234.56) = 35.136306009596...; floor(35.1363... * 2^96) = 2783784962679226163471847221145.
    // The price error is about 2 * 35.1 * 2^-96 ~ 9e-28, far below the 18 places printed.
    const s = priceToSqrtX96('1234.56');
    expect(s).toBe(2783784962679226163471847221145n);
    expect(formatDecimal(sqrtX96ToPrice(s))).toBe('1234.56');
  });
});

describe('encoding', () => {
  it('floors', () => {
    expect(priceToX96('1')).toBe(Q96);
    expect(priceToX96('1.5')).toBe(3n * 2n ** 95n);
    expect(priceToX96(new BigNumber('1e-30'))).toBe(0n);
    expect(priceToSqrtX96('4')).toBe(2n * Q96);
    expect(priceToSqrtX96('2.25')).toBe(3n * 2n ** 95n);
    // sqrt(2) * 2^96 = 112045541949572279837463876454.916...
    expect(priceToSqrtX96('2')).toBe(112045541949572279837463876454n);
  });

  it('rejects negative and non-finite prices', () => {
    expect(() => priceToX96('-1')).toThrow(RangeError);
    expect(() => priceToSqrtX96('-0.5')).toThrow(RangeError);
    expect(() => priceToX96(new BigNumber(Infinity))).toThrow(RangeError);
  });

  const priceString = fc
    .tuple(fc.bigInt({ min: 0n, max: 10n ** 12n }), fc.stringMatching(/^\d{0,30}$/))
    .map(([int, frac]) => (frac.length > 0 ? `${int}.${frac}` : `${int}`));

  it('priceToX96 then x96ToPrice is within one X96 unit below the price', () => {
    fc.assert(
      fc.property(priceString, (price) => {
        const p = new BigNumber(price);
        const error = p.minus(x96ToPrice(priceToX96(price)));
        expect(error.gte(0) && error.lt(ONE_X96_UNIT)).toBe(true);
      }),
      { numRuns: 300 },
    );
  });

  it('priceToSqrtX96 is the exact floor: s^2 <= price * 2^192 < (s + 1)^2', () => {
    fc.assert(
      fc.property(priceString, (price) => {
        const s = priceToSqrtX96(price);
        const p = new BigNumber(price);
        expect(sqrtX96ToPrice(s).lte(p)).toBe(true);
        expect(sqrtX96ToPrice(s + 1n).gt(p)).toBe(true);
      }),
      { numRuns: 300 },
    );
  });

  it('decoding then encoding is the identity on X96 values', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 0n, max: 2n ** 200n }), (x) => {
        expect(priceToX96(x96ToPrice(x))).toBe(x);
        expect(priceToSqrtX96(sqrtX96ToPrice(x))).toBe(x);
      }),
      { numRuns: 200 },
    );
  });
});
