/** floor(sqrt(n)) on bigint, exact for any size (Newton's method from above). */
export function integerSqrt(n: bigint): bigint {
  if (n < 0n) {
    throw new RangeError('integerSqrt of a negative number');
  }
  if (n < 2n) {
    return n;
  }
  // Start above the root: 2^ceil(bits/2) >= sqrt(n), so the iteration decreases monotonically.
  let x = 1n << BigInt(Math.ceil(n.toString(2).length / 2));
  let y = (x + n / x) >> 1n;
  while (y < x) {
    x = y;
    y = (x + n / x) >> 1n;
  }
  return x;
}
