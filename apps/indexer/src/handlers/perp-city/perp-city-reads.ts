import { decodeAggregate3Results, encodeAggregate3, type Call3 } from '@perp/contracts';
import {
  BEACON_INTERFACE,
  buildFromPoolHooks,
  decodeExtsloadWords,
  decodeMarketModuleColumns,
  decodePerpEmas,
  decodePerpTickFunding,
  decodeUint256Word,
  extsloadCalldata,
  MARKET_MODULE_CALLS,
  perpInterface,
  PERP_EMAS_SLOT,
  perpMakerFeeGrowthInside1LastSlot,
  perpTickFundingSlots,
  POOL_MANAGER_INTERFACE,
  poolFeeGrowthGlobal1Slot,
  poolTickFeeGrowthOutside1Slot,
  unpackBalanceDelta,
  type Bytes32,
  type MarketModuleColumns,
  type PerpBuild,
} from '@perp/perp-city-abi';
import { Interface, type Provider } from 'ethers';

// Every view here exists in both builds but emas(), which only v0.1.0 has (v0.2.2 keeps the EMAs in storage: PERP_EMAS_SLOT).
const PERP = perpInterface('v0.1.0');

/** A market's chain state at one block: every view its markets row is built from. */
export interface MarketViews {
  modules: { beacon: string; fees: string; funding: string; marginRatios: string; priceImpact: string; pricing: string };
  tickSpacing: number;
  poolState: { tick: number; sqrtPriceX96: bigint; liquidity: bigint };
  emas: { ammPrice: bigint; index: bigint };
  rates: { fundingPerDay: bigint; longUtilFeePerDay: bigint; shortUtilFeePerDay: bigint; lastTouch: number };
  cumulatives: {
    fundingX96: bigint;
    fundingDivSqrtPX96: bigint;
    longUtilPaymentsX96: bigint;
    shortUtilPaymentsX96: bigint;
    longUtilEarningsX96: bigint;
    shortUtilEarningsX96: bigint;
  };
  openInterest: { long: bigint; short: bigint };
  capacity: { long: bigint; short: bigint };
  insurance: bigint;
  badDebt: bigint;
  totalMargin: bigint;
  indexX96: bigint | null;
  /** The fee and margin-ratio columns, from the fees and margin-ratios modules. */
  moduleColumns: MarketModuleColumns;
  /** From the pool's hook: none is v0.1.0, the guard hook v0.2.2. */
  build: PerpBuild;
  feeGrowthGlobal1X128: bigint;
  nextPosId: bigint;
  /** What the call asked of the market's maker bands, read in the same block. */
  bands: BandViews;
}

/** A maker's band: its v4 position is the Perp's, with salt bytes32(posId), over [tickLower, tickUpper]. */
export interface MakerBand {
  posId: bigint;
  tickLower: number;
  tickUpper: number;
}

/** The band state to read with a market: the ticks of its open bands, and the pool positions of the makers written. */
export interface BandRequest {
  ticks: readonly number[];
  makers: readonly MakerBand[];
}

const NO_BANDS: BandRequest = { ticks: [], makers: [] };

/** One band tick at one block: the Perp's funding checkpoints (ticks[tick]) and the PoolManager's fee growth outside. */
export interface TickViews {
  cumlFundingOppX96: bigint;
  cumlFundingDivSqrtPOppX96: bigint;
  feeGrowthOutside1X128: bigint;
}

export interface BandViews {
  ticks: Map<number, TickViews>;
  /** Each maker's pool position feeGrowthInside1LastX128 (as of its last modifyLiquidity), by position id. */
  feeGrowthInside1LastX128: Map<bigint, bigint>;
}

/** A position's chain state at one block. */
export interface PositionViews {
  perpDelta: bigint;
  usdDelta: bigint;
  margin: bigint;
  liqMarginRatio: number;
  backstopMarginRatio: number;
  lastCumlFundingX96: bigint;
  lastLongUtilPaymentsX96: bigint;
  lastShortUtilPaymentsX96: bigint;
  maker: {
    tickLower: number;
    tickUpper: number;
    liquidity: bigint;
    lastLongUtilEarningsX96: bigint;
    lastShortUtilEarningsX96: bigint;
    capacityLong: bigint;
    capacityShort: bigint;
    belowX96: bigint;
    withinX96: bigint;
    divSqrtPriceWithinX96: bigint;
  };
  /** null once the position token is burned (closed). */
  holder: string | null;
}

/** Calls pinned to one block through Multicall3 (one eth_call for a market's whole state). */
export class PerpCityReads {
  constructor(
    private readonly provider: Provider,
    private readonly multicall3: string,
    private readonly poolManager: string,
  ) {}

  private async aggregate(calls: Call3[], block: number): Promise<{ success: boolean; returnData: string }[]> {
    const data = await this.provider.call({ to: this.multicall3, data: encodeAggregate3(calls), blockTag: block });
    return decodeAggregate3Results(data);
  }

