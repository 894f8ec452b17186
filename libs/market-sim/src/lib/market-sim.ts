import { liquidationKeyX96, liquidationMarkX96 } from '@perp/index-db';
import { getAmount0ForLiquidity, getAmountsForLiquidity, getSqrtPriceAtTick, Q96 } from '@perp/x96-math';
import { MarketConfig, PROTOCOL, stepTime, Timeline } from './market-setup';
import { PriceModel } from './price-model';
import { Rng } from './rng';
import { copyLine, isoTime, RowSink } from './rows';
import { abs, approximateLiquidationMark, equityAtoms, fundingOwed, isLiquidatable, marginForRatio, meetsRatio, TakerBook } from './taker-rules';
import { alignDown, tickAtSqrtPrice } from './tick-at-sqrt-price';

const E6 = 1_000_000n;
/** Fraction of openings that are makers. */
const MAKER_SHARE = 0.15;
/** Prefilter band around the float liquidation mark, as a fraction of the mark; far above the funding drift between refreshes. */
const PREFILTER_BAND = 0.02;

interface TakerState extends TakerBook {
  id: number;
  holder: string;
  isLong: boolean;
  entryCumulativeX96: bigint;
  avgEntryX96: bigint;
  openTs: number;
  liqMarkX96: bigint | null;
  liqKeyX96: bigint | null;
  /** Float liquidation mark with the funding owed at the last refresh: the prefilter's threshold. */
  approxLiqMark: number;
  slot: number;
}

interface MakerState {
  id: number;
  holder: string;
  margin: bigint;
  perpDelta: bigint;
  usdDelta: bigint;
  entryCumulativeX96: bigint;
  avgEntryX96: bigint;
  openTs: number;
  tickLower: number;
  tickUpper: number;
  liquidity: bigint;
  slot: number;
}

type Action = { kind: 'close' | 'adjust'; id: number; ts: number };

export interface OpenRequest {
  market: MarketSim;
  ts: number;
  seq: number;
  maker: boolean;
}

/** Ids the indexer's serial columns would assign, in emission order. */
export interface IdCounters {
  snapshot: number;
  trade: number;
}

export interface MarketCounts {
  snapshots: number;
  measurements: number;
  trades: number;
  liquidations: number;
  positions: number;
}

/** The market row's derived state at the end of the run. */
export interface MarketFinalState {
  sqrtPriceX96: bigint;
  tick: number;
  liquidity: bigint;
  emaAmmPriceX96: bigint | null;
  emaIndexPriceX96: bigint | null;
  fundingPerDay: bigint | null;
  cumulativeFundingX96: bigint;
  openInterestLong: bigint;
  openInterestShort: bigint;
  capacityLong: bigint;
  capacityShort: bigint;
  insurance: bigint;
  badDebt: bigint;
  totalMargin: bigint;
  lastTouchedAt: number;
}

/** O(1) removal: the last item takes the removed one's slot. */
function swapRemove<T extends { slot: number }>(list: T[], item: T): void {
  const last = list[list.length - 1];
  list[item.slot] = last;
  last.slot = item.slot;
  list.pop();
}

/**
 * One market through time: prices, snapshots, its source series, and its positions'
 * life cycles under the protocol's rules. The orchestrator calls it tick by tick, so that
 * position ids stay chronological across markets.
 */
export class MarketSim {
  readonly prices: PriceModel;
  readonly counts: MarketCounts = { snapshots: 0, measurements: 0, trades: 0, liquidations: 0, positions: 0 };
  private readonly rng: Rng;
  private readonly takers: TakerState[] = [];
  private readonly makers: MakerState[] = [];
  private readonly open = new Map<number, TakerState | MakerState>();
  private readonly actions = new Map<number, Action[]>();
  private readonly openSteps: Int32Array;
  private openCursor = 0;
  private readonly totalFeeE6: bigint;
  private readonly refreshEvery: number;
  private lastRefreshStep = -Infinity;
  private oiLong = 0n;
  private oiShort = 0n;
  private totalMargin = 0n;
  private insurance = 0n;
  private badDebt = 0n;
  private lastTouchedAt: number;
  /** The pool as the indexer last saw it (frozen after the horizon). */
  private chainSqrtX96: bigint;
  private readonly minSqrtX96: bigint;
  private readonly maxSqrtX96: bigint;
  private readonly originEnds: [number, number];

