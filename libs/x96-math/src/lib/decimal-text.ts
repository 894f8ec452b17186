import { MAX_FRACTION_DIGITS } from './decimal';

/**
 * formatDecimal of the X96 decodings, in bigint arithmetic only: the same text (18 fractional
 * digits rounded half away from zero, no trailing zeros, "0" for zero), without a BigNumber per
 * value. For answers that decode thousands of prices (a page of 1000 candles holds 8000):
 * decimal-text.spec.ts checks them against formatDecimal(sqrtX96ToPrice(x)) and friends.
 */
const SCALE = 10n ** BigInt(MAX_FRACTION_DIGITS);

/** round_half_away(n / 2^shift, 18 places) as text. */
function shiftedText(n: bigint, shift: bigint): string {
  const negative = n < 0n;
  const magnitude = negative ? -n : n;
  const scaled = shift === 0n ? magnitude * SCALE : (magnitude * SCALE + (1n << (shift - 1n))) >> shift;
  return scaledText(scaled, negative);
}

function scaledText(scaled: bigint, negative: boolean): string {
  if (scaled === 0n) return '0';
  const whole = scaled / SCALE;
  let fraction = (scaled % SCALE).toString().padStart(MAX_FRACTION_DIGITS, '0');
  let end = fraction.length;
  while (end > 0 && fraction.charCodeAt(end - 1) === 48) end--;
  fraction = fraction.slice(0, end);
  return `${negative ? '-' : ''}${whole}${fraction ? `.${fraction}` : ''}`;
}

/** formatDecimal(sqrtX96ToPrice(x)): (x / 2^96)^2. */
export function sqrtX96PriceText(sqrtX96: bigint): string {
  return shiftedText(sqrtX96 * sqrtX96, 192n);
}

/** formatDecimal(x96ToPrice(x)): x / 2^96. */
export function x96PriceText(x96: bigint): string {
  return shiftedText(x96, 96n);
}

/** formatDecimal(atomsToHuman(atoms)): atoms / 1e6, exact. */
export function atomsText(atoms: bigint): string {
  const negative = atoms < 0n;
  return scaledText((negative ? -atoms : atoms) * 10n ** 12n, negative);
}
