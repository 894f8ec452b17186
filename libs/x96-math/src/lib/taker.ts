import { BigNumber, DecimalInput, toDecimal } from './decimal';

/** A taker position in human units (atoms / 1e6). perpDelta > 0 is a long. */
export interface TakerPosition {
  margin: DecimalInput;
  perpDelta: DecimalInput;
  usdDelta: DecimalInput;
  /** Funding the position owes (negative when it is owed); absent when the index lacks the cumulatives. */
  fundingOwed?: DecimalInput | null;
}

/** The same position in 6-decimal atoms, as read from chain events. */
export interface TakerPositionAtoms {
  margin: bigint;
  perpDelta: bigint;
  usdDelta: bigint;
}

export interface TakerHealth {
  equity: BigNumber;
  positionValue: BigNumber;
  notional: BigNumber;
  marginRatio: BigNumber | null;
  isLiquidatable: boolean;
  liquidationMark: BigNumber | null;
  distanceToLiquidation: BigNumber | null;
  estimatedReward: BigNumber;
}

/** margin + perpDelta * mark + usdDelta - fundingOwed. */
export function takerEquity(position: TakerPosition, mark: DecimalInput): BigNumber {
  const funding = position.fundingOwed == null ? new BigNumber(0) : toDecimal(position.fundingOwed);
  return toDecimal(position.margin).plus(takerPositionValue(position, mark)).minus(funding);
}

/** perpDelta * mark + usdDelta, signed: the unrealized PnL before funding. */
export function takerPositionValue(position: Pick<TakerPosition, 'perpDelta' | 'usdDelta'>, mark: DecimalInput): BigNumber {
  return toDecimal(position.perpDelta).times(toDecimal(mark)).plus(toDecimal(position.usdDelta));
}

/** |perpDelta| * mark. */
export function takerNotional(perpDelta: DecimalInput, mark: DecimalInput): BigNumber {
  return toDecimal(perpDelta).abs().times(toDecimal(mark));
}

/** equity / notional; null when there is no exposure to divide by. */
export function marginRatio(equity: DecimalInput, notional: DecimalInput): BigNumber | null {
  const n = toDecimal(notional);
  return n.isZero() ? null : toDecimal(equity).div(n);
}

/** Strictly below the threshold. An uncomputable ratio is not proof of liquidatability. */
export function isLiquidatable(ratio: BigNumber | null, liqMarginRatio: DecimalInput): boolean {
  return ratio !== null && ratio.lt(toDecimal(liqMarginRatio));
}

/**
 * The mark at which equity / notional == r, funding excluded. Solving
 * margin + usdDelta + perpDelta * m = r * |perpDelta| * m gives
 *   long:  -(margin + usdDelta) / (|perpDelta| * (1 - r))
 *   short:  (margin + usdDelta) / (|perpDelta| * (1 + r))
 * The raw value is kept even when it is <= 0, so the "long: mark <= L, short: mark >= L"
 * range query stays right (a long with a non-positive L can never be liquidated by price,
 * a short with one already is). Null with no exposure, or when 1 - r <= 0 for a long
 * (no finite threshold on the usual side).
 */
export function liquidationMark(position: Pick<TakerPosition, 'margin' | 'perpDelta' | 'usdDelta'>, liqMarginRatio: DecimalInput): BigNumber | null {
  return solveLiquidationMark(toDecimal(position.margin).plus(toDecimal(position.usdDelta)), toDecimal(position.perpDelta), toDecimal(liqMarginRatio));
}

/**
 * liquidationMark on raw atoms, for write time: USD and perp both have 6 decimals, so the
 * scales cancel and the result is already a human price (USD per perp).
 */
export function liquidationMarkFromAtoms(position: TakerPositionAtoms, liqMarginRatio: DecimalInput): BigNumber | null {
  return solveLiquidationMark(
    new BigNumber((position.margin + position.usdDelta).toString()),
    new BigNumber(position.perpDelta.toString()),
    toDecimal(liqMarginRatio),
  );
}

function solveLiquidationMark(marginPlusUsd: BigNumber, perpDelta: BigNumber, r: BigNumber): BigNumber | null {
  if (perpDelta.isZero()) {
    return null;
  }
  const isLong = perpDelta.isPositive();
  const factor = isLong ? new BigNumber(1).minus(r) : new BigNumber(1).plus(r);
  if (!factor.gt(0)) {
    return null;
  }
  const mark = marginPlusUsd.div(perpDelta.abs().times(factor));
  return isLong ? mark.negated() : mark;
}

/** marginRatio - liqMarginRatio, unbuffered; non-positive means past the threshold. */
export function distanceToLiquidation(ratio: BigNumber | null, liqMarginRatio: DecimalInput): BigNumber | null {
  return ratio === null ? null : ratio.minus(toDecimal(liqMarginRatio));
}

/** min(max(equity, 0), notional * liquidationFee): a prioritisation signal, not a payout. */
export function estimatedReward(equity: DecimalInput, notional: DecimalInput, liquidationFee: DecimalInput): BigNumber {
  const cap = toDecimal(notional).times(toDecimal(liquidationFee));
  return BigNumber.min(BigNumber.max(toDecimal(equity), 0), cap);
}

/** Every taker figure a candidate row needs, from one position and one mark. */
export function takerHealth(position: TakerPosition, mark: DecimalInput, liqMarginRatio: DecimalInput, liquidationFee: DecimalInput): TakerHealth {
  const equity = takerEquity(position, mark);
  const notional = takerNotional(position.perpDelta, mark);
  const ratio = marginRatio(equity, notional);
  return {
    equity,
    positionValue: takerPositionValue(position, mark),
    notional,
    marginRatio: ratio,
    isLiquidatable: isLiquidatable(ratio, liqMarginRatio),
    liquidationMark: liquidationMark(position, liqMarginRatio),
    distanceToLiquidation: distanceToLiquidation(ratio, liqMarginRatio),
    estimatedReward: estimatedReward(equity, notional, liquidationFee),
  };
}