  constructor(
    readonly config: MarketConfig,
    private readonly time: Timeline,
    private readonly holders: string[],
    private readonly sink: RowSink,
    private readonly ids: IdCounters,
    rng: Rng,
  ) {
    this.rng = rng.fork(`sim-${config.index}`);
    this.minSqrtX96 = getSqrtPriceAtTick(config.minTick);
    this.maxSqrtX96 = getSqrtPriceAtTick(config.maxTick);
    this.prices = new PriceModel(
      {
        launchSqrtX96: config.launchSqrtX96,
        annualVol: config.annualVol,
        emaWindowSeconds: PROTOCOL.emaWindowSeconds,
        minSqrtX96: this.minSqrtX96,
        maxSqrtX96: this.maxSqrtX96,
      },
      time.intervalSeconds,
      this.rng.fork('prices'),
    );
    this.chainSqrtX96 = config.launchSqrtX96;
    this.totalFeeE6 = BigInt(PROTOCOL.creatorFee + config.insuranceFee + config.lpFee);
    this.refreshEvery = Math.max(1, Math.round(3_600 / time.intervalSeconds));
    this.lastTouchedAt = config.createdAt;
    const preBoundary = config.boundaryStep - config.modelStartStep;
    this.originEnds = [config.modelStartStep + Math.floor(preBoundary * 0.5), config.modelStartStep + Math.floor(preBoundary * 0.8)];
    this.openSteps = this.scheduleOpenings();
  }

  private alive(step: number): boolean {
    return step >= this.config.createdStep && step <= this.config.horizonStep;
  }

  /** Opening steps, uniform over the market's active life (sorted); an unsnapshotted market opens its few right after creation. */
  private scheduleOpenings(): Int32Array {
    const { positions, createdStep, horizonStep, kind } = this.config;
    const steps = new Int32Array(positions);
    if (kind === 'unsnapshotted') return steps.fill(this.time.steps - 1);
    // An inactive market stops taking positions early enough for every one to be closed by its horizon.
    const last = kind === 'inactive' ? Math.max(createdStep, horizonStep - 10) : horizonStep;
    for (let i = 0; i < positions; i++) steps[i] = createdStep + Math.floor(this.rng.next() * (last - createdStep + 1));
    return steps.sort();
  }

  /** Tick k: prices move; while the indexer sees the market, on-chain state, a snapshot, then liquidations at the new mark. */
  advance(step: number, stepIso: string): void {
    if (step < this.config.modelStartStep) return;
    this.prices.advance();
    const t = stepTime(this.time, step);
    let chainIndex: bigint | null = null;
    if (this.alive(step)) {
      this.prices.updateOnChain(this.time.intervalSeconds);
      this.chainSqrtX96 = this.prices.poolSqrtX96;
      // The on-chain index is unknown at about 1 % of ticks (no beacon update yet).
      chainIndex = this.rng.chance(0.01) ? null : this.prices.indexX96;
      this.sink.write('snapshots', copyLine([++this.ids.snapshot, this.config.perpAddress, stepIso, this.chainSqrtX96, chainIndex]));
      this.counts.snapshots++;
      this.lastTouchedAt = Math.max(this.lastTouchedAt, t);
      this.liquidate(step, t);
    }
    this.measure(step, stepIso, chainIndex);
  }

  /** The raw series: source provenances before the boundary (with gaps in the index), the chain's index after it. */
  private measure(step: number, stepIso: string, chainIndex: bigint | null): void {
    const index = this.prices.indexX96;
    let origin: string;
    let indexX96: bigint | null;
    if (step >= this.config.boundaryStep) {
      origin = 'chain';
      indexX96 = chainIndex;
    } else {
      origin = step < this.originEnds[0] ? 'backfill' : step < this.originEnds[1] ? 'mirror' : 'folded';
      // Folded points are 5-tick aggregates.
      if (origin === 'folded' && step % 5 !== 0) return;
      const glitch = this.rng.next();
      indexX96 = glitch < 0.015 ? null : glitch < 0.0175 ? 0n : glitch < 0.02 ? -index : index;
    }
    const raw = Number((index * 100_000_000n) / Q96) / 1e8;
    this.sink.write('measurements', copyLine([this.config.perpAddress, stepIso, raw, indexX96, origin]));
    this.counts.measurements++;
  }

