import {
  liquidationKeyX96,
  liquidationMarkX96,
  POSITION_SETTLEMENTS_COLUMNS,
  POSITIONS_COLUMNS,
  PositionsRow,
  rowCells,
  SNAPSHOTS_COLUMNS,
  takerRealizedPnl,
  TRADES_COLUMNS,
} from '@perp/index-db';
import {
  abs,
  E6,
  getAmount0ForLiquidity,
  getAmountsForLiquidity,
  getSqrtPriceAtTick,
  isHealthy,
  MakerCumlFunding,
  Q96,
  takerHealthExact,
  TakerHealthExact,
  takerValPnl,
} from '@perp/x96-math';
import { MarketChainState, TickState } from './market-chain-state';
import { MarketHistoryFigures } from './market-history';
import { MarketConfig, PROTOCOL, stepTime, Timeline } from './market-setup';
import { PriceModel } from './price-model';
import { Rng } from './rng';
import { copyLine, isoTime, RowSink } from './rows';
import { alignDown, tickAtSqrtPrice, tickNear } from './tick-at-sqrt-price';

/** The keeper's outage at the end of the run (12 h). */
const KEEPER_OUTAGE_SECONDS = 12 * 3_600;
/** Fraction of openings that are makers. */
const MAKER_SHARE = 0.15;
/** Prefilter band around the float liquidation mark, as a fraction of the mark; far above the funding drift between refreshes. */
const PREFILTER_BAND = 0.02;

interface TakerState {
  id: number;
  holder: string;
  isLong: boolean;
  margin: bigint;
  perpDelta: bigint;
  usdDelta: bigint;
  entryCumulativeX96: bigint;
  entryLongUtilX96: bigint;
  entryShortUtilX96: bigint;
  avgEntryX96: bigint;
  openTs: number;
  liqMarkX96: bigint | null;
  liqKeyX96: bigint | null;
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
  entryLongUtilEarningsX96: bigint;
  entryShortUtilEarningsX96: bigint;
  capacityLong: bigint;
  capacityShort: bigint;
  entryCuml: MakerCumlFunding;
  feeGrowthInsideLastX128: bigint;
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
  settlement: number;
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
  indexPriceX96: bigint | null;
  ratesLastTouch: number | null;
  fundingPerDay: bigint | null;
  cumulativeFundingX96: bigint;
  fundingDivSqrtPX96: bigint;
  longUtilPaymentsX96: bigint;
  shortUtilPaymentsX96: bigint;
  longUtilEarningsX96: bigint;
  shortUtilEarningsX96: bigint;
  longUtilFeePerDay: bigint;
  shortUtilFeePerDay: bigint;
  feeGrowthGlobal1X128: bigint;
  /** The initialized ticks of the open bands. */
  ticks: Map<number, TickState>;
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
  /** The keeper's pass (a touch, then liquidations) runs every so many steps: positions may turn liquidatable in between. */
  private readonly keeperEvery: number;
  /** The keeper has fallen behind for the last KEEPER_OUTAGE_SECONDS: positions that turn liquidatable then stay open, as candidates. */
  private readonly keeperStopStep: number;
  private readonly chain: MarketChainState;
  /** The index the chain last saw (the beacon's). */
  private chainIndexX96: bigint | null = null;
  private totalMargin = 0n;
  private insurance = 0n;
  private badDebt = 0n;
  private lastTouchedAt: number;
  private nextPositionId = 1;
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
    this.keeperEvery = Math.max(1, Math.round(3_600 / time.intervalSeconds));
    this.keeperStopStep = time.steps - Math.round(KEEPER_OUTAGE_SECONDS / time.intervalSeconds);
    this.chain = new MarketChainState(tickAtSqrtPrice(config.launchSqrtX96), PROTOCOL.emaWindowSeconds);
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
      this.syncPool();
      // The on-chain index is unknown at about 1 % of ticks (no beacon update yet).
      chainIndex = this.rng.chance(0.01) ? null : this.prices.indexX96;
      this.sink.write(
        'snapshots',
        copyLine(
          rowCells(SNAPSHOTS_COLUMNS, {
            id: ++this.ids.snapshot,
            perp_address: this.config.perpAddress,
            timestamp: stepIso,
            amm_price_x96: this.chainSqrtX96,
            index_price_x96: chainIndex,
            block_number: null,
          }),
        ),
      );
      this.counts.snapshots++;
      this.lastTouchedAt = Math.max(this.lastTouchedAt, t);
      // The first step puts the EMAs on chain; then a keeper touches the market and liquidates once per pass.
      if (this.chain.lastTouch === null || ((step - this.config.createdStep) % this.keeperEvery === 0 && step < this.keeperStopStep)) {
        this.touch(t);
        this.liquidate(t);
      }
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

