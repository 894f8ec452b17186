// One market's behaviour: what it sends in a step (an index update from the price path, a trade that
// pulls the pool towards the modelled pool price, takers opened, adjusted and closed, a maker band
// now and then), and the positions it holds, read back from the receipts' events.
import { MaxUint256, keccak256, toBigInt, toUtf8Bytes, type BaseWallet } from 'ethers';
import { EcdsaBeacon__factory, encodeEcdsaInputs, measurementDigest, signMeasurementDigest } from '@perp/contracts';
import { Perp__factory } from '@perp/contracts/testing';
import { Q96, getSqrtPriceAtTick } from '@perp/x96-math';
import type { MinedTx, RawLog, TxSink } from './block-builder';
import type { ChainPreset } from './chain-presets';
import type { DeployedMarket } from './chain-setup';
import { PriceModel, type Rng } from '@perp/market-sim';

export const PERP = Perp__factory.createInterface();
const BEACON = EcdsaBeacon__factory.createInterface();
const POSITION_TOPICS = new Set(
  (['TakerOpened', 'TakerAdjusted', 'TakerClosed', 'MakerOpened', 'MakerClosed'] as const).map((name) => PERP.getEvent(name)?.topicHash),
);

/** Gas limits with room over what anvil measured (a taker swap crossing many ticks costs more). */
export const GAS = { index: 200_000n, trade: 1_500_000n, approve: 100_000n } as const;

const TICK_SPACING = 30;
const ARB_MAX_USD = 200_000n * 1_000_000n;
const ARB_MIN_PERP = 10_000n; // 0.01 perp: smaller gaps are left to the next step

export type Action =
  | { kind: 'setup' }
  | { kind: 'index'; market: number }
  | { kind: 'open-taker'; market: number; trader: number; perpDelta: bigint; margin: bigint; entryIndexX96: bigint }
  | { kind: 'adjust-taker'; market: number; posId: bigint; perpDelta: bigint; marginDelta: bigint }
  | { kind: 'close-taker'; market: number; posId: bigint }
  | { kind: 'liquidate'; market: number; posId: bigint }
  | { kind: 'open-maker'; market: number; trader: number; liquidity: bigint; seed: boolean }
  | { kind: 'close-maker'; market: number; posId: bigint };

export interface Taker {
  posId: bigint;
  trader: number;
  perpDelta: bigint;
  margin: bigint;
  entryIndexX96: bigint;
}

export interface Maker {
  posId: bigint;
  trader: number;
  liquidity: bigint;
  seed: boolean;
}

export interface PoolState {
  tick: number;
  sqrtPriceX96: bigint;
  liquidity: bigint;
}

export interface Counts {
  indexUpdates: number;
  takerOpens: number;
  takerAdjusts: number;
  takerCloses: number;
  liquidations: number;
  makerOpens: number;
  makerCloses: number;
  reverted: number;
}

export const zeroCounts = (): Counts => ({
  indexUpdates: 0,
  takerOpens: 0,
  takerAdjusts: 0,
  takerCloses: 0,
  liquidations: 0,
  makerOpens: 0,
  makerCloses: 0,
  reverted: 0,
});

const abs = (x: bigint) => (x < 0n ? -x : x);
const alignDown = (tick: number) => Math.floor(tick / TICK_SPACING) * TICK_SPACING;

export class MarketDriver {
  readonly takers = new Map<bigint, Taker>();
  readonly makers = new Map<bigint, Maker>();
  readonly counts = zeroCounts();
  /** The kind of each reverted transaction, in order (the driver plans blind within a block). */
  readonly reverts: Action['kind'][] = [];
  /** The index the beacon holds once the queued update lands. */
  indexX96: bigint;
  private indexNonce = 0;

  constructor(
    readonly id: number,
    readonly market: DeployedMarket,
    readonly model: PriceModel,
    private readonly rng: Rng,
    private readonly preset: ChainPreset,
    private readonly chainId: bigint,
  ) {
    this.indexX96 = market.initialIndexX96;
  }

  /** Queues an index update to `indexX96`, signed by the market's beacon signer, sent by `sender`. */
  pushIndex(builder: TxSink<Action>, sender: BaseWallet, indexX96: bigint, timestamp: number): void {
    const nonce = toBigInt(keccak256(toUtf8Bytes(`${this.rng.seed}/index/${this.indexNonce++}`)));
    const value = { measurement: indexX96, nonce, deadline: BigInt(timestamp + 3600) };
    const proof = signMeasurementDigest(this.market.beacon.signer.signingKey, measurementDigest(this.market.beacon.adapter, this.chainId, value));
    builder.add(sender, this.market.beacon.address, BEACON.encodeFunctionData('updateIndex', [proof, encodeEcdsaInputs(value)]), GAS.index, {
      kind: 'index',
      market: this.id,
    });
    this.indexX96 = indexX96;
  }

