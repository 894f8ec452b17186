/** Uniswap v4 TickMath bounds: log base 1.0001 of 2^-128 and 2^128. */
export const MIN_TICK = -887272;
export const MAX_TICK = 887272;
/** getSqrtPriceAtTick(MIN_TICK) and getSqrtPriceAtTick(MAX_TICK). */
export const MIN_SQRT_PRICE = 4295128739n;
export const MAX_SQRT_PRICE = 1461446703485210103287273052203988822378723970342n;

const MAX_UINT256 = 2n ** 256n - 1n;
const Q32_MASK = (1n << 32n) - 1n;

// sqrt(1.0001^-(2^i)) as Q128.128 for bit i = 1..19, copied from TickMath.sol; bit 0 seeds
// the product below. Reproducing the contract's rounding needs these exact constants.
const BIT_FACTORS: ReadonlyArray<readonly [number, bigint]> = [
  [0x2, 0xfff97272373d413259a46990580e213an],
  [0x4, 0xfff2e50f5f656932ef12357cf3c7fdccn],
  [0x8, 0xffe5caca7e10e4e61c3624eaa0941cd0n],
  [0x10, 0xffcb9843d60f6159c9db58835c926644n],
  [0x20, 0xff973b41fa98c081472e6896dfb254c0n],
  [0x40, 0xff2ea16466c96a3843ec78b326b52861n],
  [0x80, 0xfe5dee046a99a2a811c461f1969c3053n],
  [0x100, 0xfcbe86c7900a88aedcffc83b479aa3a4n],
  [0x200, 0xf987a7253ac413176f2b074cf7815e54n],
  [0x400, 0xf3392b0822b70005940c7a398e4b70f3n],
  [0x800, 0xe7159475a2c29b7443b29c7fa6e889d9n],
  [0x1000, 0xd097f3bdfd2022b8845ad8f792aa5825n],
  [0x2000, 0xa9f746462d870fdf8a65dc1f90e061e5n],
  [0x4000, 0x70d869a156d2a1b890bb3df62baf32f7n],
  [0x8000, 0x31be135f97d08fd981231505542fcfa6n],
  [0x10000, 0x9aa508b5b7a84e1c677de54f3e99bc9n],
  [0x20000, 0x5d6af8dedb81196699c329225ee604n],
  [0x40000, 0x2216e584f5fa1ea926041bedfe98n],
  [0x80000, 0x48a170391f7dc42444e8fa2n],
];

/**
 * sqrt(1.0001^tick) * 2^96 as Q64.96, bit for bit TickMath.getSqrtPriceAtTick (v3's
 * getSqrtRatioAtTick), so values match the pool's own to the last unit.
 */
export function getSqrtPriceAtTick(tick: number): bigint {
  let sqrt = memo.get(tick);
  if (sqrt === undefined) {
    sqrt = computeSqrtPriceAtTick(tick);
    // Bands reuse a few thousand ticks: a bounded memo of a pure function (cleared when full).
    if (memo.size >= MEMO_LIMIT) memo.clear();
    memo.set(tick, sqrt);
  }
  return sqrt;
}

const MEMO_LIMIT = 1 << 16;
const memo = new Map<number, bigint>();

function computeSqrtPriceAtTick(tick: number): bigint {
  if (!Number.isInteger(tick) || tick < MIN_TICK || tick > MAX_TICK) {
    throw new RangeError(`Invalid tick: ${tick}`);
  }
  const absTick = Math.abs(tick);
  let ratio = (absTick & 0x1) !== 0 ? 0xfffcb933bd6fad37aa2d162d1a594001n : 1n << 128n;
  for (const [bit, factor] of BIT_FACTORS) {
    if ((absTick & bit) !== 0) {
      ratio = (ratio * factor) >> 128n;
    }
  }
  if (tick > 0) {
    ratio = MAX_UINT256 / ratio;
  }
  // Q128.128 -> Q64.96 rounding up, as the contract does, so getTickAtSqrtPrice stays consistent.
  return (ratio >> 32n) + ((ratio & Q32_MASK) === 0n ? 0n : 1n);
}
