import {
  BEACON_INTERFACE,
  buildFromPoolHooks,
  decodeMarketModuleColumns,
  decodePerpEmas,
  MARKET_MODULE_CALLS,
  perpInterface,
  PERP_EMAS_SLOT,
  POOL_MANAGER_INTERFACE,
  poolFeeGrowthGlobal1Slot,
  unpackBalanceDelta,
  type PerpBuild,
} from '@perp/perp-city-abi';
import type { Interface, JsonRpcProvider } from 'ethers';

/**
 * The chain's own answers for one market and its positions, each view its own eth_call pinned to
 * a block: written apart from the indexer's reads (no Multicall3, no shared code but the ABI), so
 * the audit checks the indexer rather than repeating it.
 */
const PERP = perpInterface('v0.1.0');

export class ChainViews {
  constructor(
    private readonly provider: JsonRpcProvider,
    private readonly block: number,
  ) {}

  /** One view's decoded result; null when it reverts (e.g. ownerOf of a burned token). */
  async call(
    to: string,
    iface: Interface,
    name: string,
    args: unknown[] = [],
    block = this.block,
  ): Promise<ReturnType<Interface['decodeFunctionResult']> | null> {
    try {
      const data = await this.provider.call({ to, data: iface.encodeFunctionData(name, args), blockTag: block });
      return iface.decodeFunctionResult(name, data);
    } catch (error) {
      if (isRevert(error)) return null;
      throw error;
    }
  }

  private async must(to: string, iface: Interface, name: string, args: unknown[] = []) {
    const result = await this.call(to, iface, name, args);
    if (result === null) throw new Error(`${name}() of ${to} reverted at block ${this.block}`);
    return result;
  }

  /** The markets columns as the chain gives them at the block (all but the identity and cosmetic ones). */
  async market(perp: string, poolManager: string): Promise<{ build: PerpBuild; columns: Record<string, bigint | number | string | null> }> {
    const [modules, key, pool, rates, cumls, oi, cap, fund, solvency] = await Promise.all(
      ['modules', 'poolKey', 'poolState', 'rates', 'cumulatives', 'openInterest', 'capacity', 'feeFund', 'solvencyState'].map((name) =>
        this.must(perp, PERP, name),
      ),
    );
    const poolKey = key[0];
    const build = buildFromPoolHooks(poolKey.hooks as string);
    const emasView = build === 'v0.1.0' ? await this.call(perp, PERP, 'emas') : null;
    const emas = emasView
      ? { ammPrice: emasView[0] as bigint, index: emasView[1] as bigint }
      : decodePerpEmas(await this.provider.getStorage(perp, PERP_EMAS_SLOT, this.block));
    const [beacon, fees, , marginRatios] = modules.map((a: string) => a.toLowerCase());
    const index = await this.call(beacon, BEACON_INTERFACE, 'index');
    const raw = async (to: string, data: string) => this.provider.call({ to, data, blockTag: this.block });
    const [feesData, liqFeeData, takerData, makerData] = await Promise.all(
      MARKET_MODULE_CALLS.map((c) => raw(c.module === 'fees' ? fees : marginRatios, c.data)),
    );
    const poolId = (await this.must(perp, PERP, 'POOL_ID'))[0] as string;
    const feeGrowth = await this.must(poolManager, POOL_MANAGER_INTERFACE, 'extsload(bytes32)', [poolFeeGrowthGlobal1Slot(poolId)]);
    return {
      build,
      columns: {
        beacon_address: beacon,
        fees_module: fees,
        funding_module: modules[2].toLowerCase(),
        margin_ratios_module: marginRatios,
        price_impact_module: modules[4].toLowerCase(),
        pricing_module: modules[5].toLowerCase(),
        pool_id: poolId.toLowerCase(),
        tick_spacing: Number(poolKey.tickSpacing),
        tick: Number(pool[0]),
        sqrt_price_x96: pool[1],
        liquidity: pool[3],
        ema_amm_price_x96: emas.ammPrice,
        ema_index_price_x96: emas.index,
        funding_per_day: rates[0],
        long_util_fee_per_day: rates[1],
        short_util_fee_per_day: rates[2],
        rates_last_touch: Number(rates[3]),
        cumulative_funding_x96: cumls[0],
        funding_div_sqrt_p_x96: cumls[1],
        long_util_payments_x96: cumls[2],
        short_util_payments_x96: cumls[3],
        long_util_earnings_x96: cumls[4],
        short_util_earnings_x96: cumls[5],
        open_interest_long: oi[0],
        open_interest_short: oi[1],
        capacity_long: cap[0],
        capacity_short: cap[1],
        insurance: fund[0],
        bad_debt: solvency[0],
        total_margin: solvency[1],
        index_price_x96: index === null ? null : (index[0] as bigint),
        fee_growth_global1_x128: BigInt(feeGrowth[0] as string),
        ...decodeMarketModuleColumns({ fees: feesData, liqFee: liqFeeData, takerMarginRatios: takerData, makerMarginRatios: makerData }),
      },
    };
  }

  async nextPosId(perp: string): Promise<bigint> {
    return (await this.must(perp, PERP, 'nextPosId'))[0] as bigint;
  }

  /** A position's columns as the chain gives them; `holder` null once its token is burned. */
  async position(perp: string, id: bigint): Promise<Record<string, bigint | number | string | null>> {
    const [p, t, m, owner] = await Promise.all([
      this.must(perp, PERP, 'positions', [id]),
      this.must(perp, PERP, 'takerDetails', [id]),
      this.must(perp, PERP, 'makerDetails', [id]),
      this.call(perp, PERP, 'ownerOf', [id]),
    ]);
    const { perp: perpDelta, usd } = unpackBalanceDelta(p[0] as bigint);
    return {
      perp_delta: perpDelta,
      usd_delta: usd,
      margin: p[1],
      liq_margin_ratio: Number(p[2]),
      backstop_margin_ratio: Number(p[3]),
      entry_cumulative_funding_x96: p[4],
      entry_long_util_payments_x96: t[0],
      entry_short_util_payments_x96: t[1],
      maker_tick_lower: Number(m[0]),
      maker_tick_upper: Number(m[1]),
      maker_liquidity: m[2],
      entry_long_util_earnings_x96: m[3],
      entry_short_util_earnings_x96: m[4],
      capacity_long: m[5][0],
      capacity_short: m[5][1],
      entry_funding_below_x96: m[6][0],
      entry_funding_within_x96: m[6][1],
      entry_funding_div_sqrt_within_x96: m[6][2],
      holder: owner === null ? null : (owner[0] as string).toLowerCase(),
    };
  }

  /** Would the chain liquidate this position at `block`? Its own test, by an eth_call from an address that holds nothing. */
  async acceptsLiquidation(perp: string, build: PerpBuild, id: bigint, isMaker: boolean, amount: bigint, block: number): Promise<boolean> {
    const iface = perpInterface(build);
    const from = '0x000000000000000000000000000000000000dEaD';
    const name = isMaker ? 'liquidateMaker' : 'liquidateTaker';
    const args = build === 'v0.1.0' ? [id, from] : [id, from, amount];
    try {
      await this.provider.call({ to: perp, from, data: iface.encodeFunctionData(name, args), blockTag: block });
      return true;
    } catch (error) {
      if (isRevert(error)) return false;
      throw error;
    }
  }
}

function isRevert(error: unknown): boolean {
  const e = error as { code?: string };
  return e?.code === 'CALL_EXCEPTION';
}
