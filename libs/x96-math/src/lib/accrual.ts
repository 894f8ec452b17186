import { WAD, checkedInt256, mulDiv, requireUint256, sFullMulDiv } from './full-math';
import { Q96 } from './x96';

/** The contract's funding interval: rates are per day. */
export const FUNDING_INTERVAL_SECONDS = 86_400n;

/**
 * The market cumulatives a maker settles against (`cumulatives()`), as of `rates().lastTouch`.
 * Funding is USDC atoms per perp atom, X96, signed (+ = longs pay). Funding per sqrt price is
 * the same divided by the pool's sqrt price (X96/X96), accrued alongside it. Utilization earnings
 * are USDC atoms per perp atom of maker capacity, X96, per side, only ever growing.
 */
export interface MakerCumulatives {
  fundingX96: bigint;
  fundingDivSqrtPX96: bigint;
  longUtilEarningsX96: bigint;
  shortUtilEarningsX96: bigint;
}

export interface AccrualInputs {
  /** `rates().fundingPerDay` (int88), scaled by 1e18, signed: + means longs pay shorts. */
  fundingPerDayWad: bigint;
  /** `rates().longUtilFeePerDay` (uint64), scaled by 1e18. */
  longUtilFeePerDayWad: bigint;
  /** `rates().shortUtilFeePerDay` (uint64), scaled by 1e18. */
  shortUtilFeePerDayWad: bigint;
  /** `rates().lastTouch`: when the stored cumulatives were last advanced (unix seconds). */
  lastTouch: bigint;
  /** The time to accrue to: a block timestamp, never a wall clock. */
  timestamp: bigint;
  /** `openInterest()`, perp atoms per side. */
  openInterestLong: bigint;
  openInterestShort: bigint;
  /** `capacity()`, perp atoms per side. */
  capacityLong: bigint;
  capacityShort: bigint;
  /** The mark at `timestamp` (fairPriceX96 with the EMAs advanced), X96. */
  markPriceX96: bigint;
  /** The pool's sqrt price, X96. */
  sqrtPriceX96: bigint;
}

/** floor(dt * 2^96 / 86400): elapsed days as X96, the contract's first floor. */
export function elapsedDaysX96(lastTouch: bigint, timestamp: bigint): bigint {
  if (timestamp < lastTouch) {
    throw new RangeError(`Accrual target ${timestamp} precedes the last touch ${lastTouch}`);
  }
  return mulDiv(timestamp - lastTouch, Q96, FUNDING_INTERVAL_SECONDS);
}

/** Funding growth over the elapsed time: sFullMulDiv(fundingPerDay, dtDaysX96, 1e18, no round-up), USDC atoms per perp atom, X96. */
export function fundingGrowthX96(fundingPerDayWad: bigint, dtDaysX96: bigint): bigint {
  return sFullMulDiv(fundingPerDayWad, dtDaysX96, WAD, false);
}

/** Funding growth divided by the sqrt price (Funding.per_sqrt_price): sFullMulDiv(growth, 2^96, sqrtPriceX96, truncated). */
export function fundingPerSqrtPriceX96(fundingX96: bigint, sqrtPriceX96: bigint): bigint {
  return sFullMulDiv(fundingX96, Q96, sqrtPriceX96, false);
}

/**
 * One side's utilization-earnings growth: accrued = floor(feePerDay * floor(dtDays * mark / 2^96) / 1e18),
 * then floor(accrued * openInterest / capacity); zero when capacity is zero (the contract skips the side).
 */
export function utilEarningsGrowthX96(utilFeePerDayWad: bigint, dtDaysX96: bigint, markPriceX96: bigint, openInterest: bigint, capacity: bigint): bigint {
  if (capacity === 0n) {
    return 0n;
  }
  const dtDaysTimesMark = mulDiv(dtDaysX96, markPriceX96, Q96);
  const accrued = mulDiv(utilFeePerDayWad, dtDaysTimesMark, WAD);
  return mulDiv(accrued, openInterest, capacity);
}