  /** The pool and the beacon as the chain sees them now; initialized ticks the pool crossed flip. */
  private syncPool(): void {
    this.chainSqrtX96 = this.prices.poolSqrtX96;
    this.chainIndexX96 = this.prices.indexX96;
    this.chain.crossTo(tickNear(this.chainSqrtX96, this.chain.tick));
  }

  /** PerpLogic.accrue at `t` (cumulatives, EMAs, rates); a time before the last touch leaves the state as it is. */
  private touch(t: number): void {
    this.chain.touch(t, this.chainSqrtX96, this.chainIndexX96 ?? this.prices.indexX96);
  }

  /** The contract's mark at `t`: the fair price with the EMAs advanced to it. */
  private markAt(t: number): bigint {
    return this.chain.markAt(t, this.chainSqrtX96, this.chainIndexX96 ?? this.prices.indexX96);
  }

  /** liquidateTaker's test, the cumulatives as stored and the mark given. */
  private takerHealth(p: TakerState, markX96: bigint): TakerHealthExact {
    return takerHealthExact(
      {
        fundingX96: this.chain.fundingX96,
        longUtilPaymentsX96: this.chain.longUtilPaymentsX96,
        shortUtilPaymentsX96: this.chain.shortUtilPaymentsX96,
        markPriceX96: markX96,
      },
      {
        perpDelta: p.perpDelta,
        usdDelta: p.usdDelta,
        margin: p.margin,
        liqMarginRatioE6: BigInt(PROTOCOL.takerLiqMarginRatio),
        lastCumlFundingX96: p.entryCumulativeX96,
        lastLongUtilPaymentsX96: p.entryLongUtilX96,
        lastShortUtilPaymentsX96: p.entryShortUtilX96,
      },
    );
  }

