import { E6, abs, checkedInt256, checkedSubUint, mulDiv, mulDivRoundingUp, sFullMulDiv } from './full-math';
import { isLiquidatableAtoms, marginRatioE6 } from './health-test';
import { Q96 } from './x96';

/** One taker row as the contract holds it, in atoms and X96 words. perpDelta > 0 is a long. */
export interface TakerStateAtoms {
  /** `positions(id).delta.amount0`: perp atoms, signed. */
  perpDelta: bigint;
  /** `positions(id).delta.amount1`: USDC atoms, signed (what the exposure cost or earned). */
  usdDelta: bigint;
  /** `positions(id).margin`: USDC atoms, as last settled. */
  margin: bigint;
  /** `positions(id).liqMarginRatio`: the uint24 ratio stored at open, scaled by 1e6. */
  liqMarginRatioE6: bigint;
  /** `positions(id).lastCumlFundingX96`: the funding checkpoint. */
  lastCumlFundingX96: bigint;
  /** `takerDetails(id).lastLongUtilPaymentsX96` / `lastShortUtilPaymentsX96`: utilization checkpoints. */
  lastLongUtilPaymentsX96: bigint;
  lastShortUtilPaymentsX96: bigint;
}

/** The market side of a taker's test at one time: cumulatives current to that time and the mark. */
export interface TakerMarketX96 {
  /** `cumulatives().fundingX96`: USDC atoms per perp atom, X96, signed. */
  fundingX96: bigint;
  /** `cumulatives().longUtilPaymentsX96` / `shortUtilPaymentsX96`: USDC atoms per perp atom of exposure, X96. */
  longUtilPaymentsX96: bigint;
  shortUtilPaymentsX96: bigint;
  /** The fair price (fairPriceX96 with advanced EMAs), X96 plain price. */
  markPriceX96: bigint;
}

export interface TakerValPnl {
  /** sFullMulDiv(perpDelta, mark, 2^96), truncated toward zero: signed USDC atoms. */
  perpValue: bigint;
  /** |perpValue|: the health test's denominator. */
  positionValue: bigint;
  /** perpValue + usdDelta. */
  unrealizedPnl: bigint;
}

/** PerpLogic.valPnl (taker): perpValue = trunc(perpDelta * mark / 2^96), value = |perpValue|, pnl = perpValue + usdDelta. */
export function takerValPnl(perpDelta: bigint, usdDelta: bigint, markPriceX96: bigint): TakerValPnl {
  const perpValue = sFullMulDiv(perpDelta, markPriceX96, Q96, false);
  return { perpValue, positionValue: abs(perpValue), unrealizedPnl: checkedInt256(perpValue + usdDelta, 'unrealized pnl') };
}

/**
 * Funding a position owes since its checkpoint (takerFeesAccrued, and the maker's base leg):
 * sFullMulDiv(perpDelta, cumulative - checkpoint, 2^96, roundUp), so a non-negative amount owed
 * rounds up and a negative one (a receipt) truncates toward zero. USDC atoms, + = the position pays.
 */
export function fundingOwedAtoms(perpDelta: bigint, fundingX96: bigint, lastCumlFundingX96: bigint): bigint {
  return sFullMulDiv(perpDelta, checkedInt256(fundingX96 - lastCumlFundingX96, 'funding growth'), Q96, true);
}

/**
 * Utilization fees a taker owes since its checkpoint (takerFeesAccrued): the side of its exposure,
 * ceil(|perpDelta| * (payments - checkpoint) / 2^96). USDC atoms, >= 0; 0 without exposure.
 * A checkpoint ahead of the market's cumulative throws (the accumulator only grows).
 */
export function takerUtilOwedAtoms(
  perpDelta: bigint,
  market: Pick<TakerMarketX96, 'longUtilPaymentsX96' | 'shortUtilPaymentsX96'>,
  taker: Pick<TakerStateAtoms, 'lastLongUtilPaymentsX96' | 'lastShortUtilPaymentsX96'>,
): bigint {
  if (perpDelta === 0n) {
    return 0n;
  }
  const growth =
    perpDelta > 0n
      ? checkedSubUint(market.longUtilPaymentsX96, taker.lastLongUtilPaymentsX96, 'long utilization payments')
      : checkedSubUint(market.shortUtilPaymentsX96, taker.lastShortUtilPaymentsX96, 'short utilization payments');
  return mulDivRoundingUp(abs(perpDelta), growth, Q96);
}

