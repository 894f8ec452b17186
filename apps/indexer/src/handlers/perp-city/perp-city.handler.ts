import {
  BEACON_EVENT_TOPICS,
  decodeBeaconLog,
  decodePerpFactoryLog,
  decodePerpLog,
  PERP_FACTORY_EVENT_TOPICS,
  perpEventTopics,
  unpackBalanceDelta,
  type PerpEvent,
} from '@perp/perp-city-abi';
import {
  decodeMarketChainRow,
  markMarket,
  type MarketsRow,
  type PositionSettlementsRow,
  type PositionsRow,
  type TicksRow,
  type TradesRow,
} from '@perp/index-db';
import type { EntityManager } from 'typeorm';
import type { ChainBlock, ChainLog } from '../../chain/chain-block';
import type { BlockHandler, LogWatch } from '../../follower/block-handler';
import { bandOf, bandsAfter, bandTicks, type OpenBands } from './perp-city-bands';
import { PerpCityReads } from './perp-city-reads';
import {
  closedPositionRow,
  marketRow,
  openPositionRow,
  settlementRow,
  tickRow,
  type MarketIdentity,
  type PositionHistory,
  type Settled,
} from './perp-city-rows';
import { PerpCityStore } from './perp-city-store';

type Raw = Record<string, unknown>;

/** What one block did to one position. */
interface PositionChange {
  opened?: { isMaker: boolean };
  /** MakerConverted: the maker is a taker from here on. */
  converted?: boolean;
  mintedTo?: string;
  closed?: { liquidated: boolean };
  /** What its events settled: a position_settlements row (opens, swaps, funding settles, closes). */
  settled?: Settled;
}

/** What one block did to one market. */
interface MarketChange {
  /**
   * A log of the Perp itself (or its creation): its pool may have moved or a band changed, so its ticks
   * are read again. A beacon's IndexUpdated alone moves neither (the frequent touch this spares).
   */
  bandsMayMove: boolean;
  positions: Map<bigint, PositionChange>;
  trades: Omit<TradesRow, 'id' | 'mark_price_x96' | 'block_number' | 'timestamp' | 'perp_address'>[];
}

const ZERO_ADDRESS = '0x0000000000000000000000000000000000000000';

/**
 * Perp City from the chain: PerpFactory's PerpCreated adds a market; every event of a Perp (and its
 * beacon's IndexUpdated) re-reads, pinned to that block, the market's views and those of the
 * positions the events name, and writes them as rows; TakerClosed adds a trade; each touched market
 * gets a snapshot of its pool price and index at the block. A block with a Perp log also rewrites
 * the market's ticks rows (each tick of an open maker band, as the Perp's tick map and the
 * PoolManager hold it at the block), and a maker row carries its pool position's
 * feeGrowthInside1LastX128: market-data's maker legs read both. Events only say what changed: the
 * figures are the views' (the contract is the truth), so a missed subtlety of an event cannot
 * drift a row. The pool is the Perp's own (its currencies are tokens only the Perp mints; v0.2.2's
 * hook refuses other callers), so a Perp event accompanies every change of it (a swap crossing a
 * tick, a band added or removed).
 */
export class PerpCityHandler implements BlockHandler {
  readonly name = 'perp-city';

  constructor(
    private readonly reads: PerpCityReads,
    private readonly factories: readonly string[],
  ) {}

  async watch(store: EntityManager): Promise<LogWatch> {
    const rows: { perp_address: string; beacon_address: string }[] = await store.query(`SELECT perp_address, beacon_address FROM markets`);
    const addresses = new Set([...this.factories, ...rows.map((r) => r.perp_address), ...rows.map((r) => r.beacon_address)]);
    return { addresses: [...addresses], topics: [...PERP_FACTORY_EVENT_TOPICS, ...perpEventTopics(), ...BEACON_EVENT_TOPICS] };
  }