  async hasCode(address: string, block: number): Promise<boolean> {
    return (await this.provider.getCode(address, block)) !== '0x';
  }

  async block(number: number): Promise<{ number: number; timestamp: number }> {
    const block = await this.provider.getBlock(number);
    if (!block) throw new Error(`no block ${number}`);
    return { number, timestamp: block.timestamp };
  }

  /**
   * Every view of a market at `block`, in two round trips (the modules' addresses first), with the
   * `bands` state: its PoolManager words by one extsload(bytes32[]) inside the first aggregate, the
   * Perp's tick funding words alongside it.
   */
  async market(perp: string, poolId: string, block: number, bands: BandRequest = NO_BANDS): Promise<MarketViews> {
    const call = (target: string, iface: Interface, name: string, args: unknown[] = [], allowFailure = false): Call3 => ({
      target,
      allowFailure,
      callData: iface.encodeFunctionData(name, args),
    });
    const first = [
      call(perp, PERP, 'modules'),
      call(perp, PERP, 'poolKey'),
      call(perp, PERP, 'poolState'),
      call(perp, PERP, 'emas', [], true),
      call(perp, PERP, 'rates'),
      call(perp, PERP, 'cumulatives'),
      call(perp, PERP, 'openInterest'),
      call(perp, PERP, 'capacity'),
      call(perp, PERP, 'feeFund'),
      call(perp, PERP, 'solvencyState'),
      call(perp, PERP, 'nextPosId'),
      call(this.poolManager, POOL_MANAGER_INTERFACE, 'extsload(bytes32)', [poolFeeGrowthGlobal1Slot(poolId)]),
    ];
    const slots = bandSlots(poolId, perp, bands);
    if (slots.length > 0) first.push({ target: this.poolManager, allowFailure: false, callData: extsloadCalldata(slots) });
    const [r, funding] = await Promise.all([this.aggregate(first, block), this.perpTickFunding(perp, bands.ticks, block)]);
    const out = (i: number, name: string, iface: Interface = PERP) => iface.decodeFunctionResult(name, r[i].returnData);
    const modules = out(0, 'modules');
    const key = out(1, 'poolKey')[0];
    const pool = out(2, 'poolState');
    let emas: { ammPrice: bigint; index: bigint };
    if (r[3].success) {
      const e = out(3, 'emas');
      emas = { ammPrice: e[0], index: e[1] };
    } else {
      emas = decodePerpEmas(await this.provider.getStorage(perp, PERP_EMAS_SLOT, block));
    }
    const rates = out(4, 'rates');
    const c = out(5, 'cumulatives');
    const oi = out(6, 'openInterest');
    const cap = out(7, 'capacity');
    const feeFund = out(8, 'feeFund');
    const solvency = out(9, 'solvencyState');
    const nextPosId = out(10, 'nextPosId')[0] as bigint;
    const feeGrowth = BigInt(POOL_MANAGER_INTERFACE.decodeFunctionResult('extsload(bytes32)', r[11].returnData)[0]);

    const m = {
      beacon: (modules[0] as string).toLowerCase(),
      fees: (modules[1] as string).toLowerCase(),
      funding: (modules[2] as string).toLowerCase(),
      marginRatios: (modules[3] as string).toLowerCase(),
      priceImpact: (modules[4] as string).toLowerCase(),
      pricing: (modules[5] as string).toLowerCase(),
    };
    const second = [
      ...MARKET_MODULE_CALLS.map((c) => ({ target: c.module === 'fees' ? m.fees : m.marginRatios, allowFailure: false, callData: c.data })),
      call(m.beacon, BEACON_INTERFACE, 'index', [], true),
    ];
    const s = await this.aggregate(second, block);
    const moduleColumns = decodeMarketModuleColumns({
      fees: s[0].returnData,
      liqFee: s[1].returnData,
      takerMarginRatios: s[2].returnData,
      makerMarginRatios: s[3].returnData,
    });
    return {
      modules: m,
      tickSpacing: Number(key.tickSpacing),
      poolState: { tick: Number(pool[0]), sqrtPriceX96: pool[1], liquidity: pool[3] },
      emas,
      rates: { fundingPerDay: rates[0], longUtilFeePerDay: rates[1], shortUtilFeePerDay: rates[2], lastTouch: Number(rates[3]) },
      cumulatives: {
        fundingX96: c[0],
        fundingDivSqrtPX96: c[1],
        longUtilPaymentsX96: c[2],
        shortUtilPaymentsX96: c[3],
        longUtilEarningsX96: c[4],
        shortUtilEarningsX96: c[5],
      },
      openInterest: { long: oi[0], short: oi[1] },
      capacity: { long: cap[0], short: cap[1] },
      insurance: feeFund[0],
      badDebt: solvency[0],
      totalMargin: solvency[1],
      indexX96: s[4].success ? (BEACON_INTERFACE.decodeFunctionResult('index', s[4].returnData)[0] as bigint) : null,
      moduleColumns,
      build: buildFromPoolHooks(key.hooks as string),
      feeGrowthGlobal1X128: feeGrowth,
      nextPosId,
      bands: decodeBands(bands, slots.length > 0 ? decodeExtsloadWords(r[first.length - 1].returnData, slots.length) : [], funding),
    };
  }