  /** The EMA mark; only asked for while the market is on chain, where it always exists. */
  private mark(): bigint {
    const mark = this.prices.emaMarkX96;
    if (mark === null) throw new Error(`${this.config.perpAddress} has no mark yet`);
    return mark;
  }

  private liquidate(step: number, t: number): void {
    const mark = this.mark();
    const cumulative = this.prices.cumulativeFundingX96;
    if (step - this.lastRefreshStep >= this.refreshEvery) {
      for (const p of this.takers)
        p.approxLiqMark = approximateLiquidationMark(p, fundingOwed(p.perpDelta, p.entryCumulativeX96, cumulative), PROTOCOL.takerLiqMarginRatio);
      this.lastRefreshStep = step;
    }
    const markF = Number(mark >> 32n) / 2 ** 64;
    const band = markF * PREFILTER_BAND;
    // Backwards: a liquidated position is swapped out with the last one, already visited.
    for (let i = this.takers.length - 1; i >= 0; i--) {
      const p = this.takers[i];
      if (p.isLong ? markF > p.approxLiqMark + band : markF < p.approxLiqMark - band) continue;
      const funding = fundingOwed(p.perpDelta, p.entryCumulativeX96, cumulative);
      if (isLiquidatable(p, funding, mark, PROTOCOL.takerLiqMarginRatio)) this.closeTaker(p, t, true, funding);
    }
  }

  /** Closes and margin changes due at this tick, stamped within the interval after it. */
  runActions(step: number): void {
    const due = this.actions.get(step);
    if (!due) return;
    this.actions.delete(step);
    for (const action of due) {
      const position = this.open.get(action.id);
      if (!position) continue; // liquidated before its owner acted
      const isMaker = 'tickLower' in position;
      if (action.kind === 'close') {
        if (isMaker) this.closeMaker(position, action.ts);
        else this.closeTaker(position, action.ts, false, fundingOwed(position.perpDelta, position.entryCumulativeX96, this.prices.cumulativeFundingX96));
      } else if (isMaker) {
        this.addMakerMargin(position, action.ts);
      } else {
        this.adjustTakerMargin(position, action.ts);
      }
    }
  }

  /** The openings due at this tick, for the orchestrator to number across markets. */
  openRequests(step: number, out: OpenRequest[]): void {
    while (this.openCursor < this.openSteps.length && this.openSteps[this.openCursor] === step) {
      const ts =
        this.config.kind === 'unsnapshotted'
          ? Math.min(this.time.end, this.config.createdAt + 1 + this.openCursor)
          : stepTime(this.time, step) + this.rng.int(0, this.time.intervalSeconds - 1);
      // The few positions of an unsnapshotted market: two takers and a maker.
      const maker = this.config.kind === 'unsnapshotted' ? this.openCursor === 2 : this.rng.chance(MAKER_SHARE);
      out.push({ market: this, ts, seq: this.openCursor++, maker });
    }
  }

  private schedule(step: number, action: Action): void {
    if (step > this.config.horizonStep) return; // after the indexer's horizon: still open
    const list = this.actions.get(step);
    if (list) list.push(action);
    else this.actions.set(step, [action]);
  }

  /** A hold time in ticks, clamped so that an inactive market is empty by its horizon. */
  private closeStepAfter(step: number, medianSeconds: number, sigma: number): number {
    const hold = Math.max(1, Math.ceil(this.rng.logNormal(medianSeconds, sigma) / this.time.intervalSeconds));
    const close = step + hold;
    return this.config.kind === 'inactive' ? Math.min(close, this.config.horizonStep) : close;
  }

  private holder(): string {
    // Skewed: a few wallets hold many positions.
    const u = this.rng.next();
    return this.holders[Math.floor(this.holders.length * u * u)];
  }

  /** The mark a new position is judged at: the EMA, or the pool price before the first EMA update. */
  private currentMark(): bigint {
    return this.prices.emaMarkX96 ?? (this.chainSqrtX96 * this.chainSqrtX96) / Q96;
  }

  private poolPrice(): bigint {
    return (this.chainSqrtX96 * this.chainSqrtX96) / Q96;
  }

  openPosition(request: OpenRequest, id: number): void {
    if (this.config.kind === 'unsnapshotted') this.chainSqrtX96 = this.prices.poolSqrtX96;
    if (request.maker) this.openMaker(request, id);
    else this.openTaker(request, id);
    this.lastTouchedAt = Math.max(this.lastTouchedAt, request.ts);
    this.counts.positions++;
  }

