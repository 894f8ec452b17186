import type { BuildTag } from './builds';
import { EventTable, type DecodedLog, type DecodeOptions } from './decode';
import { BEACON_EVENTS, PERP_EVENTS, PERP_FACTORY_EVENTS, POOL_MANAGER_EVENTS } from './fragments';
import type { RawLog, UnknownLog } from './log';

// Field conventions: every integer is a bigint (whatever its Solidity width, ticks included),
// addresses and bytes are lowercase 0x-hex strings. Units are in the README.

// ── Structs ────────────────────────────────────────────────────────────────────────────────

/** A taker swap's outcome. `delta` is a packed BalanceDelta: see `unpackBalanceDelta`. */
export interface SwapResult {
  readonly delta: bigint;
  readonly ammPrice: bigint;
  readonly totalFeeAmt: bigint;
  readonly lpFeeAmt: bigint;
  readonly protocolFeeAmt: bigint;
  readonly creatorFeeAmt: bigint;
  readonly insuranceFeeAmt: bigint;
}

export interface LongShort {
  readonly long: bigint;
  readonly short: bigint;
}

export interface Cumulatives {
  readonly fundingX96: bigint;
  readonly fundingDivSqrtPX96: bigint;
  readonly longUtilPaymentsX96: bigint;
  readonly shortUtilPaymentsX96: bigint;
  readonly longUtilEarningsX96: bigint;
  readonly shortUtilEarningsX96: bigint;
}

export interface Rates {
  readonly fundingPerDay: bigint;
  readonly longUtilFeePerDay: bigint;
  readonly shortUtilFeePerDay: bigint;
  readonly lastTouch: bigint;
}

export interface PricePair {
  readonly ammPrice: bigint;
  readonly index: bigint;
}

export interface Modules {
  readonly beacon: string;
  readonly fees: string;
  readonly funding: string;
  readonly marginRatios: string;
  readonly priceImpact: string;
  readonly pricing: string;
}

// ── Perp event arguments ───────────────────────────────────────────────────────────────────

/** What a maker touch settled (MakerAdjusted; MakerConverted/MakerClosed on v0.2.2). */
export interface MakerSettleArgs {
  readonly posId: bigint;
  readonly funding: bigint;
  readonly longUtilFees: bigint;
  readonly shortUtilFees: bigint;
  readonly lpFees: bigint;
}

/** v0.1.0 MakerConverted/MakerClosed: the settle plus the liquidation tail. */
export interface MakerSettleTailedArgs extends MakerSettleArgs {
  readonly liqFee: bigint;
  readonly isLiquidation: boolean;
}

export interface MakerBackstoppedArgs extends MakerSettleArgs {
  readonly marginIn: bigint;
  readonly posRecipient: string;
}

export interface TakerOpenedArgs {
  readonly posId: bigint;
  readonly sr: SwapResult;
}

/** TakerAdjusted on both builds; TakerClosed on v0.2.2. */
export interface TakerSettleArgs extends TakerOpenedArgs {
  readonly funding: bigint;
  readonly utilFees: bigint;
}

/** v0.1.0 TakerClosed: also how a liquidation surfaces on that build. */
export interface TakerClosedTailedArgs extends TakerSettleArgs {
  readonly liqFee: bigint;
  readonly isLiquidation: boolean;
}

export interface TakerBackstoppedArgs {
  readonly posId: bigint;
  readonly marginIn: bigint;
  readonly posRecipient: string;
  readonly funding: bigint;
  readonly utilFees: bigint;
}

type PerpLog<N extends string, B extends BuildTag, A> = DecodedLog<'Perp', N, B, A>;