  async handleBlock(block: ChainBlock, logs: readonly ChainLog[], tx: EntityManager): Promise<{ watchChanged: boolean }> {
    const store = new PerpCityStore(tx);
    const known: { perp_address: string; beacon_address: string }[] = await tx.query(`SELECT perp_address, beacon_address FROM markets`);
    const perps = new Set(known.map((r) => r.perp_address));
    const perpsOfBeacon = new Map<string, string[]>();
    for (const r of known) perpsOfBeacon.set(r.beacon_address, [...(perpsOfBeacon.get(r.beacon_address) ?? []), r.perp_address]);

    const created: MarketIdentity[] = [];
    const changes = new Map<string, MarketChange>();
    const change = (perp: string): MarketChange => {
      let c = changes.get(perp);
      if (!c) changes.set(perp, (c = { bandsMayMove: false, positions: new Map(), trades: [] }));
      return c;
    };
    const position = (perp: string, id: bigint): PositionChange => {
      const m = change(perp);
      let p = m.positions.get(id);
      if (!p) m.positions.set(id, (p = {}));
      return p;
    };

    for (const log of logs) {
      if (this.factories.includes(log.address)) {
        const event = decodePerpFactoryLog(log);
        if (event.name !== 'PerpCreated') continue;
        const a = event.args;
        created.push({
          perpAddress: a.perp,
          poolId: a.poolId,
          owner: a.owner,
          name: a.name,
          symbol: a.symbol,
          tokenUri: a.tokenUri,
          emaWindow: Number(a.emaWindow),
          protocolFee: Number(a.protocolFee),
          createdAt: block.timestamp,
        });
        perps.add(a.perp);
        change(a.perp).bandsMayMove = true;
        continue;
      }
      if (perps.has(log.address)) {
        this.apply(decodePerpLog(log), log.address, change, position);
        continue;
      }
      const beaconPerps = perpsOfBeacon.get(log.address);
      if (beaconPerps && decodeBeaconLog(log).name === 'IndexUpdated') for (const perp of beaconPerps) change(perp);
    }

    const stored = await store.markets([...changes.keys()]);
    const identities = new Map(created.map((c) => [c.perpAddress, c]));
    const marketRows: MarketsRow[] = [];
    const positionRows: PositionsRow[] = [];
    const trades: Omit<TradesRow, 'id'>[] = [];
    const settlements: Omit<PositionSettlementsRow, 'id'>[] = [];
    const snapshots: Parameters<PerpCityStore['insertSnapshots']>[0][number][] = [];
    const iso = new Date(block.timestamp * 1000).toISOString();

    const tickWrites: { perp: string; rows: TicksRow[] }[] = [];

    for (const [perp, c] of changes) {
      const before = stored.get(perp);
      const identity = identities.get(perp) ?? identityOf(before);

      // Positions first: their bands decide which band state is read with the market's views.
      const ids = [...c.positions.keys()];
      const [now, previous, storedBands] = await Promise.all([
        this.reads.positions(perp, ids, block.number),
        store.positions(perp, ids),
        c.bandsMayMove ? store.openMakerBands(perp) : Promise.resolve<OpenBands>(new Map()),
      ]);
      const touched = [...c.positions].map(([id, p]) => {
        const last = previous.get(id) ?? null;
        const v = now.get(id)!;
        const history: PositionHistory = {
          isMaker: p.converted ? false : (p.opened?.isMaker ?? (last?.is_maker as boolean | undefined) ?? v.maker.liquidity > 0n),
          holder: p.mintedTo ?? (last?.holder as string | undefined) ?? v.holder ?? ZERO_ADDRESS,
          openTimestamp: (last?.open_timestamp as number | undefined) ?? block.timestamp,
          last,
        };
        const band = !p.closed && history.isMaker && v.maker.liquidity > 0n ? bandOf(id, v) : null;
        return { id, p, v, history, band };
      });
      const makers = touched.flatMap((t) => (t.band ? [t.band] : []));
      const ticks = c.bandsMayMove ? bandTicks(bandsAfter(storedBands, new Map(touched.map((t) => [t.id, t.band])))) : [];
      const views = await this.reads.market(perp, identity.poolId, block.number, { ticks, makers });

      const row = marketRow(identity, views, block);
      marketRows.push(row);
      snapshots.push({
        perp_address: perp,
        timestamp: iso,
        amm_price_x96: views.poolState.sqrtPriceX96,
        index_price_x96: views.indexX96,
        block_number: block.number,
      });
      if (c.bandsMayMove) tickWrites.push({ perp, rows: [...views.bands.ticks].map(([t, v]) => tickRow(perp, t, v, block.number)) });

      // A close is judged at the contract's mark as its touch left it: the market before this block, advanced to its time.
      const markBefore = before ? (markMarket(decodeMarketChainRow(before), block.timestamp)?.markX96 ?? null) : null;
      for (const t of c.trades) trades.push({ ...t, perp_address: perp, timestamp: iso, mark_price_x96: markBefore, block_number: block.number });

      for (const { id, p, v, history } of touched) {
        if (p.settled)
          settlements.push(
            settlementRow(perp, id, p.settled, { opened: p.opened !== undefined, closed: p.closed !== undefined }, history.last, v.usdDelta, iso, block.number),
          );
        const feeLast = views.bands.feeGrowthInside1LastX128.get(id) ?? 0n;
        if (p.closed) {
          // The views of a closed position are zeroed: keep its last open state (from before this block, or its opening in it).
          const lastOpen = history.last ?? openPositionRow(perp, id, v, history, block.number, feeLast);
          positionRows.push(closedPositionRow(lastOpen, { timestamp: block.timestamp, liquidated: p.closed.liquidated, blockNumber: block.number }));
        } else {
          positionRows.push(openPositionRow(perp, id, v, history, block.number, feeLast));
        }
      }
    }
    await store.upsertMarkets(marketRows);
    await store.upsertPositions(positionRows);
    for (const t of tickWrites) await store.replaceTicks(t.perp, t.rows);
    await store.insertTrades(trades);
    await store.insertSettlements(settlements);
    await store.insertSnapshots(snapshots);
    return { watchChanged: created.length > 0 };
  }