  private openTaker(request: OpenRequest, id: number): void {
    const step = this.currentStep(request.ts);
    const price = this.poolPrice();
    const mark = this.currentMark();
    const cumulative = this.prices.cumulativeFundingX96;
    const isLong = this.rng.chance(0.52);
    const notionalUsd = Math.min(250_000, Math.max(20, this.rng.logNormal(2_000, 1.3)));
    const leverage = this.rng.logUniform(2, 16);
    const size = BigInt(Math.max(1, Math.round(((notionalUsd * 1e6) / Number(price >> 32n)) * 2 ** 64)));
    const cost = (size * price) / Q96;
    const perpDelta = isLong ? size : -size;
    const usdDelta = isLong ? -cost : cost;
    const fee = (cost * this.totalFeeE6) / E6;
    this.insurance += (cost * BigInt(this.config.insuranceFee)) / E6;
    let margin = BigInt(Math.round((notionalUsd / leverage) * 1e6)) - fee;
    // The protocol's initial margin: the owner tops up to it when the pick falls short.
    const least = marginForRatio({ perpDelta, usdDelta }, 0n, mark, PROTOCOL.takerOpenMarginRatio);
    if (margin < least) margin = least;
    const book = { margin, perpDelta, usdDelta };
    if (!meetsRatio(book, 0n, mark, PROTOCOL.takerOpenMarginRatio)) throw new Error('opening below the initial margin');
    const position: TakerState = {
      id,
      holder: this.holder(),
      isLong,
      ...book,
      entryCumulativeX96: cumulative,
      avgEntryX96: (cost * Q96) / size,
      openTs: request.ts,
      liqMarkX96: null,
      liqKeyX96: null,
      approxLiqMark: approximateLiquidationMark(book, 0n, PROTOCOL.takerLiqMarginRatio),
      slot: this.takers.length,
    };
    this.updateLiquidationMark(position);
    this.takers.push(position);
    this.open.set(id, position);
    if (isLong) this.oiLong += size;
    else this.oiShort += size;
    this.totalMargin += margin;
    const closeStep = this.closeStepAfter(step, 6 * 3_600, 1.3);
    this.schedule(closeStep, { kind: 'close', id, ts: this.jittered(closeStep) });
    if (this.rng.chance(0.35)) {
      const adjustStep = step + Math.floor(this.rng.uniform(0.1, 0.9) * (closeStep - step));
      if (adjustStep > step && adjustStep < closeStep) this.schedule(adjustStep, { kind: 'adjust', id, ts: this.jittered(adjustStep) });
    }
  }

  private openMaker(request: OpenRequest, id: number): void {
    const step = this.currentStep(request.ts);
    const { tickSpacing } = PROTOCOL;
    const sqrtP = this.chainSqrtX96;
    const price = this.poolPrice();
    const tick = tickAtSqrtPrice(sqrtP);
    let tickLower = Math.max(this.config.minTick, alignDown(tick - Math.round(this.rng.logUniform(300, 6_000)), tickSpacing));
    const tickUpper = Math.min(this.config.maxTick, alignDown(tick + Math.round(this.rng.logUniform(300, 6_000)), tickSpacing) + tickSpacing);
    if (tickLower >= tickUpper) tickLower = tickUpper - tickSpacing;
    const sqrtA = getSqrtPriceAtTick(tickLower);
    const sqrtB = getSqrtPriceAtTick(tickUpper);
    const margin = BigInt(Math.round(Math.min(2_000_000, Math.max(100, this.rng.logNormal(5_000, 1.0))) * 1e6));
    // Liquidity for a position worth margin x leverage at the pool price: scale a unit of liquidity.
    const targetValue = (margin * BigInt(Math.round(this.rng.uniform(1, 3) * 1_000))) / 1_000n;
    const unit = 10n ** 18n;
    const unitAmounts = getAmountsForLiquidity(sqrtP, sqrtA, sqrtB, unit);
    const unitValue = (unitAmounts.amount0 * price) / Q96 + unitAmounts.amount1;
    const liquidity = unitValue > 0n ? (unit * targetValue) / unitValue : unit;
    const amounts = getAmountsForLiquidity(sqrtP, sqrtA, sqrtB, liquidity);
    const position: MakerState = {
      id,
      holder: this.holder(),
      margin,
      perpDelta: -amounts.amount0,
      usdDelta: -amounts.amount1,
      entryCumulativeX96: this.prices.cumulativeFundingX96,
      avgEntryX96: price,
      openTs: request.ts,
      tickLower,
      tickUpper,
      liquidity,
      slot: this.makers.length,
    };
    this.makers.push(position);
    this.open.set(id, position);
    this.totalMargin += margin;
    const closeStep = this.closeStepAfter(step, 2 * 86_400, 1.0);
    this.schedule(closeStep, { kind: 'close', id, ts: this.jittered(closeStep) });
    if (this.rng.chance(0.2)) {
      const addStep = step + Math.floor(this.rng.uniform(0.2, 0.8) * (closeStep - step));
      if (addStep > step && addStep < closeStep) this.schedule(addStep, { kind: 'adjust', id, ts: this.jittered(addStep) });
    }
  }

