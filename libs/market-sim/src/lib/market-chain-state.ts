import { accrueCumulatives, feeGrowthInside1X128, makerCumlFunding, MakerCumlFunding, markAt, TickFundingX96, WAD } from '@perp/x96-math';

/** funding_per_day is three times the EMA premium (emaAmm / emaIndex - 1) per day, clamped to +-10 %. */
const MAX_FUNDING_PER_DAY = WAD / 10n;
/** Utilization fee per day of each side: 0.02 % plus 2 % times the side's open interest over its capacity (capped at 1). */
const BASE_UTIL_FEE_PER_DAY = WAD / 5_000n;
const UTIL_FEE_SLOPE_PER_DAY = WAD / 50n;

export interface TickState extends TickFundingX96 {
  feeGrowthOutside1X128: bigint;
  /** Uniswap liquidityNet: added when the pool crosses the tick upwards. */
  liquidityNet: bigint;
  /** Open bands using the tick; it is cleared at zero. */
  references: number;
}

/**
 * A market's on-chain accounting as the contract keeps it, every step through @perp/x96-math:
 * the EMAs (advanced by expWad), funding and utilization cumulatives accrued at each touch, the
 * per-tick funding and fee-growth checkpoints flipped when the pool crosses a tick, and the fee
 * growth of the in-range liquidity. A touch is an event (a position opened, changed or closed,
 * or the hourly keeper pass); between touches the stored state ages, as it does on chain.
 */
export class MarketChainState {
  emaAmmX96: bigint | null = null;
  emaIndexX96: bigint | null = null;
  lastTouch: number | null = null;
  fundingPerDayWad: bigint | null = null;
  longUtilFeePerDayWad = BASE_UTIL_FEE_PER_DAY;
  shortUtilFeePerDayWad = BASE_UTIL_FEE_PER_DAY;
  fundingX96 = 0n;
  fundingDivSqrtPX96 = 0n;
  longUtilPaymentsX96 = 0n;
  shortUtilPaymentsX96 = 0n;
  longUtilEarningsX96 = 0n;
  shortUtilEarningsX96 = 0n;
  feeGrowthGlobal1X128 = 0n;
  /** Open maker capacity per side (the sum of the bands' fixed capacities) and taker open interest. */
  capacityLong = 0n;
  capacityShort = 0n;
  oiLong = 0n;
  oiShort = 0n;
  /** In-range liquidity and the pool tick the tick checkpoints were last flipped to. */
  activeLiquidity = 0n;
  tick: number;
  readonly ticks = new Map<number, TickState>();
  /** The initialized ticks in ascending order: a crossing visits only the ticks it passes. */
  private readonly sortedTicks: number[] = [];

  constructor(
    tick: number,
    private readonly emaWindowSeconds: number,
  ) {
    this.tick = tick;
  }

  /** The contract's mark at `t` from the stored EMAs and the spot pair (the EMAs are advanced, not stored). */
  markAt(t: number, sqrtPriceX96: bigint, indexX96: bigint): bigint {
    if (this.emaAmmX96 === null || this.emaIndexX96 === null || this.lastTouch === null) {
      return (sqrtPriceX96 * sqrtPriceX96) >> 96n;
    }
    return markAt({
      sqrtPriceX96,
      indexX96,
      emas: { amm: this.emaAmmX96, index: this.emaIndexX96, lastTouch: BigInt(this.lastTouch) },
      emaWindowSeconds: BigInt(this.emaWindowSeconds),
      timestamp: BigInt(t),
    }).markPriceX96;
  }

  /** PerpLogic.accrue at `t`: cumulatives over the elapsed time at the mark, the EMAs advanced and stored, then the rates refreshed. */
  touch(t: number, sqrtPriceX96: bigint, indexX96: bigint): void {
    const ammPrice = (sqrtPriceX96 * sqrtPriceX96) >> 96n;
    if (this.emaAmmX96 === null || this.emaIndexX96 === null || this.lastTouch === null) {
      this.emaAmmX96 = ammPrice;
      this.emaIndexX96 = indexX96;
      this.lastTouch = t;
      this.refreshRates();
      return;
    }
    if (t <= this.lastTouch) return;
    const mark = markAt({
      sqrtPriceX96,
      indexX96,
      emas: { amm: this.emaAmmX96, index: this.emaIndexX96, lastTouch: BigInt(this.lastTouch) },
      emaWindowSeconds: BigInt(this.emaWindowSeconds),
      timestamp: BigInt(t),
    });
    const inputs = {
      fundingPerDayWad: this.fundingPerDayWad ?? 0n,
      longUtilFeePerDayWad: this.longUtilFeePerDayWad,
      shortUtilFeePerDayWad: this.shortUtilFeePerDayWad,
      lastTouch: BigInt(this.lastTouch),
      timestamp: BigInt(t),
      openInterestLong: this.oiLong,
      openInterestShort: this.oiShort,
      capacityLong: this.capacityLong,
      capacityShort: this.capacityShort,
      markPriceX96: mark.markPriceX96,
      sqrtPriceX96,
    };
    const accrued = accrueCumulatives(this, inputs);
    this.fundingX96 = accrued.fundingX96;
    this.fundingDivSqrtPX96 = accrued.fundingDivSqrtPX96;
    this.longUtilPaymentsX96 = accrued.longUtilPaymentsX96;
    this.shortUtilPaymentsX96 = accrued.shortUtilPaymentsX96;
    this.longUtilEarningsX96 = accrued.longUtilEarningsX96;
    this.shortUtilEarningsX96 = accrued.shortUtilEarningsX96;
    this.emaAmmX96 = mark.emas.amm;
    this.emaIndexX96 = mark.emas.index;
    this.lastTouch = t;
    this.refreshRates();
  }