  openTaker(builder: TxSink<Action>, traders: BaseWallet[], trader: number, perpDelta: bigint, margin: bigint): void {
    const holder = traders[trader];
    builder.add(holder, this.market.perp, PERP.encodeFunctionData('openTaker', [{ holder: holder.address, margin, perpDelta, amt1Limit: 0n }]), GAS.trade, {
      kind: 'open-taker',
      market: this.id,
      trader,
      perpDelta,
      margin,
      entryIndexX96: this.indexX96,
    });
  }

  /** Perp atoms worth `usd` atoms at the current index. */
  perpFor(usd: bigint): bigint {
    return (usd * Q96) / this.indexX96;
  }

  /** A maker band of about `usd` atoms of USDC below the price, `halfWidth` ticks either side. */
  openMaker(builder: TxSink<Action>, traders: BaseWallet[], trader: number, pool: PoolState, usd: bigint, halfWidth: number, seed: boolean): void {
    const tickLower = alignDown(pool.tick - halfWidth);
    const tickUpper = alignDown(pool.tick + halfWidth) + TICK_SPACING;
    const liquidity = (usd * Q96) / (pool.sqrtPriceX96 - getSqrtPriceAtTick(tickLower));
    // deployPerpCity's seed-maker margin: clears any initial ratio up to 25 %.
    const margin = (liquidity * pool.sqrtPriceX96) / Q96 + 5_000_000n;
    const holder = traders[trader];
    const params = { holder: holder.address, margin, tickLower, tickUpper, liquidity, maxAmt0In: MaxUint256, maxAmt1In: MaxUint256 };
    builder.add(holder, this.market.perp, PERP.encodeFunctionData('openMaker', [params]), GAS.trade, {
      kind: 'open-maker',
      market: this.id,
      trader,
      liquidity,
      seed,
    });
  }

  /** One step of ordinary trading, after the price model moved. `busy` positions are left alone. */
  planStep(builder: TxSink<Action>, wallets: { indexSender: BaseWallet; traders: BaseWallet[] }, pool: PoolState, timestamp: number): void {
    const { traders } = wallets;
    const r = this.rng;
    this.pushIndex(builder, wallets.indexSender, this.model.indexX96, timestamp);

    // The arbitrageur: a taker that moves the pool's sqrt price to the model's (dx = L/s - L/s').
    if (pool.liquidity > 0n) {
      let perpDelta = (pool.liquidity * Q96) / pool.sqrtPriceX96 - (pool.liquidity * Q96) / this.model.poolSqrtX96;
      const cap = this.perpFor(ARB_MAX_USD);
      if (abs(perpDelta) > cap) perpDelta = perpDelta > 0n ? cap : -cap;
      if (abs(perpDelta) >= ARB_MIN_PERP) {
        const notional = (abs(perpDelta) * this.indexX96) / Q96;
        this.openTaker(builder, traders, r.int(0, traders.length - 1), perpDelta, notional / 3n + 5_000_000n);
      }
    }

    const opens = r.int(0, 2 * this.preset.opensPerStep);
    for (let i = 0; i < opens; i++) this.randomOpen(builder, traders);
    const busy = new Set<bigint>();
    const closes = r.int(0, 2 * this.preset.opensPerStep - 1);
    for (let i = 0; i < closes; i++) this.randomClose(builder, traders, busy);
    if (r.chance(0.5)) this.randomAdjust(builder, traders, busy);
    if (r.chance(this.preset.makerChurn)) this.makerChurn(builder, traders, pool);
  }

  /** One action of the live load: now and then an index move or a maker band, mostly one taker trade. */
  planLight(builder: TxSink<Action>, wallets: { indexSender: BaseWallet; traders: BaseWallet[] }, pool: PoolState, timestamp: number): void {
    const { traders } = wallets;
    const roll = this.rng.next();
    if (roll < 0.2) {
      this.model.advance();
      this.pushIndex(builder, wallets.indexSender, this.model.indexX96, timestamp);
    } else if (roll < 0.3) this.makerChurn(builder, traders, pool);
    else if (roll < 0.65 || this.takers.size === 0) this.randomOpen(builder, traders);
    else if (roll < 0.9) this.randomClose(builder, traders, new Set());
    else this.randomAdjust(builder, traders, new Set());
  }

  private randomOpen(builder: TxSink<Action>, traders: BaseWallet[]): void {
    const r = this.rng;
    const usd = BigInt(Math.round(r.logNormal(2_000, 1) * 1e6));
    const leverage = r.uniform(1.5, 9.5);
    const margin = BigInt(Math.round(Number(usd) / leverage)) + 1_000_000n;
    const perpDelta = this.perpFor(usd) * (r.chance(0.5) ? 1n : -1n);
    if (perpDelta !== 0n) this.openTaker(builder, traders, r.int(0, traders.length - 1), perpDelta, margin);
  }

  private randomClose(builder: TxSink<Action>, traders: BaseWallet[], busy: Set<bigint>): void {
    const open = [...this.takers.values()];
    if (open.length === 0) return;
    const t = this.rng.pick(open);
    if (busy.has(t.posId)) return;
    busy.add(t.posId);
    this.adjust(builder, traders, t, -t.perpDelta, 0n, 'close-taker');
  }

