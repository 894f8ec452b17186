import { TakerCumulativesX96 } from './liquidation-mark';
import { MarketChainRow } from './tables/markets';
import { PositionChainRow } from './tables/positions';
import { BandTicks } from './tables/ticks';
import {
  accrueCumulatives,
  feeGrowthInside1X128,
  MarketCumulatives,
  makerEquityExact,
  MakerEquityExact,
  markAt,
  takerHealthExact,
  TakerHealthExact,
} from '@perp/x96-math';

/**
 * The bridge from index-store rows to @perp/x96-math: which stored column feeds which contract
 * input. Every served figure (market-data) and every simulator check goes through here, so that
 * the store, the simulator and the API cannot price a position differently.
 */

/** A market priced at one time: the contract's mark and every cumulative accrued to it. */
export interface MarkedMarket {
  /** The time marked: the mark snapshot's (as_of), never earlier than the stored touch. */
  asOf: number;
  markX96: bigint;
  cumulatives: MarketCumulatives;
}

/**
 * A market at `asOf` (the time of its mark snapshot), as PerpLogic.accrue would leave it then: the fair
 * price of the pool price, the index and both EMAs advanced from rates_last_touch by expWad, and funding,
 * funding per sqrt price and utilization (payments and earnings) accrued over the elapsed time at that
 * mark. A snapshot older than the stored touch marks at the touch (nothing to advance). null before the
 * market's first EMA update (no EMA, index or touch stored) or without a snapshot.
 */
export function markMarket(market: MarketChainRow, asOf: number | null): MarkedMarket | null {
  if (asOf === null || market.emaAmmPriceX96 === null || market.emaIndexPriceX96 === null || market.indexPriceX96 === null || market.ratesLastTouch === null) {
    return null;
  }
  const time = asOf > market.ratesLastTouch ? asOf : market.ratesLastTouch;
  const { markPriceX96 } = markAt({
    sqrtPriceX96: market.sqrtPriceX96,
    indexX96: market.indexPriceX96,
    emas: { amm: market.emaAmmPriceX96, index: market.emaIndexPriceX96, lastTouch: BigInt(market.ratesLastTouch) },
    emaWindowSeconds: BigInt(market.emaWindow),
    timestamp: BigInt(time),
  });
  const cumulatives = accrueCumulatives(
    {
      fundingX96: market.cumulativeFundingX96,
      fundingDivSqrtPX96: market.fundingDivSqrtPX96,
      longUtilPaymentsX96: market.longUtilPaymentsX96,
      shortUtilPaymentsX96: market.shortUtilPaymentsX96,
      longUtilEarningsX96: market.longUtilEarningsX96,
      shortUtilEarningsX96: market.shortUtilEarningsX96,
    },
    {
      fundingPerDayWad: market.fundingPerDay ?? 0n,
      longUtilFeePerDayWad: market.longUtilFeePerDay,
      shortUtilFeePerDayWad: market.shortUtilFeePerDay,
      lastTouch: BigInt(market.ratesLastTouch),
      timestamp: BigInt(time),
      openInterestLong: market.openInterestLong,
      openInterestShort: market.openInterestShort,
      capacityLong: market.capacityLong,
      capacityShort: market.capacityShort,
      markPriceX96,
      sqrtPriceX96: market.sqrtPriceX96,
    },
  );
  return { asOf: time, markX96: markPriceX96, cumulatives };
}

/** The taker side of the cumulatives, in the shape of the candidate bounds. */
export function takerCumulatives(marked: MarkedMarket): TakerCumulativesX96 {
  return {
    cumulativeFundingX96: marked.cumulatives.fundingX96,
    longUtilPaymentsX96: marked.cumulatives.longUtilPaymentsX96,
    shortUtilPaymentsX96: marked.cumulatives.shortUtilPaymentsX96,
  };
}

/** liquidateTaker's test (and every leg of it) at the marked market: funding and util owed since the checkpoints, value at the mark. */
export function takerFigures(marked: MarkedMarket, position: PositionChainRow, markX96 = marked.markX96): TakerHealthExact {
  return takerHealthExact(
    {
      fundingX96: marked.cumulatives.fundingX96,
      longUtilPaymentsX96: marked.cumulatives.longUtilPaymentsX96,
      shortUtilPaymentsX96: marked.cumulatives.shortUtilPaymentsX96,
      markPriceX96: markX96,
    },
    {
      perpDelta: position.perpDelta,
      usdDelta: position.usdDelta,
      margin: position.margin,
      liqMarginRatioE6: BigInt(position.liqMarginRatioE6),
      lastCumlFundingX96: position.entryCumulativeFundingX96,
      lastLongUtilPaymentsX96: position.entryLongUtilPaymentsX96,
      lastShortUtilPaymentsX96: position.entryShortUtilPaymentsX96,
    },
  );
}

/**
 * What a touch at the marked time would settle for an open maker, and its health test (the SDK's
 * maker_equity): its band's funding legs from its two ticks, util earnings, LP fees from the fee growth
 * inside, valPnl at the mark.
 */
export function makerFigures(
  marked: MarkedMarket,
  market: Pick<MarketChainRow, 'tick' | 'sqrtPriceX96' | 'feeGrowthGlobal1X128'>,
  position: PositionChainRow,
  ticks: BandTicks,
): MakerEquityExact {
  if (position.tickLower === null || position.tickUpper === null || position.liquidity === null) {
    throw new RangeError('makerFigures needs a band');
  }
  return makerEquityExact(
    { ...marked.cumulatives, tick: market.tick, sqrtPriceX96: market.sqrtPriceX96, markPriceX96: marked.markX96 },
    {
      margin: position.margin,
      liqMarginRatioE6: BigInt(position.liqMarginRatioE6),
      perpDelta: position.perpDelta,
      usdDelta: position.usdDelta,
      lastCumlFundingX96: position.entryCumulativeFundingX96,
      tickLower: position.tickLower,
      tickUpper: position.tickUpper,
      liquidity: position.liquidity,
      lastLongUtilEarningsX96: position.entryLongUtilEarningsX96,
      lastShortUtilEarningsX96: position.entryShortUtilEarningsX96,
      capacityLong: position.capacityLong,
      capacityShort: position.capacityShort,
      lastBelowX96: position.entryFundingBelowX96,
      lastWithinX96: position.entryFundingWithinX96,
      lastDivSqrtWithinX96: position.entryFundingDivSqrtWithinX96,
      tickLowerFunding: ticks.lower,
      tickUpperFunding: ticks.upper,
      feeGrowthInside1X128: feeGrowthInside1X128(
        market.feeGrowthGlobal1X128,
        ticks.lower.feeGrowthOutside1X128,
        ticks.upper.feeGrowthOutside1X128,
        position.tickLower,
        position.tickUpper,
        market.tick,
      ),
      feeGrowthInside1LastX128: position.feeGrowthInside1LastX128,
    },
  );
}
