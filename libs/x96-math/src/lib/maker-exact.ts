import { checkedInt256, checkedSubUint, mulDiv, requireUint256, sFullMulDiv, wrappingSubUint256 } from './full-math';
import { isLiquidatableAtoms, marginRatioE6 } from './health-test';
import { fundingOwedAtoms } from './taker-exact';
import { TokenAmounts, getAmount0ForLiquidity, getAmountsForLiquidity } from './maker';
import { getSqrtPriceAtTick } from './tick-math';
import { Q96 } from './x96';

/** `ticks[tick]` of the Perp's funding map: checkpoints on the opposite side of the tick, X96, signed. */
export interface TickFundingX96 {
  cumlFundingOppX96: bigint;
  cumlFundingDivSqrtPOppX96: bigint;
}

/** The market side of a maker's settle at one time: cumulatives current to that time, the pool, the mark. */
export interface MakerMarketX96 {
  /** `cumulatives().fundingX96`, accrued to the time (accrueMakerCumulatives). */
  fundingX96: bigint;
  /** `cumulatives().fundingDivSqrtPX96`, accrued likewise. */
  fundingDivSqrtPX96: bigint;
  /** `cumulatives().longUtilEarningsX96` / `shortUtilEarningsX96`, accrued likewise. */
  longUtilEarningsX96: bigint;
  shortUtilEarningsX96: bigint;
  /** The pool's current tick and sqrt price. */
  tick: number;
  sqrtPriceX96: bigint;
  /** The fair price, X96 plain price. */
  markPriceX96: bigint;
}

/** One maker row and its band's checkpoints, as the contract and the PoolManager hold them. */
export interface MakerStateAtoms {
  /** `positions(id).margin`, USDC atoms. */
  margin: bigint;
  /** `positions(id).liqMarginRatio`, scaled by 1e6. */
  liqMarginRatioE6: bigint;
  /** `positions(id).delta`: perp and USDC atoms, signed (negative = owed to the pool). */
  perpDelta: bigint;
  usdDelta: bigint;
  /** `positions(id).lastCumlFundingX96`. */
  lastCumlFundingX96: bigint;
  /** `makerDetails(id)`: the band and its raw Uniswap liquidity. */
  tickLower: number;
  tickUpper: number;
  liquidity: bigint;
  /** `makerDetails(id).lastLongUtilEarningsX96` / `lastShortUtilEarningsX96`. */
  lastLongUtilEarningsX96: bigint;
  lastShortUtilEarningsX96: bigint;
  /** `makerDetails(id).capacity`: perp atoms per side, fixed when the liquidity was placed. */
  capacityLong: bigint;
  capacityShort: bigint;
  /** `makerDetails(id).lastCumlFunding`: belowX96, withinX96, divSqrtPriceWithinX96. */
  lastBelowX96: bigint;
  lastWithinX96: bigint;
  lastDivSqrtWithinX96: bigint;
  /** `ticks[tickLower]`, `ticks[tickUpper]` now. */
  tickLowerFunding: TickFundingX96;
  tickUpperFunding: TickFundingX96;
  /** The PoolManager's `feeGrowthInside1X128` of the band now, and the position's `feeGrowthInside1LastX128`. Q128, modular. */
  feeGrowthInside1X128: bigint;
  feeGrowthInside1LastX128: bigint;
}

export interface MakerCumlFunding {
  belowX96: bigint;
  withinX96: bigint;
  divSqrtPriceWithinX96: bigint;
}

/**
 * PerpLogic.makerCumlFunding: the band's cumulative funding below it, within it, and within it per sqrt
 * price, from the two ticks' opposite-side checkpoints. For each tick: at or above it the checkpoint is
 * the below-side value; below it, the below-side value is the market cumulative minus the checkpoint.
 */
export function makerCumlFunding(
  market: Pick<MakerMarketX96, 'fundingX96' | 'fundingDivSqrtPX96' | 'tick'>,
  tickLower: number,
  tickUpper: number,
  lower: TickFundingX96,
  upper: TickFundingX96,
): MakerCumlFunding {
  const belowSide = (tick: number, info: TickFundingX96): [bigint, bigint] =>
    market.tick >= tick
      ? [info.cumlFundingOppX96, info.cumlFundingDivSqrtPOppX96]
      : [
          checkedInt256(market.fundingX96 - info.cumlFundingOppX96, 'tick funding checkpoint'),
          checkedInt256(market.fundingDivSqrtPX96 - info.cumlFundingDivSqrtPOppX96, 'tick funding/sqrtP checkpoint'),
        ];
  const [belowLower, divBelowLower] = belowSide(tickLower, lower);
  const [belowUpper, divBelowUpper] = belowSide(tickUpper, upper);
  return {
    belowX96: belowLower,
    withinX96: checkedInt256(belowUpper - belowLower, 'within-band funding'),
    divSqrtPriceWithinX96: checkedInt256(divBelowUpper - divBelowLower, 'within-band funding/sqrtP'),
  };
}

