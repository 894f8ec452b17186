/**
 * The ABIs of the contracts a Perp delegates to (its five rule modules) and of the protocol fee
 * manager, in ethers v6 human-readable form. Written by us from public facts; see the README
 * ("Modules") for the sources and what each is evidence of.
 *
 * A module is its own contract at the address `modules()` (or `PerpCreated.modules`, or a
 * `Set*Module` event) names. It is not part of the market's build: the same module interface is
 * bound once for both live builds by StrobeLabs/perpcity-rust-sdk, and that SDK's v0.2.2 fork test
 * creates a `v0.2.2-upgradeable` market with the modules of a live `v0.1.0` market (MEME50) and
 * reads, trades and settles through them. So module fragments carry no build tag; they carry a
 * `scope` instead:
 *
 * - `interface`: the view the Perp itself calls (`interfaces/modules/*` as both SDKs bind it). Every
 *   module at a market's module address answers it.
 * - `implementation`: a getter of the module implementation whose ABI perpcity-sdk publishes
 *   (`src/abis/*.ts`, contracts v0.1.0). Another implementation of the same interface may lack
 *   it, so an indexer reads the `interface` views and never depends on these.
 */
export interface ModuleFragmentSpec {
  readonly signature: string;
  readonly scope: 'interface' | 'implementation';
}

const iface = (signature: string): ModuleFragmentSpec => ({ signature, scope: 'interface' });
const impl = (signature: string): ModuleFragmentSpec => ({ signature, scope: 'implementation' });

/** The modules of a market, in `modules()` order (after the beacon), and the protocol fee manager. */
export const PERP_MODULES = ['fees', 'funding', 'marginRatios', 'priceImpact', 'pricing', 'protocolFeeManager'] as const;
export type PerpModule = (typeof PERP_MODULES)[number];

// ── Fees module: trading fee split, liquidation fee, utilization fees ──────────────────────

export const FEES_MODULE_FRAGMENTS: readonly ModuleFragmentSpec[] = [
  // (creator, insurance, LP) fee rates, 1e6-scaled, charged on a taker swap's USD volume.
  iface('function fees() view returns (uint24 cFee, uint24 insFee, uint24 lpFee)'),
  // Liquidation fee rate, 1e6-scaled.
  iface('function liqFee() view returns (uint24)'),
  // Daily util fee rates (1e18-scaled) for a utilization pair; what `rates()` stores after a touch.
  iface('function utilFees(uint256 longUtilization, uint256 shortUtilization) view returns (uint64 longFee, uint64 shortFee)'),
  impl('function CREATOR_FEE() view returns (uint24)'),
  impl('function INSURANCE_FEE() view returns (uint24)'),
  impl('function LP_FEE() view returns (uint24)'),
  impl('function LIQ_FEE() view returns (uint24)'),
  impl('function UTIL_FEE_PER_DAY() view returns (uint64)'),
];

// ── Margin-ratios module ───────────────────────────────────────────────────────────────────

export const MARGIN_RATIOS_MODULE_FRAGMENTS: readonly ModuleFragmentSpec[] = [
  // (initial, liquidation, backstop), 1e6-scaled; a position stores its liq/backstop pair at open.
  iface('function takerMarginRatios() view returns (uint24 init, uint24 liq, uint24 backstop)'),
  iface('function makerMarginRatios() view returns (uint24 init, uint24 liq, uint24 backstop)'),
  impl('function INITIAL_TAKER_RATIO() view returns (uint24)'),
  impl('function LIQUIDATION_TAKER_RATIO() view returns (uint24)'),
  impl('function BACKSTOP_TAKER_RATIO() view returns (uint24)'),
  impl('function INITIAL_MAKER_RATIO() view returns (uint24)'),
  impl('function LIQUIDATION_MAKER_RATIO() view returns (uint24)'),
  impl('function BACKSTOP_MAKER_RATIO() view returns (uint24)'),
];