  /** One decoded Perp log's mark on the block's changes. */
  private apply(
    event: ReturnType<typeof decodePerpLog>,
    perp: string,
    change: (perp: string) => MarketChange,
    position: (perp: string, id: bigint) => PositionChange,
  ): void {
    change(perp).bandsMayMove = true;
    if (event.name === 'Unknown') return;
    const e = event as PerpEvent;
    const settle = (posId: bigint, swapUsd: bigint, funding: bigint, makerLeg: boolean): PositionChange => {
      const p = position(perp, posId);
      const s = (p.settled ??= { swapUsd: 0n, funding: 0n, makerLeg: false });
      s.swapUsd += swapUsd;
      s.funding += funding;
      s.makerLeg ||= makerLeg;
      return p;
    };
    switch (e.name) {
      case 'TakerOpened':
        settle(e.args.posId, unpackBalanceDelta(e.args.sr.delta).usd, 0n, false).opened = { isMaker: false };
        return;
      case 'MakerOpened':
        settle(e.args.posId, 0n, 0n, true).opened = { isMaker: true };
        return;
      case 'TakerAdjusted':
        settle(e.args.posId, unpackBalanceDelta(e.args.sr.delta).usd, e.args.funding, false);
        return;
      case 'TakerBackstopped':
        settle(e.args.posId, 0n, e.args.funding, false);
        return;
      case 'MakerAdjusted':
      case 'MakerBackstopped':
        settle(e.args.posId, 0n, e.args.funding, true);
        return;
      case 'MakerConverted':
        settle(e.args.posId, 0n, e.args.funding, true).converted = true;
        return;
      case 'TakerClosed': {
        const liquidated = 'isLiquidation' in e.args ? e.args.isLiquidation : false;
        const { perp: perpDelta, usd } = unpackBalanceDelta(e.args.sr.delta);
        settle(e.args.posId, usd, e.args.funding, false).closed = { liquidated };
        change(perp).trades.push({
          pos_id: e.args.posId,
          was_liquidated: liquidated,
          perp_delta: perpDelta,
          usd_delta: usd,
          funding: e.args.funding,
          util_fees: e.args.utilFees,
          liq_fee: 'liqFee' in e.args && liquidated ? e.args.liqFee : null,
        });
        return;
      }
      case 'MakerClosed':
        settle(e.args.posId, 0n, e.args.funding, true).closed = { liquidated: 'isLiquidation' in e.args ? e.args.isLiquidation : false };
        return;
      case 'TakerLiquidated':
      case 'MakerLiquidated': {
        // v0.2.2: after the untailed close of the same transaction.
        const p = position(perp, e.args.posId);
        if (p.closed) p.closed.liquidated = true;
        const trade = change(perp).trades.find((t) => t.pos_id === e.args.posId);
        if (trade) Object.assign(trade, { was_liquidated: true, liq_fee: e.args.liqFee });
        return;
      }
      case 'Transfer':
        if (e.args.from === ZERO_ADDRESS) position(perp, e.args.id).mintedTo = e.args.to;
        else if (e.args.to !== ZERO_ADDRESS) position(perp, e.args.id).mintedTo = e.args.to;
        return;
      default:
        return;
    }
  }