export type PerpEvent =
  | PerpLog<'MakerOpened', 'both', { readonly posId: bigint }>
  | PerpLog<'MakerAdjusted', 'both', MakerSettleArgs>
  | PerpLog<'MakerBackstopped', 'both', MakerBackstoppedArgs>
  | PerpLog<'MakerConverted', 'v0.1.0', MakerSettleTailedArgs>
  | PerpLog<'MakerConverted', 'v0.2.2-upgradeable', MakerSettleArgs>
  | PerpLog<'MakerClosed', 'v0.1.0', MakerSettleTailedArgs>
  | PerpLog<'MakerClosed', 'v0.2.2-upgradeable', MakerSettleArgs>
  | PerpLog<'MakerLiquidated', 'v0.2.2-upgradeable', { readonly posId: bigint; readonly liquidityAmount: bigint; readonly liqFee: bigint }>
  | PerpLog<'TakerOpened', 'both', TakerOpenedArgs>
  | PerpLog<'TakerAdjusted', 'both', TakerSettleArgs>
  | PerpLog<'TakerBackstopped', 'both', TakerBackstoppedArgs>
  | PerpLog<'TakerClosed', 'v0.1.0', TakerClosedTailedArgs>
  | PerpLog<'TakerClosed', 'v0.2.2-upgradeable', TakerSettleArgs>
  | PerpLog<'TakerLiquidated', 'v0.2.2-upgradeable', { readonly posId: bigint; readonly perpAmount: bigint; readonly liqFee: bigint }>
  | PerpLog<'SurplusRecovered', 'v0.2.2-upgradeable', { readonly recipient: string; readonly amount: bigint }>
  | PerpLog<'Upgraded', 'v0.2.2-upgradeable', { readonly implementation: string }>
  | PerpLog<'Initialized', 'v0.2.2-upgradeable', { readonly version: bigint }>
  | PerpLog<'CapacityUpdated', 'both', { readonly cap: LongShort }>
  | PerpLog<'OpenInterestUpdated', 'both', { readonly oi: LongShort }>
  | PerpLog<'CumulativesAccrued', 'both', { readonly cumls: Cumulatives }>
  | PerpLog<'RatesAndEmasRefreshed', 'both', { readonly rates: Rates; readonly emas: PricePair }>
  | PerpLog<'TicksCrossed', 'both', { readonly startingTick: bigint; readonly endingTick: bigint; readonly zeroForOne: boolean }>
  | PerpLog<'TickInitialized', 'both', { readonly tick: bigint; readonly cumlFundingOppX96: bigint; readonly cumlFundingDivSqrtPOppX96: bigint }>
  | PerpLog<'TickDeleted', 'both', { readonly tick: bigint }>
  | PerpLog<'Donated', 'both', { readonly donor: string; readonly amount: bigint; readonly badDebt: bigint; readonly insurance: bigint }>
  | PerpLog<'BadDebtAccounted', 'both', { readonly badDebt: bigint; readonly insuranceAfter: bigint; readonly badDebtAfter: bigint }>
  | PerpLog<'LossSocialized', 'both', { readonly originalAmount: bigint; readonly feeCharged: bigint; readonly badDebtAfter: bigint }>
  | PerpLog<'MarginTransferred', 'both', { readonly marginDelta: bigint; readonly totalMargin: bigint }>
  | PerpLog<'SetBeacon', 'both', { readonly beacon: string }>
  | PerpLog<'SetFeesModule', 'both', { readonly fees: string }>
  | PerpLog<'SetFundingModule', 'both', { readonly funding: string }>
  | PerpLog<'SetMarginRatiosModule', 'both', { readonly marginRatios: string }>
  | PerpLog<'SetPriceImpactModule', 'both', { readonly priceImpact: string }>
  | PerpLog<'SetPricingModule', 'both', { readonly pricing: string }>
  | PerpLog<'Transfer', 'both', { readonly from: string; readonly to: string; readonly id: bigint }>
  | PerpLog<'Approval', 'v0.1.0', { readonly owner: string; readonly account: string; readonly id: bigint }>
  | PerpLog<'ApprovalForAll', 'v0.1.0', { readonly owner: string; readonly operator: string; readonly isApproved: boolean }>
  | PerpLog<'OwnershipTransferred', 'v0.1.0', { readonly oldOwner: string; readonly newOwner: string }>
  | PerpLog<'OwnershipHandoverRequested', 'v0.1.0', { readonly pendingOwner: string }>
  | PerpLog<'OwnershipHandoverCanceled', 'v0.1.0', { readonly pendingOwner: string }>
  | PerpLog<'SetName', 'v0.1.0', { readonly name: string }>
  | PerpLog<'SetSymbol', 'v0.1.0', { readonly symbol: string }>
  | PerpLog<'SetTokenURI', 'v0.1.0', { readonly tokenUri: string }>
  | PerpLog<'SetTimelock', 'v0.1.0', { readonly timelock: bigint }>
  | PerpLog<'Submit', 'v0.1.0', { readonly selector: string; readonly data: string; readonly executableAt: bigint }>
  | PerpLog<'Accept', 'v0.1.0', { readonly selector: string; readonly data: string }>
  | PerpLog<'Revoke', 'v0.1.0', { readonly caller: string; readonly selector: string; readonly data: string }>
  | PerpLog<'Abdicate', 'v0.1.0', { readonly selector: string }>
  | PerpLog<'CreatorFeesCollected', 'v0.1.0', { readonly amount: bigint; readonly recipient: string }>
  | PerpLog<'ProtocolFeesCollected', 'v0.1.0', { readonly amount: bigint; readonly recipient: string }>
  | PerpLog<'ProtocolFeeSynced', 'v0.1.0', { readonly protocolFee: bigint }>;

