// Decimal strings of the API (DESIGN.md §3: plain, at most 18 fractional digits) compared exactly, without floating point.
const SCALE = 18;

function scaled(decimal: string): bigint {
  const match = /^([+-]?)(\d*)(?:\.(\d*))?$/.exec(decimal.trim());
  if (!match) throw new Error(`not a decimal string: ${decimal}`);
  const [, sign, whole, fraction = ''] = match;
  const value = BigInt(`${whole || '0'}${fraction.slice(0, SCALE).padEnd(SCALE, '0')}`);
  return sign === '-' ? -value : value;
}

/** -1, 0 or 1 as a < b, a = b, a > b. */
export function compareDecimals(a: string, b: string): -1 | 0 | 1 {
  const [x, y] = [scaled(a), scaled(b)];
  return x < y ? -1 : x > y ? 1 : 0;
}
