import { emaDecayWad } from './exp-wad';
import { UINT128_MAX, UINT256_MAX, WAD, requireUint256 } from './full-math';
import { Q96 } from './x96';

/** The contract's `(ammPrice, index)` pair, each a uint128 X96 price: the spot pair, or the stored EMAs. */
export interface PricePairX96 {
  amm: bigint;
  index: bigint;
}

/** The stored EMA pair with the time it is current as of (`rates().lastTouch`, unix seconds). */
export interface EmaState extends PricePairX96 {
  lastTouch: bigint;
}

/**
 * The pool's plain X96 price from its sqrt price, as `poolState().ammPrice` holds it:
 * floor(sqrtPriceX96^2 / 2^96). Zero or a square past uint256 throws.
 */
export function priceX96FromSqrtPriceX96(sqrtPriceX96: bigint): bigint {
  requireUint256(sqrtPriceX96, 'sqrtPriceX96');
  if (sqrtPriceX96 === 0n) {
    throw new RangeError('sqrtPriceX96 must be positive');
  }
  const square = sqrtPriceX96 * sqrtPriceX96;
  if (square > UINT256_MAX) {
    throw new RangeError('sqrtPriceX96 squared overflows uint256');
  }
  return square / Q96;
}

function requireUint128(value: bigint, name: string): bigint {
  if (value < 0n || value > UINT128_MAX) {
    throw new RangeError(`${name} is outside uint128: ${value}`);
  }
  return value;
}

/**
 * PerpLogic's EMA advance from the last touch to `timestamp`:
 * alpha = expWad(-(dt * 1e18 / emaWindow)) (inner division floored), then for each leg
 * floor((stored * alpha + spot * (1e18 - alpha)) / 1e18). Unchanged when `timestamp <= lastTouch`;
 * a zero window with time to cross throws, as does a price outside uint128 (the contract's cast).
 */
export function advanceEmas(stored: PricePairX96, spot: PricePairX96, lastTouch: bigint, timestamp: bigint, emaWindowSeconds: bigint): PricePairX96 {
  requireUint128(stored.amm, 'stored EMA amm');
  requireUint128(stored.index, 'stored EMA index');
  requireUint128(spot.amm, 'spot amm price');
  requireUint128(spot.index, 'spot index');
  if (timestamp <= lastTouch) {
    return { amm: stored.amm, index: stored.index };
  }
  if (emaWindowSeconds === 0n) {
    throw new RangeError('EMA window is zero');
  }
  const alpha = emaDecayWad(timestamp - lastTouch, emaWindowSeconds);
  const rest = WAD - alpha;
  return {
    amm: (stored.amm * alpha + spot.amm * rest) / WAD,
    index: (stored.index * alpha + spot.index * rest) / WAD,
  };
}

/** Solady FixedPointMathLib.avg: floor((a + b) / 2). */
export function avgFloor(a: bigint, b: bigint): bigint {
  return (a + b) >> 1n;
}

/**
 * The deployed pricing module's `fairPrice(ammPrice, index, emaAmmPrice, emaIndex)`, the mark:
 * avg(ammPrice, max(index + emaAmmPrice - emaIndex, 0)), the average floored. All X96 plain prices
 * (not sqrt). The sum index + emaAmmPrice past uint256 throws, where the contract reverts.
 */
export function fairPriceX96(ammPriceX96: bigint, indexX96: bigint, emaAmmPriceX96: bigint, emaIndexX96: bigint): bigint {
  requireUint256(ammPriceX96, 'ammPrice');
  requireUint256(indexX96, 'index');
  requireUint256(emaAmmPriceX96, 'emaAmmPrice');
  requireUint256(emaIndexX96, 'emaIndex');
  const adjustedIndex = requireUint256(indexX96 + emaAmmPriceX96, 'index + emaAmmPrice');
  const delta = adjustedIndex > emaIndexX96 ? adjustedIndex - emaIndexX96 : 0n;
  return avgFloor(ammPriceX96, delta);
}

export interface MarkInputs {
  /** The pool's sqrt price now (`slot0.sqrtPriceX96`), from which `ammPrice` = floor(s^2 / 2^96). */
  sqrtPriceX96: bigint;
  /** `poolState().ammPrice` as read from chain, when stored; preferred over the derivation from the sqrt price. */
  ammPriceX96?: bigint;
  /** The beacon's `index()`, X96 plain price. */
  indexX96: bigint;
  /** The stored EMA pair and the touch it is current as of. */
  emas: EmaState;
  /** The market's `EMA_WINDOW`, seconds. */
  emaWindowSeconds: bigint;
  /** The time to mark at (block timestamp, unix seconds). */
  timestamp: bigint;
}

export interface Mark {
  ammPriceX96: bigint;
  /** The EMAs advanced to `timestamp`. */
  emas: PricePairX96;
  /** The fair price: the mark every valuation and health test uses. */
  markPriceX96: bigint;
}

/** PerpLogic.accrue's mark: the EMAs advanced to the timestamp against the spot pair, then fairPrice of the four. */
export function markAt(inputs: MarkInputs): Mark {
  const ammPriceX96 = inputs.ammPriceX96 ?? priceX96FromSqrtPriceX96(inputs.sqrtPriceX96);
  const emas = advanceEmas(inputs.emas, { amm: ammPriceX96, index: inputs.indexX96 }, inputs.emas.lastTouch, inputs.timestamp, inputs.emaWindowSeconds);
  return { ammPriceX96, emas, markPriceX96: fairPriceX96(ammPriceX96, inputs.indexX96, emas.amm, emas.index) };
}