  private currentStep(ts: number): number {
    return Math.min(this.time.steps - 1, Math.floor((ts - this.time.start) / this.time.intervalSeconds));
  }

  private jittered(step: number): number {
    return stepTime(this.time, step) + this.rng.int(0, this.time.intervalSeconds - 1);
  }

  /** Settles funding into the margin, then adds (mostly) or removes margin; removal only while the initial ratio still holds. */
  private adjustTakerMargin(p: TakerState, ts: number): void {
    const mark = this.mark();
    const cumulative = this.prices.cumulativeFundingX96;
    const funding = fundingOwed(p.perpDelta, p.entryCumulativeX96, cumulative);
    const settled = p.margin - funding;
    const change = (p.margin * BigInt(Math.round(this.rng.uniform(0.1, 1) * 1_000))) / 1_000n;
    const adding = this.rng.chance(0.7);
    const margin = adding ? settled + change : settled - change / 3n;
    if (margin <= 0n) return;
    if (!adding && !meetsRatio({ ...p, margin }, 0n, mark, PROTOCOL.takerOpenMarginRatio)) return;
    this.totalMargin += margin - p.margin;
    p.margin = margin;
    p.entryCumulativeX96 = cumulative;
    this.updateLiquidationMark(p);
    p.approxLiqMark = approximateLiquidationMark(p, 0n, PROTOCOL.takerLiqMarginRatio);
    this.lastTouchedAt = Math.max(this.lastTouchedAt, ts);
  }

  /** What the indexer stores at every write of a taker: its liquidation mark and funding-adjusted key. */
  private updateLiquidationMark(p: TakerState): void {
    p.liqMarkX96 = liquidationMarkX96(p, PROTOCOL.takerLiqMarginRatio);
    p.liqKeyX96 = liquidationKeyX96(p.liqMarkX96, p.entryCumulativeX96, p.isLong, PROTOCOL.takerLiqMarginRatio);
  }

  private addMakerMargin(p: MakerState, ts: number): void {
    const added = (p.margin * BigInt(Math.round(this.rng.uniform(0.1, 0.5) * 1_000))) / 1_000n;
    p.margin += added;
    this.totalMargin += added;
    this.lastTouchedAt = Math.max(this.lastTouchedAt, ts);
  }

  /** A close trade at the pool price: voluntary, or a liquidation judged at the EMA mark. */
  private closeTaker(p: TakerState, ts: number, liquidated: boolean, funding: bigint): void {
    const mark = this.mark();
    const size = abs(p.perpDelta);
    const cost = (size * this.poolPrice()) / Q96;
    const tradeUsd = p.isLong ? cost : -cost;
    const utilFees = (cost * this.totalFeeE6) / E6;
    this.insurance += (cost * BigInt(this.config.insuranceFee)) / E6;
    let liqFee: bigint | null = null;
    if (liquidated) {
      const equity = equityAtoms(p, funding, mark);
      const cap = (((size * mark) / Q96) * BigInt(this.config.liquidationFee)) / E6;
      liqFee = equity <= 0n ? 0n : equity < cap ? equity : cap;
    }
    const settlement = p.margin + p.usdDelta + tradeUsd - funding - utilFees - (liqFee ?? 0n);
    if (settlement < 0n) this.badDebt += -settlement;
    this.sink.write(
      'trades',
      copyLine([++this.ids.trade, this.config.perpAddress, isoTime(ts), p.id, liquidated, -p.perpDelta, tradeUsd, mark, funding, utilFees, liqFee]),
    );
    this.counts.trades++;
    if (liquidated) this.counts.liquidations++;
    if (p.isLong) this.oiLong -= size;
    else this.oiShort -= size;
    this.totalMargin -= p.margin;
    this.removeTaker(p);
    this.writeTaker(p, { ts, liquidated });
    this.lastTouchedAt = Math.max(this.lastTouchedAt, ts);
  }

