import { formatDecimal } from './decimal';
import { atomsText, sqrtX96PriceText, x96PriceText } from './decimal-text';
import { atomsToHuman } from './units';
import { Q96, sqrtX96ToPrice, x96ToPrice } from './x96';

/** A deterministic spread of magnitudes: tiny, around 1, huge, and exact halves at the 18th place. */
function samples(): bigint[] {
  let seed = 12345n;
  const next = () => (seed = (seed * 6364136223846793005n + 1442695040888963407n) % 2n ** 64n);
  const out: bigint[] = [0n, 1n, 2n, Q96 - 1n, Q96, Q96 + 1n, 3n * Q96, Q96 / 2n, 2n ** 159n, 2n ** 160n - 1n];
  for (let bits = 1n; bits <= 160n; bits += 3n) {
    for (let i = 0; i < 20; i++) out.push((next() * next() * next()) % 2n ** bits);
  }
  // 2^77 / 2^96 = 2^-19 = 0.0000019073486328125: exactly half at the 19th place.
  out.push(2n ** 77n, Q96 / 2n);
  return out;
}

describe('decimal text of X96 decodings (bigint only)', () => {
  const values = samples();

  it('sqrtX96PriceText is formatDecimal(sqrtX96ToPrice(x)) for every sample', () => {
    for (const x of values) expect([x, sqrtX96PriceText(x)]).toEqual([x, formatDecimal(sqrtX96ToPrice(x))]);
  });

  it('x96PriceText is formatDecimal(x96ToPrice(x)) for every sample', () => {
    for (const x of values) expect([x, x96PriceText(x)]).toEqual([x, formatDecimal(x96ToPrice(x))]);
  });

  it('rounds half away from zero at the 18th place', () => {
    // 2^-60 = 8.67361737988403547205962240695953369140625e-19: rounds to 1e-18; 2^-61 (4.3e-19) to 0.
    expect(x96PriceText(2n ** 36n)).toBe('0.000000000000000001');
    expect(x96PriceText(2n ** 35n)).toBe('0');
    expect(x96PriceText(2n ** 77n)).toBe('0.000001907348632813');
    expect(sqrtX96PriceText(Q96 * 3n)).toBe('9');
    expect(sqrtX96PriceText((Q96 * 3n) / 2n)).toBe('2.25');
  });

  it('atomsText is formatDecimal(atomsToHuman(atoms)), signs included', () => {
    for (const x of [...values, ...values.map((v) => -v)]) expect([x, atomsText(x)]).toEqual([x, formatDecimal(atomsToHuman(x))]);
  });
});