  async rewind(forkBlock: number, tx: EntityManager): Promise<void> {
    const store = new PerpCityStore(tx);
    await store.dropAppendOnlyAfter(forkBlock);
    const positions = await store.positionsWrittenAfter(forkBlock);
    const markets = await store.marketsWrittenAfter(forkBlock);
    const marketRows: MarketsRow[] = [];
    const gone = new Set<string>();
    // Each market re-read, with its position count at the fork from the one read of its views there.
    const atFork = new Map<string, { poolId: string; nextPosId: bigint }>();
    const block = markets.length > 0 && forkBlock >= 0 ? await this.reads.block(forkBlock) : null;
    for (const before of markets) {
      const perp = before['perp_address'] as string;
      const exists = forkBlock >= 0 && (await this.reads.hasCode(perp, forkBlock));
      if (!exists) {
        gone.add(perp);
        await store.deleteMarket(perp);
        continue;
      }
      const poolId = before['pool_id'] as string;
      const views = await this.reads.market(perp, poolId, forkBlock);
      atFork.set(perp, { poolId, nextPosId: views.nextPosId });
      marketRows.push({ ...marketRow(identityOf(before), views, block!), last_touched_at: Number(before['last_touched_at']) });
    }
    await store.upsertMarkets(marketRows);

    const byMarket = new Map<string, PositionsRow[]>();
    for (const p of positions) {
      const perp = p.perp_address as string;
      if (gone.has(perp)) continue;
      // A position is written only with an event of its market, so its market is re-read here.
      if (!atFork.has(perp)) throw new Error(`position rows of ${perp} written after block ${forkBlock}, but not its market`);
      byMarket.set(perp, [...(byMarket.get(perp) ?? []), p]);
    }
    for (const [perp, { poolId, nextPosId }] of atFork) {
      const rows = byMarket.get(perp) ?? [];
      const born = rows.filter((r) => (r.id as bigint) >= nextPosId).map((r) => r.id as bigint);
      await store.deletePositions(perp, born);
      const kept = rows.filter((r) => (r.id as bigint) < nextPosId);
      const views = await this.reads.positions(
        perp,
        kept.map((r) => r.id as bigint),
        forkBlock,
      );
      const reread = new Map([...views].map(([id, v]) => [id, v.maker.liquidity > 0n ? bandOf(id, v) : null]));
      // Ticks rows written after the fork, or deleted after it with a band that closed, come back as the fork has them.
      const ticks = bandTicks(bandsAfter(await store.openMakerBands(perp), reread));
      const makers = [...reread.values()].flatMap((b) => (b ? [b] : []));
      const bands = await this.reads.bands(perp, poolId, { ticks, makers }, forkBlock);
      // Written after the fork, so open at the fork (a position closed earlier was last written then).
      await store.upsertPositions(
        kept.map((r) => {
          const id = r.id as bigint;
          const v = views.get(id)!;
          const isMaker = v.maker.liquidity > 0n;
          return openPositionRow(
            perp,
            id,
            v,
            { isMaker, holder: v.holder ?? (r.holder as string), openTimestamp: r.open_timestamp as number, last: r },
            forkBlock,
            bands.feeGrowthInside1LastX128.get(id) ?? 0n,
          );
        }),
      );
      await store.replaceTicks(
        perp,
        [...bands.ticks].map(([t, v]) => tickRow(perp, t, v, forkBlock)),
      );
    }
  }
}

/** A stored market's identity (what PerpCreated said). */
function identityOf(row: Raw | undefined): MarketIdentity {
  if (!row) throw new Error('a Perp event of a market the store does not hold');
  return {
    perpAddress: row['perp_address'] as string,
    poolId: row['pool_id'] as string,
    owner: row['owner'] as string,
    name: row['name'] as string,
    symbol: row['symbol'] as string,
    tokenUri: row['token_uri'] as string,
    emaWindow: Number(row['ema_window']),
    protocolFee: Number(row['protocol_fee']),
    createdAt: Number(row['created_at']),
  };
}
