// The pool-side form of an X96 price: sqrt(price) as X96, by integer Newton iteration.
import { Q96 } from '@perp/x96-math';

export function sqrtX96Of(priceX96: bigint): bigint {
  const n = priceX96 * Q96;
  if (n < 2n) return n;
  let x = n;
  let y = (x + 1n) / 2n;
  while (y < x) {
    x = y;
    y = (x + n / x) / 2n;
  }
  return x;
}
