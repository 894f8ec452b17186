/**
 * Unpacks a Uniswap v4 `BalanceDelta` (the `delta` of a `SwapResult` or of `positions()`):
 * `int128 amount0` (perp, 6-decimal atoms) in the high 128 bits, `int128 amount1` (USDC,
 * 6-decimal atoms) in the low 128 bits. Positive = the position holds/receives, negative = owes/pays.
 */
export function unpackBalanceDelta(delta: bigint): { readonly perp: bigint; readonly usd: bigint } {
  const word = BigInt.asIntN(256, delta);
  return { perp: word >> 128n, usd: BigInt.asIntN(128, word) };
}

/** The inverse of `unpackBalanceDelta`: packs two int128 amounts into the signed 256-bit word. */
export function packBalanceDelta(perp: bigint, usd: bigint): bigint {
  if (BigInt.asIntN(128, perp) !== perp || BigInt.asIntN(128, usd) !== usd) throw new RangeError('BalanceDelta amounts must fit int128');
  return BigInt.asIntN(256, (perp << 128n) | BigInt.asUintN(128, usd));
}

/** The position id a Perp's `ModifyLiquidity` carries as its `salt` (a bytes32 word). */
export function posIdFromSalt(salt: string): bigint {
  return BigInt(salt);
}