  /** The simulator's rate rules (the contract's modules are configurable; these are ours). */
  private refreshRates(): void {
    const emaAmm = this.emaAmmX96 ?? 0n;
    const emaIndex = this.emaIndexX96 ?? 0n;
    let rate = emaIndex > 0n ? (3n * (emaAmm - emaIndex) * WAD) / emaIndex : 0n;
    if (rate > MAX_FUNDING_PER_DAY) rate = MAX_FUNDING_PER_DAY;
    if (rate < -MAX_FUNDING_PER_DAY) rate = -MAX_FUNDING_PER_DAY;
    this.fundingPerDayWad = rate;
    const fee = (oi: bigint, capacity: bigint) =>
      BASE_UTIL_FEE_PER_DAY + (capacity === 0n ? UTIL_FEE_SLOPE_PER_DAY : (UTIL_FEE_SLOPE_PER_DAY * (oi < capacity ? oi : capacity)) / capacity);
    this.longUtilFeePerDayWad = fee(this.oiLong, this.capacityLong);
    this.shortUtilFeePerDayWad = fee(this.oiShort, this.capacityShort);
  }

  /** The pool moved to `tick`: every initialized tick crossed flips its outside values, as Uniswap and the Perp's tick map do. */
  crossTo(tick: number): void {
    const from = this.tick;
    if (tick === from) return;
    const [lo, hi] = tick > from ? [from, tick] : [tick, from];
    for (let i = firstAbove(this.sortedTicks, lo); i < this.sortedTicks.length && this.sortedTicks[i] <= hi; i++) {
      const state = this.ticks.get(this.sortedTicks[i]) as TickState;
      state.cumlFundingOppX96 = this.fundingX96 - state.cumlFundingOppX96;
      state.cumlFundingDivSqrtPOppX96 = this.fundingDivSqrtPX96 - state.cumlFundingDivSqrtPOppX96;
      state.feeGrowthOutside1X128 = (this.feeGrowthGlobal1X128 - state.feeGrowthOutside1X128) & ((1n << 256n) - 1n);
      this.activeLiquidity += tick > from ? state.liquidityNet : -state.liquidityNet;
    }
    this.tick = tick;
  }

  /** LP fees (USDC atoms) paid to the in-range liquidity: fee growth per unit of liquidity, Q128. */
  payLpFees(atoms: bigint): void {
    if (this.activeLiquidity > 0n && atoms > 0n)
      this.feeGrowthGlobal1X128 = (this.feeGrowthGlobal1X128 + (atoms << 128n) / this.activeLiquidity) & ((1n << 256n) - 1n);
  }

  /** Initializes (or references) a band's two ticks and returns its entry checkpoints. */
  addBand(tickLower: number, tickUpper: number, liquidity: bigint): { cuml: MakerCumlFunding; feeGrowthInside: bigint } {
    for (const [t, net] of [
      [tickLower, liquidity],
      [tickUpper, -liquidity],
    ] as const) {
      let state = this.ticks.get(t);
      if (!state) {
        // Everything so far is deemed below the tick: the outside value is the global one at or below the pool.
        const below = this.tick >= t;
        state = {
          cumlFundingOppX96: below ? this.fundingX96 : 0n,
          cumlFundingDivSqrtPOppX96: below ? this.fundingDivSqrtPX96 : 0n,
          feeGrowthOutside1X128: below ? this.feeGrowthGlobal1X128 : 0n,
          liquidityNet: 0n,
          references: 0,
        };
        this.ticks.set(t, state);
        this.sortedTicks.splice(firstAbove(this.sortedTicks, t), 0, t);
      }
      state.liquidityNet += net;
      state.references++;
    }
    if (tickLower <= this.tick && this.tick < tickUpper) this.activeLiquidity += liquidity;
    return this.bandState(tickLower, tickUpper);
  }

  removeBand(tickLower: number, tickUpper: number, liquidity: bigint): void {
    if (tickLower <= this.tick && this.tick < tickUpper) this.activeLiquidity -= liquidity;
    for (const [t, net] of [
      [tickLower, liquidity],
      [tickUpper, -liquidity],
    ] as const) {
      const state = this.ticks.get(t);
      if (!state) continue;
      state.liquidityNet -= net;
      if (--state.references === 0) {
        this.ticks.delete(t);
        this.sortedTicks.splice(firstAbove(this.sortedTicks, t) - 1, 1);
      }
    }
  }

  /** The band's cumulative funding legs and its fee growth inside, now. */
  bandState(tickLower: number, tickUpper: number): { cuml: MakerCumlFunding; feeGrowthInside: bigint } {
    const lower = this.ticks.get(tickLower);
    const upper = this.ticks.get(tickUpper);
    if (!lower || !upper) throw new Error(`band ${tickLower}..${tickUpper} has an uninitialized tick`);
    const market = { fundingX96: this.fundingX96, fundingDivSqrtPX96: this.fundingDivSqrtPX96, tick: this.tick };
    return {
      cuml: makerCumlFunding(market, tickLower, tickUpper, lower, upper),
      feeGrowthInside: feeGrowthInside1X128(
        this.feeGrowthGlobal1X128,
        lower.feeGrowthOutside1X128,
        upper.feeGrowthOutside1X128,
        tickLower,
        tickUpper,
        this.tick,
      ),
    };
  }
}

/** The index of the first element greater than `value` in an ascending array. */
function firstAbove(sorted: number[], value: number): number {
  let lo = 0;
  let hi = sorted.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (sorted[mid] <= value) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}