export interface MakerFundingOwed {
  /** fundingOwedAtoms(perpDelta, funding, lastCumlFunding): the deposit residual's funding, rounded up when owed. */
  base: bigint;
  /** sFullMulDiv(amount0(sqrtLower, sqrtUpper, L) floored, below - lastBelow, 2^96, roundUp). */
  below: bigint;
  /** sFullMulDiv(L, (divWithin - lastDivWithin) - sFullMulDiv(within - lastWithin, 2^96, sqrtUpper, trunc), 2^96, roundUp). */
  within: bigint;
  /** base + below + within: USDC atoms, + = the position pays. */
  total: bigint;
}

/** PerpLogic.makerFeesAccrued's funding legs for a band (each leg's own rounding as documented on its field). */
export function makerFundingOwed(market: MakerMarketX96, maker: MakerStateAtoms): MakerFundingOwed {
  const [sqrtLower, sqrtUpper] = bandSqrtPrices(maker);
  const cuml = makerCumlFunding(market, maker.tickLower, maker.tickUpper, maker.tickLowerFunding, maker.tickUpperFunding);
  const base = fundingOwedAtoms(maker.perpDelta, market.fundingX96, maker.lastCumlFundingX96);
  const perpBelow = getAmount0ForLiquidity(sqrtLower, sqrtUpper, maker.liquidity);
  const below = sFullMulDiv(perpBelow, checkedInt256(cuml.belowX96 - maker.lastBelowX96, 'below-band funding growth'), Q96, true);
  const divAmm = checkedInt256(cuml.divSqrtPriceWithinX96 - maker.lastDivSqrtWithinX96, 'within-band funding/sqrtP growth');
  const divUpper = sFullMulDiv(checkedInt256(cuml.withinX96 - maker.lastWithinX96, 'within-band funding growth'), Q96, sqrtUpper, false);
  const within = sFullMulDiv(maker.liquidity, checkedInt256(divAmm - divUpper, 'within-band funding components'), Q96, true);
  return { base, below, within, total: checkedInt256(base + below + within, 'maker funding owed') };
}

/** Utilization earnings of one side: floor(capacity * (earnings - checkpoint) / 2^96), USDC atoms. A checkpoint ahead throws. */
export function makerUtilEarningsAtoms(capacity: bigint, utilEarningsX96: bigint, lastUtilEarningsX96: bigint): bigint {
  return mulDiv(capacity, checkedSubUint(utilEarningsX96, lastUtilEarningsX96, 'utilization earnings'), Q96);
}

/**
 * Uniswap v4 getFeeGrowthInside for token1 (Q128, wrapping by design): below = outside(lower) if
 * tick >= lower else global - outside(lower); above = outside(upper) if tick < upper else global - outside(upper);
 * inside = global - below - above.
 */
export function feeGrowthInside1X128(
  globalX128: bigint,
  outsideLowerX128: bigint,
  outsideUpperX128: bigint,
  tickLower: number,
  tickUpper: number,
  tick: number,
): bigint {
  const below = tick >= tickLower ? outsideLowerX128 : wrappingSubUint256(globalX128, outsideLowerX128);
  const above = tick < tickUpper ? outsideUpperX128 : wrappingSubUint256(globalX128, outsideUpperX128);
  return wrappingSubUint256(wrappingSubUint256(globalX128, below), above);
}

/** Uncollected LP fees in USDC atoms: floor(liquidity * ((inside - insideLast) mod 2^256) / 2^128). */
export function makerLpFeesAtoms(liquidity: bigint, feeGrowthInside1X128: bigint, feeGrowthInside1LastX128: bigint): bigint {
  return requireUint256((liquidity * wrappingSubUint256(feeGrowthInside1X128, feeGrowthInside1LastX128)) >> 128n, 'LP fees');
}