// ── Funding, pricing and price-impact modules (rules of the mark; no market column reads them) ──

const PRICE_PAIR = 'tuple(uint128 ammPrice, uint128 index)';

export const FUNDING_MODULE_FRAGMENTS: readonly ModuleFragmentSpec[] = [
  // Funding per day (1e18-scaled, + = longs pay) from the spot pair and the EMAs, all X96.
  iface(`function funding(${PRICE_PAIR} spots, ${PRICE_PAIR} emas) view returns (int88)`),
];

export const PRICING_MODULE_FRAGMENTS: readonly ModuleFragmentSpec[] = [
  // The mark (X96) every health check and `valPnl` prices at.
  iface('function fairPrice(uint256 ammPrice, uint256 index, uint256 emaAmmPrice, uint256 emaIndex) view returns (uint256)'),
];

export const PRICE_IMPACT_MODULE_FRAGMENTS: readonly ModuleFragmentSpec[] = [
  // The sqrt-price band (X96) a swap may end in at these prices; outside it the swap reverts
  // `PriceImpactTooHigh`. Moves with the EMAs, so it is a per-trade bound, not a market constant.
  iface('function sqrtPriceBounds(uint256 ammPrice, uint256 index, uint256 emaAmmPrice, uint256 emaIndex) view returns (uint256 sqrtMin, uint256 sqrtMax)'),
  impl('function MAX_DEVIATION() view returns (uint256)'),
  impl('function MAX_FACTOR() view returns (uint256)'),
  impl('function MIN_FACTOR() view returns (uint256)'),
];

// ── Protocol fee manager (perpcity-sdk `protocol-fee-manager.ts`, contracts v0.1.0) ──────────
// A v0.1.0 market names it in `PROTOCOL_FEE_MANAGER()` and copies its fee on `syncProtocolFee()`.
// How a v0.2.2 market finds it is not public (see the README), so every fragment is
// `implementation`: the ABI of the one manager whose source is published.

export const PROTOCOL_FEE_MANAGER_FRAGMENTS: readonly ModuleFragmentSpec[] = [
  impl('function protocolFee() view returns (uint256)'),
  impl('function MAX_PROTOCOL_FEE() view returns (uint256)'),
  impl('function canCollectProtocolFees(address caller) view returns (bool)'),
  impl('function setProtocolFee(uint256 newProtocolFee)'),
  impl('function owner() view returns (address result)'),
  impl('function ownershipHandoverExpiresAt(address pendingOwner) view returns (uint256 result)'),
  impl('function transferOwnership(address newOwner) payable'),
  impl('function renounceOwnership() payable'),
  impl('function requestOwnershipHandover() payable'),
  impl('function cancelOwnershipHandover() payable'),
  impl('function completeOwnershipHandover(address pendingOwner) payable'),
  impl('event ProtocolFeeSet(uint256 protocolFee)'),
  impl('event OwnershipTransferred(address indexed oldOwner, address indexed newOwner)'),
  impl('event OwnershipHandoverRequested(address indexed pendingOwner)'),
  impl('event OwnershipHandoverCanceled(address indexed pendingOwner)'),
  impl('error ProtocolFeeTooHigh()'),
  impl('error AlreadyInitialized()'),
  impl('error NewOwnerIsZeroAddress()'),
  impl('error NoHandoverRequest()'),
  impl('error Unauthorized()'),
];

export const MODULE_FRAGMENTS: Readonly<Record<PerpModule, readonly ModuleFragmentSpec[]>> = {
  fees: FEES_MODULE_FRAGMENTS,
  funding: FUNDING_MODULE_FRAGMENTS,
  marginRatios: MARGIN_RATIOS_MODULE_FRAGMENTS,
  priceImpact: PRICE_IMPACT_MODULE_FRAGMENTS,
  pricing: PRICING_MODULE_FRAGMENTS,
  protocolFeeManager: PROTOCOL_FEE_MANAGER_FRAGMENTS,
};