/**
 * PerpLogic.accrue's replay of the maker-side cumulatives from `lastTouch` to `timestamp`
 * (funding, funding per sqrt price, utilization earnings per side), each step floored or
 * truncated as the contract does. Unchanged at dt = 0; a timestamp before the touch throws.
 * Taker utilization payments are not replayed here (the SDK publishes no replay for them):
 * read them as of the block, or from the last `CumulativesAccrued` event at the same touch.
 */
export function accrueMakerCumulatives(cumulatives: MakerCumulatives, inputs: AccrualInputs): MakerCumulatives {
  const dtDays = elapsedDaysX96(inputs.lastTouch, inputs.timestamp);
  if (inputs.timestamp === inputs.lastTouch) {
    return { ...cumulatives };
  }
  const funding = fundingGrowthX96(inputs.fundingPerDayWad, dtDays);
  const long = utilEarningsGrowthX96(inputs.longUtilFeePerDayWad, dtDays, inputs.markPriceX96, inputs.openInterestLong, inputs.capacityLong);
  const short = utilEarningsGrowthX96(inputs.shortUtilFeePerDayWad, dtDays, inputs.markPriceX96, inputs.openInterestShort, inputs.capacityShort);
  return {
    fundingX96: checkedInt256(cumulatives.fundingX96 + funding, 'accrued funding cumulative'),
    fundingDivSqrtPX96: checkedInt256(
      cumulatives.fundingDivSqrtPX96 + fundingPerSqrtPriceX96(funding, inputs.sqrtPriceX96),
      'accrued funding/sqrtP cumulative',
    ),
    longUtilEarningsX96: requireUint256(cumulatives.longUtilEarningsX96 + long, 'accrued long utilization cumulative'),
    shortUtilEarningsX96: requireUint256(cumulatives.shortUtilEarningsX96 + short, 'accrued short utilization cumulative'),
  };
}

/**
 * One side's taker utilization-payments growth per perp atom of exposure: floor(feePerDay * floor(dtDays * mark / 2^96) / 1e18),
 * the accrued amount of utilEarningsGrowthX96 before its open-interest / capacity split (what the exposure pays is what the
 * capacity earns). The SDK publishes no replay of this leg, so the served taker figures read the stored cumulative
 * (as its taker_health does); the simulator accrues it with this rule.
 */
export function utilPaymentsGrowthX96(utilFeePerDayWad: bigint, dtDaysX96: bigint, markPriceX96: bigint): bigint {
  return mulDiv(utilFeePerDayWad, mulDiv(dtDaysX96, markPriceX96, Q96), WAD);
}

/** Every market cumulative: the maker side's four and the taker utilization payments per side. */
export interface MarketCumulatives extends MakerCumulatives {
  longUtilPaymentsX96: bigint;
  shortUtilPaymentsX96: bigint;
}

/**
 * PerpLogic.accrue's replay of every cumulative from `lastTouch` to `timestamp`: accrueMakerCumulatives
 * plus the taker utilization payments (utilPaymentsGrowthX96 per side, at the same elapsed days and mark).
 */
export function accrueCumulatives(cumulatives: MarketCumulatives, inputs: AccrualInputs): MarketCumulatives {
  const maker = accrueMakerCumulatives(cumulatives, inputs);
  if (inputs.timestamp === inputs.lastTouch) {
    return { ...maker, longUtilPaymentsX96: cumulatives.longUtilPaymentsX96, shortUtilPaymentsX96: cumulatives.shortUtilPaymentsX96 };
  }
  const dtDays = elapsedDaysX96(inputs.lastTouch, inputs.timestamp);
  return {
    ...maker,
    longUtilPaymentsX96: requireUint256(
      cumulatives.longUtilPaymentsX96 + utilPaymentsGrowthX96(inputs.longUtilFeePerDayWad, dtDays, inputs.markPriceX96),
      'accrued long utilization payments',
    ),
    shortUtilPaymentsX96: requireUint256(
      cumulatives.shortUtilPaymentsX96 + utilPaymentsGrowthX96(inputs.shortUtilFeePerDayWad, dtDays, inputs.markPriceX96),
      'accrued short utilization payments',
    ),
  };
}
