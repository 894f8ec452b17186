import { Q96 } from '@perp/x96-math';
import { q40, Rng } from './rng';

const SECONDS_PER_YEAR = 365 * 86_400;
/** Pool premium: an Ornstein-Uhlenbeck log-spread around the index, half-life about 20 min, sd about 0.6 %. */
const SPREAD_REVERSION_PER_SECOND = Math.LN2 / 1_200;
const SPREAD_STATIONARY_SD = 0.006;

export interface PriceModelOptions {
  launchSqrtX96: bigint;
  annualVol: number;
  emaWindowSeconds: number;
  /** Pool bounds (sqrt prices of the market's min and max ticks). */
  minSqrtX96: bigint;
  maxSqrtX96: bigint;
}

/**
 * One market's prices as exact integers: the index follows a geometric Brownian motion,
 * the pool tracks it with mean-reverting noise (clamped to the market's bounds). The
 * on-chain accounting (EMAs, funding, utilization) is MarketChainState's. Floats only draw
 * the random multipliers; every state variable is a bigint.
 */
export class PriceModel {
  /** sqrt of the index price, X96 (keeping the root makes the pool's sqrt price one multiply). */
  sqrtIndexX96: bigint;
  poolSqrtX96: bigint;
  private spread = 0;
  private readonly stepSigma: number;
  private readonly stepDrift: number;

  constructor(
    private readonly options: PriceModelOptions,
    private readonly dtSeconds: number,
    private readonly rng: Rng,
  ) {
    this.sqrtIndexX96 = options.launchSqrtX96;
    this.poolSqrtX96 = options.launchSqrtX96;
    const dtYears = dtSeconds / SECONDS_PER_YEAR;
    this.stepSigma = options.annualVol * Math.sqrt(dtYears);
    // Zero drift of the price itself: E[S_t] constant.
    this.stepDrift = (-options.annualVol * options.annualVol * dtYears) / 2;
  }

  get indexX96(): bigint {
    return (this.sqrtIndexX96 * this.sqrtIndexX96) / Q96;
  }

  get poolPriceX96(): bigint {
    return (this.poolSqrtX96 * this.poolSqrtX96) / Q96;
  }

  /** Moves index and pool by one step. */
  advance(): void {
    const logReturn = this.stepDrift + this.stepSigma * this.rng.normal();
    this.sqrtIndexX96 = (this.sqrtIndexX96 * q40(Math.exp(logReturn / 2))) >> 40n;
    const decay = Math.exp(-SPREAD_REVERSION_PER_SECOND * this.dtSeconds);
    this.spread = this.spread * decay + SPREAD_STATIONARY_SD * Math.sqrt(1 - decay * decay) * this.rng.normal();
    let pool = (this.sqrtIndexX96 * q40(Math.exp(this.spread / 2))) >> 40n;
    if (pool < this.options.minSqrtX96) pool = this.options.minSqrtX96;
    if (pool > this.options.maxSqrtX96) pool = this.options.maxSqrtX96;
    this.poolSqrtX96 = pool;
  }
}
