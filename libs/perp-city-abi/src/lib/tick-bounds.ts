import type { PerpBuild } from './builds';
import { tickBitmapPosition } from './storage-slots';

/** Uniswap v4 `TickMath.MIN_TICK` / `MAX_TICK`: the domain of every v4 pool. */
export const UNISWAP_MIN_TICK = -887272;
export const UNISWAP_MAX_TICK = 887272;

/** `TickMath.minUsableTick(spacing)`: Solidity's `(MIN_TICK / spacing) * spacing`, division toward zero. */
export function minUsableTick(tickSpacing: number): number {
  assertSpacing(tickSpacing);
  return Math.trunc(UNISWAP_MIN_TICK / tickSpacing) * tickSpacing;
}

/** `TickMath.maxUsableTick(spacing)`. */
export function maxUsableTick(tickSpacing: number): number {
  assertSpacing(tickSpacing);
  return Math.trunc(UNISWAP_MAX_TICK / tickSpacing) * tickSpacing;
}

function assertSpacing(tickSpacing: number): void {
  if (!Number.isInteger(tickSpacing) || tickSpacing <= 0 || tickSpacing >= 1 << 15) throw new RangeError(`tick spacing ${tickSpacing} is not a positive int16`);
}

/**
 * The Perp's own tick bounds, `MIN_TICK` / `MAX_TICK` of perpcity-contracts
 * `src/libraries/Constants.sol`: a maker band outside them reverts `TicksOutOfBounds`
 * (`openMaker`), so every initialized tick of a perp pool lies inside, and with it every price
 * a swap can reach (a swap has no price limit and reverts `InsufficientLiquidityToFill` rather
 * than run past the last liquidity). Price 1.0001^±138180 ≈ 1e∓6 USD per perp. Compile-time
 * constants with no getter: the values are perpcity-sdk's mirror (`src/utils/tickMath.ts`,
 * 2026-07, with `MIN_PRICE = 1e-6`, `MAX_PRICE = 1e6` in `src/utils/constants.ts` since 2026-03).
 */
export const PERP_MIN_TICK = -138180;
export const PERP_MAX_TICK = 138180;

export interface MarketTickBounds {
  readonly minTick: number;
  readonly maxTick: number;
  /** False where no public source gives the build's own constant and the value is carried over. */
  readonly established: boolean;
}

/**
 * `markets.min_tick` / `max_tick` of a market of `build`: the Perp's tick bounds. For v0.1.0
 * the SDK mirror; for v0.2.2 no public source states `Constants.sol` at tag `198559a`, and the
 * same values are assumed (the rust SDK scans one bitmap range for both builds).
 */
export function marketTickBounds(build: PerpBuild): MarketTickBounds {
  return { minTick: PERP_MIN_TICK, maxTick: PERP_MAX_TICK, established: build === 'v0.1.0' };
}

/** The `tickBitmap` words that can hold a perp pool's initialized ticks, for one `extsload(bytes32[])` batch. */
export function perpBitmapWordRange(
  tickSpacing: number,
  bounds: Pick<MarketTickBounds, 'minTick' | 'maxTick'> = marketTickBounds('v0.1.0'),
): { minWord: bigint; maxWord: bigint } {
  assertSpacing(tickSpacing);
  return { minWord: tickBitmapPosition(bounds.minTick, tickSpacing).wordPos, maxWord: tickBitmapPosition(bounds.maxTick, tickSpacing).wordPos };
}