  /** The keeper's pass: every open taker under the contract's test at the mark of the touch just made (a float screen first). */
  private liquidate(t: number): void {
    const mark = this.markAt(t);
    const markF = Number(mark >> 32n) / 2 ** 64;
    const market = {
      cumulativeFundingX96: this.chain.fundingX96,
      longUtilPaymentsX96: this.chain.longUtilPaymentsX96,
      shortUtilPaymentsX96: this.chain.shortUtilPaymentsX96,
    };
    // Backwards: a liquidated position is swapped out with the last one, already visited.
    for (let i = this.takers.length - 1; i >= 0; i--) {
      const p = this.takers[i];
      // The key's mark (fees included, a few atoms conservative) decides whether the exact test is worth running.
      if (p.liqKeyX96 !== null) {
        const turn = Number(shiftedLiquidationMark(p, market) >> 32n) / 2 ** 64;
        if (p.isLong ? markF > turn * (1 + PREFILTER_BAND) : markF < turn * (1 - PREFILTER_BAND)) continue;
      }
      const health = this.takerHealth(p, mark);
      if (health.isLiquidatable) this.closeTaker(p, t, health, true);
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
        else {
          this.touch(action.ts);
          this.closeTaker(position, action.ts, this.takerHealth(position, this.markAt(action.ts)), false);
        }
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

  private poolPrice(): bigint {
    return (this.chainSqrtX96 * this.chainSqrtX96) / Q96;
  }

  /** Opens a position with the market's next id: ids are local to each perp, as on chain (nextPosId). */
  openPosition(request: OpenRequest): void {
    const id = this.nextPositionId++;
    if (this.config.kind === 'unsnapshotted') this.syncPool();
    this.touch(request.ts);
    if (request.maker) this.openMaker(request, id);
    else this.openTaker(request, id);
    this.lastTouchedAt = Math.max(this.lastTouchedAt, request.ts);
    this.counts.positions++;
  }

  private openTaker(request: OpenRequest, id: number): void {
    const step = this.currentStep(request.ts);
    const price = this.poolPrice();
    const mark = this.markAt(request.ts);
    const isLong = this.rng.chance(0.52);
    const notionalUsd = Math.min(250_000, Math.max(20, this.rng.logNormal(2_000, 1.3)));
    const leverage = this.rng.logUniform(2, 16);
    const size = BigInt(Math.max(1, Math.round(((notionalUsd * 1e6) / Number(price >> 32n)) * 2 ** 64)));
    const cost = (size * price) / Q96;
    const perpDelta = isLong ? size : -size;
    const usdDelta = isLong ? -cost : cost;
    const fee = (cost * this.totalFeeE6) / E6;
    this.insurance += (cost * BigInt(this.config.insuranceFee)) / E6;
    this.chain.payLpFees((cost * BigInt(this.config.lpFee)) / E6);
    let margin = BigInt(Math.round((notionalUsd / leverage) * 1e6)) - fee;
    // The protocol's initial margin: the owner tops up to it when the pick falls short.
    const least = marginForOpenRatio(perpDelta, usdDelta, mark);
    if (margin < least) margin = least;
    const position: TakerState = {
      id,
      holder: this.holder(),
      isLong,
      margin,
      perpDelta,
      usdDelta,
      entryCumulativeX96: this.chain.fundingX96,
      entryLongUtilX96: this.chain.longUtilPaymentsX96,
      entryShortUtilX96: this.chain.shortUtilPaymentsX96,
      avgEntryX96: (cost * Q96) / size,
      openTs: request.ts,
      liqMarkX96: null,
      liqKeyX96: null,
      slot: this.takers.length,
    };
    if (!meetsOpenRatio(position, mark)) throw new Error('opening below the initial margin');
    this.updateLiquidationMark(position);
    this.writeSettlement(id, request.ts, { opened: true, realizedPnl: takerRealizedPnl(usdDelta, 0n, usdDelta), funding: 0n });
    this.takers.push(position);
    this.open.set(id, position);
    if (isLong) this.chain.oiLong += size;
    else this.chain.oiShort += size;
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
    // Most bands are worth up to about the margin; one in ten is placed close to the maker threshold (ratio ~0.9-0.93).
    const valuePerMargin = this.rng.chance(0.1) ? this.rng.uniform(1.07, 1.105) : this.rng.uniform(0.5, 1.05);
    const targetValue = (margin * BigInt(Math.round(valuePerMargin * 1_000))) / 1_000n;
    const unit = 10n ** 18n;
    const unitAmounts = getAmountsForLiquidity(sqrtP, sqrtA, sqrtB, unit);
    const unitValue = (unitAmounts.amount0 * price) / Q96 + unitAmounts.amount1;
    const liquidity = unitValue > 0n ? (unit * targetValue) / unitValue : unit;
    const amounts = getAmountsForLiquidity(sqrtP, sqrtA, sqrtB, liquidity);
    // The band's capacity, fixed at placement: the perps it sells above the pool price and absorbs below it.
    const capacityLong = sqrtP < sqrtB ? getAmount0ForLiquidity(sqrtP > sqrtA ? sqrtP : sqrtA, sqrtB, liquidity) : 0n;
    const capacityShort = sqrtP > sqrtA ? getAmount0ForLiquidity(sqrtA, sqrtP < sqrtB ? sqrtP : sqrtB, liquidity) : 0n;
    const band = this.chain.addBand(tickLower, tickUpper, liquidity);
    this.chain.capacityLong += capacityLong;
    this.chain.capacityShort += capacityShort;
    const position: MakerState = {
      id,
      holder: this.holder(),
      margin,
      perpDelta: -amounts.amount0,
      usdDelta: -amounts.amount1,
      entryCumulativeX96: this.chain.fundingX96,
      avgEntryX96: price,
      openTs: request.ts,
      tickLower,
      tickUpper,
      liquidity,
      entryLongUtilEarningsX96: this.chain.longUtilEarningsX96,
      entryShortUtilEarningsX96: this.chain.shortUtilEarningsX96,
      capacityLong,
      capacityShort,
      entryCuml: band.cuml,
      feeGrowthInsideLastX128: band.feeGrowthInside,
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

  /** A touch, then funding and util owed settle into the margin, then margin is added (mostly) or removed; removal only while the initial ratio still holds. */
  private adjustTakerMargin(p: TakerState, ts: number): void {
    this.touch(ts);
    const mark = this.markAt(ts);
    const health = this.takerHealth(p, mark);
    const change = (p.margin * BigInt(Math.round(this.rng.uniform(0.1, 1) * 1_000))) / 1_000n;
    const adding = this.rng.chance(0.7);
    const margin = adding ? health.settledMargin + change : health.settledMargin - change / 3n;
    if (margin <= 0n) return;
    const next = {
      ...p,
      margin,
      entryCumulativeX96: this.chain.fundingX96,
      entryLongUtilX96: this.chain.longUtilPaymentsX96,
      entryShortUtilX96: this.chain.shortUtilPaymentsX96,
    };
    if (!adding && !meetsOpenRatio(next, mark)) return;
    // A margin-only adjust settles funding and swaps nothing: the USD leg stays, nothing is realized.
    this.writeSettlement(p.id, ts, { opened: false, realizedPnl: takerRealizedPnl(0n, p.usdDelta, p.usdDelta), funding: health.fundingOwed });
    this.totalMargin += margin - p.margin;
    p.margin = margin;
    p.entryCumulativeX96 = next.entryCumulativeX96;
    p.entryLongUtilX96 = next.entryLongUtilX96;
    p.entryShortUtilX96 = next.entryShortUtilX96;
    this.updateLiquidationMark(p);
    this.lastTouchedAt = Math.max(this.lastTouchedAt, ts);
  }

  /** What the indexer stores at every write of a taker: its liquidation mark and candidate key. */
  private updateLiquidationMark(p: TakerState): void {
    p.liqMarkX96 = liquidationMarkX96(p, PROTOCOL.takerLiqMarginRatio);
    p.liqKeyX96 = liquidationKeyX96(
      { ...p, entryCumulativeFundingX96: p.entryCumulativeX96, entryLongUtilPaymentsX96: p.entryLongUtilX96, entryShortUtilPaymentsX96: p.entryShortUtilX96 },
      PROTOCOL.takerLiqMarginRatio,
    );
  }

  private addMakerMargin(p: MakerState, ts: number): void {
    const added = (p.margin * BigInt(Math.round(this.rng.uniform(0.1, 0.5) * 1_000))) / 1_000n;
    p.margin += added;
    this.totalMargin += added;
    this.lastTouchedAt = Math.max(this.lastTouchedAt, ts);
  }

  /** A close trade at the pool price (the market just touched): voluntary, or a liquidation by the contract's test at its mark; funding and util owed settle. */
  private closeTaker(p: TakerState, ts: number, health: TakerHealthExact, liquidated: boolean): void {
    const size = abs(p.perpDelta);
    const cost = (size * this.poolPrice()) / Q96;
    const tradeUsd = p.isLong ? cost : -cost;
    const tradingFees = (cost * this.totalFeeE6) / E6;
    this.insurance += (cost * BigInt(this.config.insuranceFee)) / E6;
    this.chain.payLpFees((cost * BigInt(this.config.lpFee)) / E6);
    let liqFee: bigint | null = null;
    if (liquidated) {
      const cap = (health.positionValue * BigInt(this.config.liquidationFee)) / E6;
      liqFee = health.equity <= 0n ? 0n : health.equity < cap ? health.equity : cap;
    }
    const utilFees = tradingFees + health.utilOwed;
    const settlement = p.margin + p.usdDelta + tradeUsd - health.fundingOwed - utilFees - (liqFee ?? 0n);
    if (settlement < 0n) this.badDebt += -settlement;
    const mark = this.markAt(ts);
    this.sink.write(
      'trades',
      copyLine(
        rowCells(TRADES_COLUMNS, {
          id: ++this.ids.trade,
          perp_address: this.config.perpAddress,
          timestamp: isoTime(ts),
          pos_id: p.id,
          was_liquidated: liquidated,
          perp_delta: -p.perpDelta,
          usd_delta: tradeUsd,
          mark_price_x96: mark,
          funding: health.fundingOwed,
          util_fees: utilFees,
          liq_fee: liqFee,
          block_number: null,
        }),
      ),
    );
    this.counts.trades++;
    this.writeSettlement(p.id, ts, { opened: false, realizedPnl: takerRealizedPnl(tradeUsd, p.usdDelta, 0n), funding: health.fundingOwed });
    if (liquidated) this.counts.liquidations++;
    if (p.isLong) this.chain.oiLong -= size;
    else this.chain.oiShort -= size;
    this.totalMargin -= p.margin;
    this.removeTaker(p);
    this.writeTaker(p, { ts, liquidated });
    this.lastTouchedAt = Math.max(this.lastTouchedAt, ts);
  }

  private closeMaker(p: MakerState, ts: number): void {
    this.touch(ts);
    this.chain.removeBand(p.tickLower, p.tickUpper, p.liquidity);
    this.chain.capacityLong -= p.capacityLong;
    this.chain.capacityShort -= p.capacityShort;
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

  /**
   * A taker's position_settlements row, as the indexer writes one per touch. Makers get none: the
   * simulator does not settle a maker's close (its funding and band), so their figures stay null.
   */
  private writeSettlement(posId: number, ts: number, s: { opened: boolean; realizedPnl: bigint; funding: bigint }): void {
    this.sink.write(
      'position_settlements',
      copyLine(
        rowCells(POSITION_SETTLEMENTS_COLUMNS, {
          id: ++this.ids.settlement,
          perp_address: this.config.perpAddress,
          pos_id: posId,
          timestamp: isoTime(ts),
          opened: s.opened,
          realized_pnl: s.realizedPnl,
          funding: s.funding,
          block_number: null,
        }),
      ),
    );
  }

  private writeTaker(p: TakerState, closed: { ts: number; liquidated: boolean } | null): void {
    this.writePosition({
      id: p.id,
      perp_address: this.config.perpAddress,
      holder: p.holder,
      is_maker: false,
      is_long: p.isLong,
      is_closed: closed !== null,
      open_timestamp: p.openTs,
      close_timestamp: closed ? closed.ts : null,
      was_liquidated: closed ? closed.liquidated : null,
      margin: p.margin,
      perp_delta: p.perpDelta,
      usd_delta: p.usdDelta,
      avg_entry_amm_price_x96: p.avgEntryX96,
      liq_margin_ratio: PROTOCOL.takerLiqMarginRatio,
      backstop_margin_ratio: this.config.takerBackstopMarginRatio,
      tick_lower: null,
      tick_upper: null,
      liquidity: null,
      entry_cumulative_funding_x96: p.entryCumulativeX96,
      liq_mark_x96: closed ? null : p.liqMarkX96,
      liq_key_x96: closed ? null : p.liqKeyX96,
      entry_long_util_payments_x96: p.entryLongUtilX96,
      entry_short_util_payments_x96: p.entryShortUtilX96,
      entry_long_util_earnings_x96: 0n,
      entry_short_util_earnings_x96: 0n,
      capacity_long: 0n,
      capacity_short: 0n,
      entry_funding_below_x96: 0n,
      entry_funding_within_x96: 0n,
      entry_funding_div_sqrt_within_x96: 0n,
      fee_growth_inside1_last_x128: 0n,
      block_number: null,
    });
  }

  private writeMaker(p: MakerState, closedTs: number | null): void {
    this.writePosition({
      id: p.id,
      perp_address: this.config.perpAddress,
      holder: p.holder,
      is_maker: true,
      is_long: null,
      is_closed: closedTs !== null,
      open_timestamp: p.openTs,
      close_timestamp: closedTs,
      was_liquidated: closedTs !== null ? false : null,
      margin: p.margin,
      perp_delta: p.perpDelta,
      usd_delta: p.usdDelta,
      avg_entry_amm_price_x96: p.avgEntryX96,
      liq_margin_ratio: PROTOCOL.makerLiqMarginRatio,
      backstop_margin_ratio: PROTOCOL.makerBackstopMarginRatio,
      tick_lower: p.tickLower,
      tick_upper: p.tickUpper,
      liquidity: p.liquidity,
      entry_cumulative_funding_x96: p.entryCumulativeX96,
      liq_mark_x96: null,
      liq_key_x96: null,
      entry_long_util_payments_x96: 0n,
      entry_short_util_payments_x96: 0n,
      entry_long_util_earnings_x96: p.entryLongUtilEarningsX96,
      entry_short_util_earnings_x96: p.entryShortUtilEarningsX96,
      capacity_long: p.capacityLong,
      capacity_short: p.capacityShort,
      entry_funding_below_x96: p.entryCuml.belowX96,
      entry_funding_within_x96: p.entryCuml.withinX96,
      entry_funding_div_sqrt_within_x96: p.entryCuml.divSqrtPriceWithinX96,
      fee_growth_inside1_last_x128: p.feeGrowthInsideLastX128,
      block_number: null,
    });
  }

  private writePosition(row: PositionsRow): void {
    this.sink.write('positions', copyLine(rowCells(POSITIONS_COLUMNS, row)));
  }

  /** The markets row's funding and open-interest figures now, as finish() gives them: what the history tables record at each change. */
  historyFigures(): MarketHistoryFigures {
    const chain = this.chain;
    return {
      fundingPerDay: this.config.kind !== 'unsnapshotted' ? chain.fundingPerDayWad : null,
      cumulativeFundingX96: chain.fundingX96,
      openInterestLong: chain.oiLong,
      openInterestShort: chain.oiShort,
      capacityLong: chain.capacityLong,
      capacityShort: chain.capacityShort,
      lastTouchedAt: this.lastTouchedAt,
    };
  }

  /** Writes the still-open positions and returns the market row's state. */
  finish(): MarketFinalState {
    // Not yet seen by the indexer's snapshots, but its pool exists: as launched, at the current price.
    if (this.config.kind === 'unsnapshotted') this.syncPool();
    for (const p of this.takers) this.writeTaker(p, null);
    for (const p of this.makers) this.writeMaker(p, null);
    const chain = this.chain;
    const onChain = this.config.kind !== 'unsnapshotted';
    return {
      sqrtPriceX96: this.chainSqrtX96,
      tick: chain.tick,
      liquidity: chain.activeLiquidity,
      emaAmmPriceX96: onChain ? chain.emaAmmX96 : null,
      emaIndexPriceX96: onChain ? chain.emaIndexX96 : null,
      indexPriceX96: onChain ? this.chainIndexX96 : null,
      ratesLastTouch: onChain ? chain.lastTouch : null,
      ...this.historyFigures(),
      fundingDivSqrtPX96: chain.fundingDivSqrtPX96,
      longUtilPaymentsX96: chain.longUtilPaymentsX96,
      shortUtilPaymentsX96: chain.shortUtilPaymentsX96,
      longUtilEarningsX96: chain.longUtilEarningsX96,
      shortUtilEarningsX96: chain.shortUtilEarningsX96,
      longUtilFeePerDay: chain.longUtilFeePerDayWad,
      shortUtilFeePerDay: chain.shortUtilFeePerDayWad,
      feeGrowthGlobal1X128: chain.feeGrowthGlobal1X128,
      ticks: chain.ticks,
      insurance: this.insurance,
      badDebt: this.badDebt,
      totalMargin: this.totalMargin,
    };
  }

  get openPositions(): number {
    return this.takers.length + this.makers.length;
  }
}

/** The key's mark at the market's cumulatives, X96 (liquidation-mark.ts). */
function shiftedLiquidationMark(p: TakerState, market: { cumulativeFundingX96: bigint; longUtilPaymentsX96: bigint; shortUtilPaymentsX96: bigint }): bigint {
  const shift = p.isLong ? market.cumulativeFundingX96 + market.longUtilPaymentsX96 : market.cumulativeFundingX96 - market.shortUtilPaymentsX96;
  const side = p.isLong ? E6 - BigInt(PROTOCOL.takerLiqMarginRatio) : E6 + BigInt(PROTOCOL.takerLiqMarginRatio);
  return (p.liqKeyX96 ?? 0n) + (shift * E6) / side;
}

/** The opening requirement on the contract's integer test: healthy at the initial ratio, nothing owed yet. */
function meetsOpenRatio(p: { margin: bigint; perpDelta: bigint; usdDelta: bigint }, markX96: bigint): boolean {
  const { unrealizedPnl, positionValue } = takerValPnl(p.perpDelta, p.usdDelta, markX96);
  return isHealthy(p.margin + unrealizedPnl, positionValue, BigInt(PROTOCOL.takerOpenMarginRatio));
}

/** The least margin (atoms) that meets the initial ratio at the mark: floor(E * 1e6 / (V + 1)) >= R needs E >= ceil(R (V + 1) / 1e6). */
function marginForOpenRatio(perpDelta: bigint, usdDelta: bigint, markX96: bigint): bigint {
  const { unrealizedPnl, positionValue } = takerValPnl(perpDelta, usdDelta, markX96);
  const ratio = BigInt(PROTOCOL.takerOpenMarginRatio);
  const need = (ratio * (positionValue + 1n) + E6 - 1n) / E6 - unrealizedPnl;
  return need > 1n ? need : 1n;
}