  /** Half the time more margin, half the time a fifth more size with its margin. */
  private randomAdjust(builder: TxSink<Action>, traders: BaseWallet[], busy: Set<bigint>): void {
    const open = [...this.takers.values()];
    if (open.length === 0) return;
    const t = this.rng.pick(open);
    if (busy.has(t.posId)) return;
    busy.add(t.posId);
    if (this.rng.chance(0.5)) this.adjust(builder, traders, t, 0n, t.margin / 4n + 1_000_000n, 'adjust-taker');
    else this.adjust(builder, traders, t, t.perpDelta / 5n, t.margin / 5n + 1_000_000n, 'adjust-taker');
  }

  /** A new band near the price, and an older one (never a seed band) closed. */
  private makerChurn(builder: TxSink<Action>, traders: BaseWallet[], pool: PoolState): void {
    const r = this.rng;
    this.openMaker(builder, traders, r.int(0, traders.length - 1), pool, BigInt(r.int(50_000, 500_000)) * 1_000_000n, r.int(20, 200) * TICK_SPACING, false);
    const closable = [...this.makers.values()].filter((m) => !m.seed);
    if (closable.length === 0) return;
    const m = r.pick(closable);
    const params = { posId: m.posId, marginDelta: 0n, liquidityDelta: -m.liquidity, amt0Limit: 0n, amt1Limit: 0n };
    builder.add(traders[m.trader], this.market.perp, PERP.encodeFunctionData('adjustMaker', [params]), GAS.trade, {
      kind: 'close-maker',
      market: this.id,
      posId: m.posId,
    });
  }

  private adjust(builder: TxSink<Action>, traders: BaseWallet[], t: Taker, perpDelta: bigint, marginDelta: bigint, kind: 'close-taker' | 'adjust-taker'): void {
    const data = PERP.encodeFunctionData('adjustTaker', [{ posId: t.posId, marginDelta, perpDelta, amt1Limit: 0n }]);
    const tag: Action = kind === 'close-taker' ? { kind, market: this.id, posId: t.posId } : { kind, market: this.id, posId: t.posId, perpDelta, marginDelta };
    builder.add(traders[t.trader], this.market.perp, data, GAS.trade, tag);
  }

  /**
   * Takers the index moved against by more than 40 % of their margin fraction: the only ones worth an
   * eth_call of liquidateTaker (a scan of every position every step would cost more than the drive).
   */
  atRisk(): Taker[] {
    const index = Number(this.indexX96);
    return [...this.takers.values()].filter((t) => {
      const entry = Number(t.entryIndexX96);
      const notional = (Math.abs(Number(t.perpDelta)) * entry) / Number(Q96);
      const adverse = t.perpDelta > 0n ? (entry - index) / entry : (index - entry) / entry;
      return notional > 0 && adverse > (0.4 * Number(t.margin)) / notional;
    });
  }

  /** Updates the positions from one mined transaction of this market. */
  apply(tx: MinedTx<Action>): void {
    const a = tx.tag;
    if (!tx.ok) {
      this.counts.reverted++;
      this.reverts.push(a.kind);
      return;
    }
    for (const event of this.perpEvents(tx.logs)) {
      const posId = event.args[0] as bigint;
      switch (event.name) {
        case 'TakerOpened':
          if (a.kind === 'open-taker')
            this.takers.set(posId, { posId, trader: a.trader, perpDelta: a.perpDelta, margin: a.margin, entryIndexX96: a.entryIndexX96 });
          this.counts.takerOpens++;
          break;
        case 'TakerAdjusted': {
          const t = this.takers.get(posId);
          if (t && a.kind === 'adjust-taker') {
            t.perpDelta += a.perpDelta;
            t.margin += a.marginDelta;
          }
          this.counts.takerAdjusts++;
          break;
        }
        case 'TakerClosed':
          this.takers.delete(posId);
          if (event.args[5] as boolean) this.counts.liquidations++;
          else this.counts.takerCloses++;
          break;
        case 'MakerOpened':
          if (a.kind === 'open-maker') this.makers.set(posId, { posId, trader: a.trader, liquidity: a.liquidity, seed: a.seed });
          this.counts.makerOpens++;
          break;
        case 'MakerClosed':
          this.makers.delete(posId);
          this.counts.makerCloses++;
          break;
      }
    }
    if (a.kind === 'index') this.counts.indexUpdates++;
  }

  /** Decodes only the position events (ethers' parseLog of every log was the drive's largest CPU cost). */
  private perpEvents(logs: RawLog[]) {
    const perp = this.market.perp.toLowerCase();
    return logs.filter((l) => POSITION_TOPICS.has(l.topics[0]) && l.address.toLowerCase() === perp).flatMap((l) => PERP.parseLog(l) ?? []);
  }
}