export interface MakerBandValue extends TokenAmounts {
  /** floor(amount0 * mark / 2^96) + amount1: the band at the mark, USDC atoms (the health test's denominator). */
  value: bigint;
}

/**
 * The band's composition at the pool price (LiquidityAmounts, both legs floored) valued at the mark:
 * floor(amount0 * mark / 2^96) + amount1. Geometry in pool-price space, value at the mark.
 */
export function makerBandValue(sqrtPriceX96: bigint, tickLower: number, tickUpper: number, liquidity: bigint, markPriceX96: bigint): MakerBandValue {
  if (tickLower >= tickUpper) {
    throw new RangeError(`tickLower (${tickLower}) must be below tickUpper (${tickUpper})`);
  }
  const amounts = getAmountsForLiquidity(sqrtPriceX96, getSqrtPriceAtTick(tickLower), getSqrtPriceAtTick(tickUpper), liquidity);
  return { ...amounts, value: mulDiv(amounts.amount0, markPriceX96, Q96) + amounts.amount1 };
}

/** PerpLogic.valPnl (maker): band value + sFullMulDiv(perpDelta, mark, 2^96, trunc) + usdDelta, a signed sum. */
export function makerUnrealizedPnl(bandValue: bigint, perpDelta: bigint, usdDelta: bigint, markPriceX96: bigint): bigint {
  return checkedInt256(bandValue + sFullMulDiv(perpDelta, markPriceX96, Q96, false) + usdDelta, 'maker unrealized pnl');
}

export interface MakerEquityExact {
  amount0: bigint;
  amount1: bigint;
  /** The band at the mark (>= 0): the health test's denominator. */
  positionValue: bigint;
  funding: MakerFundingOwed;
  /** Utilization earnings per side, USDC atoms. */
  utilEarningsLong: bigint;
  utilEarningsShort: bigint;
  lpFees: bigint;
  unrealizedPnl: bigint;
  /** margin - funding + util earnings + LP fees. */
  settledMargin: bigint;
  /** settledMargin + unrealizedPnl. */
  equity: bigint;
  marginRatioE6: bigint;
  /** !isHealthy(equity, positionValue, liqMarginRatio): the deployed test deducts no fee. */
  isLiquidatable: boolean;
}

/**
 * What the contract would settle for an open maker touched now (funding through the tick checkpoints,
 * utilization earnings, LP fees, valPnl at the mark), and its health test. `market` must hold cumulatives
 * already accrued to the time (accrueMakerCumulatives) and the mark at that time.
 */
export function makerEquityExact(market: MakerMarketX96, maker: MakerStateAtoms): MakerEquityExact {
  const band = makerBandValue(market.sqrtPriceX96, maker.tickLower, maker.tickUpper, maker.liquidity, market.markPriceX96);
  const funding = makerFundingOwed(market, maker);
  const utilEarningsLong = makerUtilEarningsAtoms(maker.capacityLong, market.longUtilEarningsX96, maker.lastLongUtilEarningsX96);
  const utilEarningsShort = makerUtilEarningsAtoms(maker.capacityShort, market.shortUtilEarningsX96, maker.lastShortUtilEarningsX96);
  const lpFees = makerLpFeesAtoms(maker.liquidity, maker.feeGrowthInside1X128, maker.feeGrowthInside1LastX128);
  const unrealizedPnl = makerUnrealizedPnl(band.value, maker.perpDelta, maker.usdDelta, market.markPriceX96);
  const settledMargin = maker.margin - funding.total + utilEarningsLong + utilEarningsShort + lpFees;
  const equity = settledMargin + unrealizedPnl;
  return {
    amount0: band.amount0,
    amount1: band.amount1,
    positionValue: band.value,
    funding,
    utilEarningsLong,
    utilEarningsShort,
    lpFees,
    unrealizedPnl,
    settledMargin,
    equity,
    marginRatioE6: marginRatioE6(equity, band.value),
    isLiquidatable: isLiquidatableAtoms(equity, band.value, maker.liqMarginRatioE6),
  };
}

function bandSqrtPrices(maker: Pick<MakerStateAtoms, 'tickLower' | 'tickUpper'>): [bigint, bigint] {
  if (maker.tickLower >= maker.tickUpper) {
    throw new RangeError(`tickLower (${maker.tickLower}) must be below tickUpper (${maker.tickUpper})`);
  }
  return [getSqrtPriceAtTick(maker.tickLower), getSqrtPriceAtTick(maker.tickUpper)];
}