  /** The band state alone at `block` (a rewind, which learns its bands after reading the market): one eth_call and the Perp's words. */
  async bands(perp: string, poolId: string, request: BandRequest, block: number): Promise<BandViews> {
    const slots = bandSlots(poolId, perp, request);
    const [data, funding] = await Promise.all([
      slots.length > 0 ? this.provider.call({ to: this.poolManager, data: extsloadCalldata(slots), blockTag: block }) : null,
      this.perpTickFunding(perp, request.ticks, block),
    ]);
    return decodeBands(request, data === null ? [] : decodeExtsloadWords(data, slots.length), funding);
  }

  /**
   * The Perp's ticks[tick] funding words (two a tick). The Perp has no extsload, so these are
   * eth_getStorageAt at the block, all sent at once with the aggregate: ethers' batching (requests
   * within its 10 ms stall, up to batchMaxCount a batch) carries them in a few HTTP round trips, but
   * each is still one JSON-RPC request to the provider.
   */
  private perpTickFunding(perp: string, ticks: readonly number[], block: number): Promise<string[]> {
    return Promise.all(ticks.flatMap((tick) => perpTickFundingSlots(tick)).map((slot) => this.provider.getStorage(perp, slot, block)));
  }

  /** Positions of one market at `block`: positions(), takerDetails(), makerDetails() and ownerOf() of each, in one eth_call. */
  async positions(perp: string, ids: readonly bigint[], block: number): Promise<Map<bigint, PositionViews>> {
    const calls = ids.flatMap((id) => [
      { target: perp, allowFailure: false, callData: PERP.encodeFunctionData('positions', [id]) },
      { target: perp, allowFailure: false, callData: PERP.encodeFunctionData('takerDetails', [id]) },
      { target: perp, allowFailure: false, callData: PERP.encodeFunctionData('makerDetails', [id]) },
      // A burned token's ownerOf reverts.
      { target: perp, allowFailure: true, callData: PERP.encodeFunctionData('ownerOf', [id]) },
    ]);
    const views = new Map<bigint, PositionViews>();
    if (ids.length === 0) return views;
    const r = await this.aggregate(calls, block);
    ids.forEach((id, i) => {
      const [p, t, mk, owner] = r.slice(i * 4, i * 4 + 4);
      const pos = PERP.decodeFunctionResult('positions', p.returnData);
      const taker = PERP.decodeFunctionResult('takerDetails', t.returnData);
      const maker = PERP.decodeFunctionResult('makerDetails', mk.returnData);
      const { perp: perpDelta, usd } = unpackBalanceDelta(pos[0] as bigint);
      views.set(id, {
        perpDelta,
        usdDelta: usd,
        margin: pos[1],
        liqMarginRatio: Number(pos[2]),
        backstopMarginRatio: Number(pos[3]),
        lastCumlFundingX96: pos[4],
        lastLongUtilPaymentsX96: taker[0],
        lastShortUtilPaymentsX96: taker[1],
        maker: {
          tickLower: Number(maker[0]),
          tickUpper: Number(maker[1]),
          liquidity: maker[2],
          lastLongUtilEarningsX96: maker[3],
          lastShortUtilEarningsX96: maker[4],
          capacityLong: maker[5][0],
          capacityShort: maker[5][1],
          belowX96: maker[6][0],
          withinX96: maker[6][1],
          divSqrtPriceWithinX96: maker[6][2],
        },
        holder: owner.success ? (PERP.decodeFunctionResult('ownerOf', owner.returnData)[0] as string).toLowerCase() : null,
      });
    });
    return views;
  }
}

/** The PoolManager words of a band request, in order: each tick's feeGrowthOutside1X128, then each maker's feeGrowthInside1LastX128. */
function bandSlots(poolId: string, perp: string, request: BandRequest): Bytes32[] {
  return [
    ...request.ticks.map((tick) => poolTickFeeGrowthOutside1Slot(poolId, tick)),
    ...request.makers.map((m) => perpMakerFeeGrowthInside1LastSlot(poolId, perp, m.tickLower, m.tickUpper, m.posId)),
  ];
}

function decodeBands(request: BandRequest, words: readonly string[], funding: readonly string[]): BandViews {
  const ticks = new Map<number, TickViews>();
  request.ticks.forEach((tick, i) => {
    ticks.set(tick, { ...decodePerpTickFunding([funding[2 * i], funding[2 * i + 1]]), feeGrowthOutside1X128: decodeUint256Word(words[i]) });
  });
  const feeGrowthInside1LastX128 = new Map(request.makers.map((m, i) => [m.posId, decodeUint256Word(words[request.ticks.length + i])]));
  return { ticks, feeGrowthInside1LastX128 };
}