export interface TakerHealthExact extends TakerValPnl {
  fundingOwed: bigint;
  utilOwed: bigint;
  /** margin - fundingOwed - utilOwed (the contract's settledMargin). */
  settledMargin: bigint;
  /** settledMargin + unrealizedPnl = margin + value - funding owed - util owed. */
  equity: bigint;
  /** marginRatioE6(equity, positionValue). */
  marginRatioE6: bigint;
  /** The deployed liquidateTaker eligibility: marginRatioE6 < liqMarginRatioE6. No fee enters it. */
  isLiquidatable: boolean;
}

/** PerpLogic.liquidateTaker's eligibility test (v0.2.2-upgradeable), every leg in USDC atoms. */
export function takerHealthExact(market: TakerMarketX96, taker: TakerStateAtoms): TakerHealthExact {
  const valPnl = takerValPnl(taker.perpDelta, taker.usdDelta, market.markPriceX96);
  const fundingOwed = fundingOwedAtoms(taker.perpDelta, market.fundingX96, taker.lastCumlFundingX96);
  const utilOwed = takerUtilOwedAtoms(taker.perpDelta, market, taker);
  const settledMargin = taker.margin - fundingOwed - utilOwed;
  const equity = settledMargin + valPnl.unrealizedPnl;
  return {
    ...valPnl,
    fundingOwed,
    utilOwed,
    settledMargin,
    equity,
    marginRatioE6: marginRatioE6(equity, valPnl.positionValue),
    isLiquidatable: isLiquidatableAtoms(equity, valPnl.positionValue, taker.liqMarginRatioE6),
  };
}

/**
 * The exact mark at which a taker's integer test turns, everything but the mark held: for a long the
 * highest mark X96 at which it is liquidatable (liquidatable iff mark <= it), for a short the lowest
 * (liquidatable iff mark >= it). null without exposure, with a zero threshold, or for a long no fall can liquidate. Found from
 * the closed form (settledMargin + usdDelta + perpDelta * m = r * |perpDelta| * m) and then settled to
 * the atom by the exact test, which is monotone in the mark for either side.
 */
export function takerLiquidationMarkX96(settledMargin: bigint, perpDelta: bigint, usdDelta: bigint, liqMarginRatioE6: bigint): bigint | null {
  if (perpDelta === 0n || liqMarginRatioE6 <= 0n) {
    return null; // No exposure, or a zero threshold every ratio meets: no mark liquidates.
  }
  const fixed = settledMargin + usdDelta;
  const size = abs(perpDelta);
  const fails = (mark: bigint): boolean => {
    const { perpValue, positionValue } = takerValPnl(perpDelta, usdDelta, mark);
    return isLiquidatableAtoms(fixed + perpValue, positionValue, liqMarginRatioE6);
  };
  if (perpDelta > 0n) {
    // Long: the test fails at low marks. Closed form m = -fixed / (size * (1 - r)).
    if (liqMarginRatioE6 >= E6) {
      return null; // Fails at every mark: no turn to report (the whole range is liquidatable).
    }
    if (!fails(0n)) {
      return null;
    }
    const guess = fixed >= 0n ? 0n : mulDiv(-fixed * E6, Q96, size * (E6 - liqMarginRatioE6));
    return boundary(guess, fails, true);
  }
  // Short: the test fails at high marks. Closed form m = fixed / (size * (1 + r)).
  if (fails(0n)) {
    return 0n;
  }
  const guess = fixed <= 0n ? 0n : mulDiv(fixed * E6, Q96, size * (E6 + liqMarginRatioE6));
  return boundary(guess, fails, false);
}

/**
 * The last failing mark (long: fails below) or the first failing mark (short: fails above), by a
 * gallop from the closed-form guess and a bisection. `failsLow` says failure is at low marks.
 */
function boundary(guess: bigint, fails: (mark: bigint) => boolean, failsLow: boolean): bigint {
  // Invariant for a long: lo fails, hi does not; for a short: lo does not fail, hi fails.
  let lo: bigint;
  let hi: bigint;
  const failsAtGuess = fails(guess);
  if (failsAtGuess === failsLow) {
    lo = guess;
    let step = 1n;
    hi = guess + step;
    while (fails(hi) === failsLow) {
      lo = hi;
      step <<= 1n;
      hi = guess + step;
    }
  } else {
    hi = guess;
    let step = 1n;
    lo = guess > step ? guess - step : 0n;
    while (lo > 0n && fails(lo) !== failsLow) {
      hi = lo;
      step <<= 1n;
      lo = guess > step ? guess - step : 0n;
    }
  }
  while (hi - lo > 1n) {
    const mid = lo + (hi - lo) / 2n;
    if (fails(mid) === failsLow) {
      lo = mid;
    } else {
      hi = mid;
    }
  }
  return failsLow ? lo : hi;
}