// ── PerpFactory, Beacon, PoolManager ───────────────────────────────────────────────────────

export interface PerpCreatedArgs {
  readonly perp: string;
  readonly poolId: string;
  readonly modules: Modules;
  readonly initialIndex: bigint;
  readonly emaWindow: bigint;
  readonly protocolFee: bigint;
  readonly sqrtPriceX96: bigint;
  readonly tick: bigint;
  readonly owner: string;
  readonly name: string;
  readonly symbol: string;
  readonly tokenUri: string;
}

export type PerpFactoryEvent = DecodedLog<'PerpFactory', 'PerpCreated', 'both', PerpCreatedArgs>;

export type BeaconEvent = DecodedLog<'Beacon', 'IndexUpdated', 'both', { readonly index: bigint }>;

export interface InitializeArgs {
  readonly id: string;
  readonly currency0: string;
  readonly currency1: string;
  readonly fee: bigint;
  readonly tickSpacing: bigint;
  readonly hooks: string;
  readonly sqrtPriceX96: bigint;
  readonly tick: bigint;
}

export interface SwapArgs {
  readonly id: string;
  readonly sender: string;
  readonly amount0: bigint;
  readonly amount1: bigint;
  readonly sqrtPriceX96: bigint;
  readonly liquidity: bigint;
  readonly tick: bigint;
  readonly fee: bigint;
}

export interface ModifyLiquidityArgs {
  readonly id: string;
  readonly sender: string;
  readonly tickLower: bigint;
  readonly tickUpper: bigint;
  readonly liquidityDelta: bigint;
  readonly salt: string;
}

export type PoolManagerEvent =
  | DecodedLog<'PoolManager', 'Initialize', 'both', InitializeArgs>
  | DecodedLog<'PoolManager', 'Swap', 'both', SwapArgs>
  | DecodedLog<'PoolManager', 'ModifyLiquidity', 'both', ModifyLiquidityArgs>;

// ── Decoders ───────────────────────────────────────────────────────────────────────────────

const PERP_TABLE = new EventTable('Perp', PERP_EVENTS);
const PERP_FACTORY_TABLE = new EventTable('PerpFactory', PERP_FACTORY_EVENTS);
const BEACON_TABLE = new EventTable('Beacon', BEACON_EVENTS);
const POOL_MANAGER_TABLE = new EventTable('PoolManager', POOL_MANAGER_EVENTS);

/**
 * Decodes a log emitted by a `Perp` market, of either build. Returns `Unknown` (never throws)
 * for a log that matches no fragment; throws `PerpCityLogDecodeError` for a malformed log or
 * one whose topic is ours and whose body is not.
 */
export function decodePerpLog(log: RawLog, options?: DecodeOptions): PerpEvent | UnknownLog<'Perp'> {
  return PERP_TABLE.decode(log, options) as PerpEvent | UnknownLog<'Perp'>;
}

/** Decodes a `PerpFactory` log (`PerpCreated`); same contract as `decodePerpLog`. */
export function decodePerpFactoryLog(log: RawLog, options?: DecodeOptions): PerpFactoryEvent | UnknownLog<'PerpFactory'> {
  return PERP_FACTORY_TABLE.decode(log, options) as PerpFactoryEvent | UnknownLog<'PerpFactory'>;
}

/** Decodes a beacon log (`IndexUpdated`). */
export function decodeBeaconLog(log: RawLog): BeaconEvent | UnknownLog<'Beacon'> {
  return BEACON_TABLE.decode(log) as BeaconEvent | UnknownLog<'Beacon'>;
}

/** Decodes a Uniswap v4 PoolManager log (`Initialize`, `Swap`, `ModifyLiquidity`). */
export function decodePoolManagerLog(log: RawLog): PoolManagerEvent | UnknownLog<'PoolManager'> {
  return POOL_MANAGER_TABLE.decode(log) as PoolManagerEvent | UnknownLog<'PoolManager'>;
}

/** topic0 of every Perp event (of one build when given), for an `eth_getLogs` filter. */
export function perpEventTopics(build?: DecodeOptions['build']): string[] {
  return PERP_TABLE.topics(build);
}

export const PERP_FACTORY_EVENT_TOPICS: readonly string[] = PERP_FACTORY_TABLE.topics();
export const BEACON_EVENT_TOPICS: readonly string[] = BEACON_TABLE.topics();
export const POOL_MANAGER_EVENT_TOPICS: readonly string[] = POOL_MANAGER_TABLE.topics();