  private closeMaker(p: MakerState, ts: number): void {
    this.totalMargin -= p.margin;
    swapRemove(this.makers, p);
    this.open.delete(p.id);
    this.writeMaker(p, ts);
    this.lastTouchedAt = Math.max(this.lastTouchedAt, ts);
  }

  private removeTaker(p: TakerState): void {
    swapRemove(this.takers, p);
    this.open.delete(p.id);
  }

  private writeTaker(p: TakerState, closed: { ts: number; liquidated: boolean } | null): void {
    this.sink.write(
      'positions',
      copyLine([
        p.id,
        this.config.perpAddress,
        p.holder,
        false,
        p.isLong,
        closed !== null,
        p.openTs,
        closed ? closed.ts : null,
        closed ? closed.liquidated : null,
        p.margin,
        p.perpDelta,
        p.usdDelta,
        p.avgEntryX96,
        PROTOCOL.takerLiqMarginRatio,
        this.config.takerBackstopMarginRatio,
        null,
        null,
        null,
        p.entryCumulativeX96,
        closed ? null : p.liqMarkX96,
        closed ? null : p.liqKeyX96,
      ]),
    );
  }

  private writeMaker(p: MakerState, closedTs: number | null): void {
    this.sink.write(
      'positions',
      copyLine([
        p.id,
        this.config.perpAddress,
        p.holder,
        true,
        null,
        closedTs !== null,
        p.openTs,
        closedTs,
        closedTs !== null ? false : null,
        p.margin,
        p.perpDelta,
        p.usdDelta,
        p.avgEntryX96,
        PROTOCOL.makerLiqMarginRatio,
        PROTOCOL.makerBackstopMarginRatio,
        p.tickLower,
        p.tickUpper,
        p.liquidity,
        p.entryCumulativeX96,
        null,
        null,
      ]),
    );
  }

  /** Writes the still-open positions and returns the market row's state, all derived from them. */
  finish(): MarketFinalState {
    // Not yet seen by the indexer's snapshots, but its pool exists: as launched, at the current price.
    if (this.config.kind === 'unsnapshotted') this.chainSqrtX96 = this.prices.poolSqrtX96;
    for (const p of this.takers) this.writeTaker(p, null);
    for (const p of this.makers) this.writeMaker(p, null);
    const sqrtP = this.chainSqrtX96;
    const tick = tickAtSqrtPrice(sqrtP);
    let liquidity = 0n;
    let capacityLong = 0n;
    let capacityShort = 0n;
    for (const m of this.makers) {
      const sqrtA = getSqrtPriceAtTick(m.tickLower);
      const sqrtB = getSqrtPriceAtTick(m.tickUpper);
      if (m.tickLower <= tick && tick < m.tickUpper) liquidity += m.liquidity;
      if (sqrtP < sqrtB) capacityLong += getAmount0ForLiquidity(sqrtP > sqrtA ? sqrtP : sqrtA, sqrtB, m.liquidity);
      if (sqrtP > sqrtA) capacityShort += getAmount0ForLiquidity(sqrtA, sqrtP < sqrtB ? sqrtP : sqrtB, m.liquidity);
    }
    const onChain = this.config.kind !== 'unsnapshotted';
    return {
      sqrtPriceX96: sqrtP,
      tick,
      liquidity,
      emaAmmPriceX96: onChain ? this.prices.emaMarkX96 : null,
      emaIndexPriceX96: onChain ? this.prices.emaIndexX96 : null,
      fundingPerDay: onChain ? this.prices.fundingPerDayE18 : null,
      cumulativeFundingX96: this.prices.cumulativeFundingX96,
      openInterestLong: this.oiLong,
      openInterestShort: this.oiShort,
      capacityLong,
      capacityShort,
      insurance: this.insurance,
      badDebt: this.badDebt,
      totalMargin: this.totalMargin,
      lastTouchedAt: this.lastTouchedAt,
    };
  }

  get openPositions(): number {
    return this.takers.length + this.makers.length;
  }
}
