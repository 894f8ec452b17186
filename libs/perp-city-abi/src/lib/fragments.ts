import type { BuildTag } from './builds';

/**
 * One ABI fragment in ethers v6 human-readable form, tagged with the build(s) that have it.
 *
 * Written by us from public facts (see the README for the sources). `unverified` marks a
 * fragment read from the v0.1.0 ABI whose presence on v0.2.2 no public source confirms or
 * denies: it is in the v0.1.0 interface only.
 */
export interface FragmentSpec {
  readonly signature: string;
  readonly build: BuildTag;
  readonly unverified?: true;
}

const both = (signature: string): FragmentSpec => ({ signature, build: 'both' });
const v010 = (signature: string): FragmentSpec => ({ signature, build: 'v0.1.0' });
const v022 = (signature: string): FragmentSpec => ({ signature, build: 'v0.2.2-upgradeable' });
/** On v0.1.0's ABI; not known either way on v0.2.2. */
const v010Unverified = (signature: string): FragmentSpec => ({ signature, build: 'v0.1.0', unverified: true });

// ── Struct tuples (Structs.sol field order; the order is the ABI) ──────────────────────────

export const SWAP_RESULT_TUPLE =
  'tuple(int256 delta, uint256 ammPrice, int256 totalFeeAmt, uint256 lpFeeAmt, uint256 protocolFeeAmt, uint256 creatorFeeAmt, uint256 insuranceFeeAmt)';
export const LONG_SHORT_TUPLE = 'tuple(uint128 long, uint128 short)';
export const CUMULATIVES_TUPLE =
  'tuple(int256 fundingX96, int256 fundingDivSqrtPX96, uint256 longUtilPaymentsX96, uint256 shortUtilPaymentsX96, uint256 longUtilEarningsX96, uint256 shortUtilEarningsX96)';
export const RATES_TUPLE = 'tuple(int88 fundingPerDay, uint64 longUtilFeePerDay, uint64 shortUtilFeePerDay, uint40 lastTouch)';
export const PRICE_PAIR_TUPLE = 'tuple(uint128 ammPrice, uint128 index)';
export const MODULES_TUPLE = 'tuple(address beacon, address fees, address funding, address marginRatios, address priceImpact, address pricing)';
export const POOL_KEY_TUPLE = 'tuple(address currency0, address currency1, uint24 fee, int24 tickSpacing, address hooks)';
const MAKER_FUNDING_TUPLE = 'tuple(int256 belowX96, int256 withinX96, int256 divSqrtPriceWithinX96)';
const OPEN_TAKER_PARAMS = 'tuple(address holder, uint128 margin, int256 perpDelta, uint256 amt1Limit)';
const ADJUST_TAKER_PARAMS = 'tuple(uint256 posId, int128 marginDelta, int256 perpDelta, uint256 amt1Limit)';
const OPEN_MAKER_PARAMS = 'tuple(address holder, uint128 margin, int24 tickLower, int24 tickUpper, uint128 liquidity, uint256 maxAmt0In, uint256 maxAmt1In)';
const ADJUST_MAKER_PARAMS = 'tuple(uint256 posId, int128 marginDelta, int128 liquidityDelta, uint256 amt0Limit, uint256 amt1Limit)';

// ── Perp: events ───────────────────────────────────────────────────────────────────────────

export const PERP_EVENTS: readonly FragmentSpec[] = [
  // Position lifecycle, same shape on both builds.
  both('event MakerOpened(uint256 posId)'),
  both('event MakerAdjusted(uint256 posId, int256 funding, uint256 longUtilFees, uint256 shortUtilFees, uint256 lpFees)'),
  both(
    'event MakerBackstopped(uint256 posId, uint128 marginIn, address posRecipient, int256 funding, uint256 longUtilFees, uint256 shortUtilFees, uint256 lpFees)',
  ),
  both(`event TakerOpened(uint256 posId, ${SWAP_RESULT_TUPLE} sr)`),
  both(`event TakerAdjusted(uint256 posId, ${SWAP_RESULT_TUPLE} sr, int256 funding, uint256 utilFees)`),
  both('event TakerBackstopped(uint256 posId, uint128 marginIn, address posRecipient, int256 funding, uint256 utilFees)'),
  // v0.1.0: a close and a liquidation are one event, with the liquidation tail.
  v010('event MakerConverted(uint256 posId, int256 funding, uint256 longUtilFees, uint256 shortUtilFees, uint256 lpFees, uint256 liqFee, bool isLiquidation)'),
  v010('event MakerClosed(uint256 posId, int256 funding, uint256 longUtilFees, uint256 shortUtilFees, uint256 lpFees, uint256 liqFee, bool isLiquidation)'),
  v010(`event TakerClosed(uint256 posId, ${SWAP_RESULT_TUPLE} sr, int256 funding, uint256 utilFees, uint256 liqFee, bool isLiquidation)`),
  // v0.2.2: untailed closes; a liquidation (possibly partial) adds a *Liquidated event.
  v022('event MakerConverted(uint256 posId, int256 funding, uint256 longUtilFees, uint256 shortUtilFees, uint256 lpFees)'),
  v022('event MakerClosed(uint256 posId, int256 funding, uint256 longUtilFees, uint256 shortUtilFees, uint256 lpFees)'),
  v022(`event TakerClosed(uint256 posId, ${SWAP_RESULT_TUPLE} sr, int256 funding, uint256 utilFees)`),
  v022('event MakerLiquidated(uint256 indexed posId, uint128 liquidityAmount, uint256 liqFee)'),
  v022('event TakerLiquidated(uint256 indexed posId, uint128 perpAmount, uint256 liqFee)'),
  v022('event SurplusRecovered(address indexed recipient, uint256 amount)'),
  // ERC-1967 proxy / OpenZeppelin v5 Initializable: inferred from v0.2.2's OZ error set.
  v022('event Upgraded(address indexed implementation)'),
  v022('event Initialized(uint64 version)'),
  // Market state.
  both(`event CapacityUpdated(${LONG_SHORT_TUPLE} cap)`),
  both(`event OpenInterestUpdated(${LONG_SHORT_TUPLE} oi)`),
  both(`event CumulativesAccrued(${CUMULATIVES_TUPLE} cumls)`),
  both(`event RatesAndEmasRefreshed(${RATES_TUPLE} rates, ${PRICE_PAIR_TUPLE} emas)`),
  both('event TicksCrossed(int24 startingTick, int24 endingTick, bool zeroForOne)'),
  both('event TickInitialized(int24 tick, int256 cumlFundingOppX96, int256 cumlFundingDivSqrtPOppX96)'),
  both('event TickDeleted(int24 tick)'),
  // Solvency.
  both('event Donated(address donor, uint128 amount, uint128 badDebt, uint80 insurance)'),
  both('event BadDebtAccounted(uint256 badDebt, uint256 insuranceAfter, uint128 badDebtAfter)'),
  both('event LossSocialized(uint256 originalAmount, uint256 feeCharged, uint128 badDebtAfter)'),
  both('event MarginTransferred(int128 marginDelta, uint128 totalMargin)'),
  // Governance: the six module setters (confirmed on both builds).
  both('event SetBeacon(address indexed beacon)'),
  both('event SetFeesModule(address indexed fees)'),
  both('event SetFundingModule(address indexed funding)'),
  both('event SetMarginRatiosModule(address indexed marginRatios)'),
  both('event SetPriceImpactModule(address indexed priceImpact)'),
  both('event SetPricingModule(address indexed pricing)'),
  // Position NFT (ERC-721, all three fields indexed; ERC-20's Transfer shares the topic).
  both('event Transfer(address indexed from, address indexed to, uint256 indexed id)'),
  // v0.1.0 admin surface (Solady Ownable / ERC721, the timelock, fee collection).
  v010Unverified('event Approval(address indexed owner, address indexed account, uint256 indexed id)'),
  v010Unverified('event ApprovalForAll(address indexed owner, address indexed operator, bool isApproved)'),
  v010Unverified('event OwnershipTransferred(address indexed oldOwner, address indexed newOwner)'),
  v010Unverified('event OwnershipHandoverRequested(address indexed pendingOwner)'),
  v010Unverified('event OwnershipHandoverCanceled(address indexed pendingOwner)'),
  v010Unverified('event SetName(string name)'),
  v010Unverified('event SetSymbol(string symbol)'),
  v010Unverified('event SetTokenURI(string tokenUri)'),
  v010Unverified('event SetTimelock(uint256 timelock)'),
  v010Unverified('event Submit(bytes4 indexed selector, bytes data, uint256 executableAt)'),
  v010Unverified('event Accept(bytes4 indexed selector, bytes data)'),
  v010Unverified('event Revoke(address indexed caller, bytes4 indexed selector, bytes data)'),
  v010Unverified('event Abdicate(bytes4 indexed selector)'),
  v010Unverified('event CreatorFeesCollected(uint256 amount, address recipient)'),
  v010Unverified('event ProtocolFeesCollected(uint256 amount, address recipient)'),
  v010Unverified('event ProtocolFeeSynced(uint256 protocolFee)'),
];

// ── Perp: functions ────────────────────────────────────────────────────────────────────────

export const PERP_FUNCTIONS: readonly FragmentSpec[] = [
  // Actions.
  both(`function openTaker(${OPEN_TAKER_PARAMS} params) returns (uint256 posId)`),
  both(`function adjustTaker(${ADJUST_TAKER_PARAMS} params)`),
  both(`function openMaker(${OPEN_MAKER_PARAMS} params) returns (uint256 posId)`),
  both(`function adjustMaker(${ADJUST_MAKER_PARAMS} params)`),
  both('function backstopTaker(uint256 posId, uint128 marginIn, address positionRecipient)'),
  both('function backstopMaker(uint256 posId, uint128 marginIn, address positionRecipient)'),
  both('function touch()'),
  both('function donate(uint128 amount)'),
  both('function collectCreatorFees(address recipient)'),
  both('function collectProtocolFees(address recipient)'),
  both('function syncProtocolFee()'),
  // Liquidations: whole-position on v0.1.0, by amount (maybe partial) on v0.2.2.
  v010('function liquidateTaker(uint256 posId, address liquidationFeeRecipient)'),
  v010('function liquidateMaker(uint256 posId, address liquidationFeeRecipient)'),
  v022('function liquidateTaker(uint256 posId, address liquidationFeeRecipient, uint128 perpAmount)'),
  v022('function liquidateMaker(uint256 posId, address liquidationFeeRecipient, uint128 liquidityAmount)'),
  // Views.
  both(
    'function positions(uint256 posId) view returns (int256 delta, uint128 margin, uint24 liqMarginRatio, uint24 backstopMarginRatio, int256 lastCumlFundingX96)',
  ),
  both('function takerDetails(uint256 posId) view returns (uint256 lastLongUtilPaymentsX96, uint256 lastShortUtilPaymentsX96)'),
  both(
    `function makerDetails(uint256 posId) view returns (int24 tickLower, int24 tickUpper, uint128 liquidity, uint256 lastLongUtilEarningsX96, uint256 lastShortUtilEarningsX96, ${LONG_SHORT_TUPLE} capacity, ${MAKER_FUNDING_TUPLE} lastCumlFunding)`,
  ),
  both('function rates() view returns (int88 fundingPerDay, uint64 longUtilFeePerDay, uint64 shortUtilFeePerDay, uint40 lastTouch)'),
  both(
    'function cumulatives() view returns (int256 fundingX96, int256 fundingDivSqrtPX96, uint256 longUtilPaymentsX96, uint256 shortUtilPaymentsX96, uint256 longUtilEarningsX96, uint256 shortUtilEarningsX96)',
  ),
  v010('function emas() view returns (uint128 ammPrice, uint128 index)'),
  both('function openInterest() view returns (uint128 long, uint128 short)'),
  both('function capacity() view returns (uint128 long, uint128 short)'),
  both('function feeFund() view returns (uint80 insurance, uint80 creatorFees, uint80 protocolFees)'),
  both('function solvencyState() view returns (uint128 badDebt, uint128 totalMargin)'),
  both('function poolState() view returns (int24 tick, uint160 sqrtPriceX96, uint256 ammPriceX96, uint128 liquidity)'),
  both(`function poolKey() view returns (${POOL_KEY_TUPLE})`),
  both('function modules() view returns (address beacon, address fees, address funding, address marginRatios, address priceImpact, address pricing)'),
  both('function nextPosId() view returns (uint256)'),
  both('function POOL_ID() view returns (bytes32)'),
  both('function EMA_WINDOW() view returns (uint256)'),
  v022('function HOOKS() view returns (address)'),
  // Position NFT.
  both('function name() view returns (string)'),
  both('function symbol() view returns (string)'),
  both('function tokenURI(uint256 id) view returns (string)'),
  both('function ownerOf(uint256 id) view returns (address)'),
  both('function safeTransferFrom(address from, address to, uint256 id) payable'),
  // v0.1.0 admin and ERC-721 rest.
  v010Unverified('function CURRENCY_0() view returns (address)'),
  v010Unverified('function CURRENCY_1() view returns (address)'),
  v010Unverified('function PROTOCOL_FEE_MANAGER() view returns (address)'),
  v010Unverified('function protocolFee() view returns (uint256)'),
  v010Unverified('function owner() view returns (address)'),
  v010Unverified('function timelock() view returns (uint256)'),
  v010Unverified('function executableAt(bytes data) view returns (uint256)'),
  v010Unverified('function abdicated(bytes4 selector) view returns (bool)'),
  v010Unverified('function balanceOf(address owner) view returns (uint256)'),
  v010Unverified('function getApproved(uint256 id) view returns (address)'),
  v010Unverified('function isApprovedForAll(address owner, address operator) view returns (bool)'),
  v010Unverified('function supportsInterface(bytes4 interfaceId) view returns (bool)'),
  v010Unverified('function ownershipHandoverExpiresAt(address pendingOwner) view returns (uint256)'),
  v010Unverified('function approve(address account, uint256 id) payable'),
  v010Unverified('function setApprovalForAll(address operator, bool isApproved)'),
  v010Unverified('function transferFrom(address from, address to, uint256 id) payable'),
  v010Unverified('function safeTransferFrom(address from, address to, uint256 id, bytes data) payable'),
  v010Unverified('function transferOwnership(address newOwner) payable'),
  v010Unverified('function renounceOwnership() payable'),
  v010Unverified('function requestOwnershipHandover() payable'),
  v010Unverified('function cancelOwnershipHandover() payable'),
  v010Unverified('function completeOwnershipHandover(address pendingOwner) payable'),
  v010Unverified('function submit(bytes data)'),
  v010Unverified('function revoke(bytes data)'),
  v010Unverified('function abdicate(bytes4 selector)'),
  v010Unverified('function setTimelock(uint256 newTimelock)'),
  v010Unverified('function setBeacon(address newBeacon)'),
  v010Unverified('function setFeesModule(address newFees)'),
  v010Unverified('function setFundingModule(address newFunding)'),
  v010Unverified('function setMarginRatiosModule(address newMarginRatios)'),
  v010Unverified('function setPriceImpactModule(address newPriceImpact)'),
  v010Unverified('function setPricingModule(address newPricing)'),
  v010Unverified('function setName(string newName)'),
  v010Unverified('function setSymbol(string newSymbol)'),
  v010Unverified('function setTokenURI(string newTokenUri)'),
  v010Unverified('function unlockCallback(bytes data) returns (bytes encodedDelta)'),
];

// ── Perp: errors ───────────────────────────────────────────────────────────────────────────

export const PERP_ERRORS: readonly FragmentSpec[] = [
  ...[
    'Abdicated',
    'ZeroDelta',
    'MinAmtUnmet',
    'MarginTooLow',
    'NoSystemFunds',
    'ZeroLiquidity',
    'MaxAmtExceeded',
    'NegativeEquity',
    'NegativeMargin',
    'NotPoolManager',
    'NotLiquidatable',
    'NonMakerPosition',
    'NonTakerPosition',
    'TicksOutOfBounds',
    'DataNotTimelocked',
    'MarginRatioTooLow',
    'DataAlreadyPending',
    'PriceImpactTooHigh',
    'TimelockNotExpired',
    'UnauthorizedCaller',
    'PositionDoesNotExist',
    'LongUtilizationExceeded',
    'ShortUtilizationExceeded',
    'InsufficientLiquidityToFill',
    // Solady ERC721.
    'TokenDoesNotExist',
    'NotOwnerNorApproved',
    'TransferToZeroAddress',
    'TransferFromIncorrectOwner',
    'TransferToNonERC721ReceiverImplementer',
  ].map((name) => both(`error ${name}()`)),
  v022('error NoSurplus()'),
  v022('error ZeroAddress()'),
  v022('error UnauthorizedPoolAction()'),
  v022('error ERC1967InvalidImplementation(address implementation)'),
  v022('error ERC1967NonPayable()'),
  v022('error UUPSUnauthorizedCallContext()'),
  v022('error UUPSUnsupportedProxiableUUID(bytes32 slot)'),
  v022('error InvalidInitialization()'),
  ...[
    'AccountBalanceOverflow',
    'AlreadyInitialized',
    'BalanceQueryForZeroAddress',
    'NewOwnerIsZeroAddress',
    'NoHandoverRequest',
    'TokenAlreadyExists',
    'Unauthorized',
  ].map((name) => v010Unverified(`error ${name}()`)),
];

// ── PerpFactory ────────────────────────────────────────────────────────────────────────────

export const PERP_FACTORY_EVENTS: readonly FragmentSpec[] = [
  both(
    `event PerpCreated(address perp, bytes32 poolId, ${MODULES_TUPLE} modules, uint256 initialIndex, uint24 emaWindow, uint256 protocolFee, uint160 sqrtPriceX96, int24 tick, address owner, string name, string symbol, string tokenUri)`,
  ),
];

export const PERP_FACTORY_FUNCTIONS: readonly FragmentSpec[] = [
  both(
    `function createPerp(address owner, string name, string symbol, string tokenUri, ${MODULES_TUPLE} modules, uint24 emaWindow, bytes32 salt) returns (address perp)`,
  ),
  v010Unverified('function perps(address perp) view returns (bool)'),
  v010Unverified('function ACCOUNTING_TOKEN_IMPLEMENTATION() view returns (address)'),
  v010Unverified('function PROTOCOL_FEE_MANAGER() view returns (address)'),
  v010Unverified('function unlockCallback(bytes data) returns (bytes)'),
];

export const PERP_FACTORY_ERRORS: readonly FragmentSpec[] = [
  both('error NotPoolManager()'),
  both('error StartingPriceTooLow()'),
  both('error StartingPriceTooHigh()'),
  both('error EmaWindowTooLow()'),
  v022('error InvalidPerpImplementation()'),
  v022('error NotProtocolOwner()'),
];

// ── Beacon (the index oracle each market reads; same on both builds) ──────────────────────

export const BEACON_EVENTS: readonly FragmentSpec[] = [both('event IndexUpdated(uint256 index)')];
export const BEACON_FUNCTIONS: readonly FragmentSpec[] = [both('function index() view returns (uint256)')];

// ── Uniswap v4 PoolManager (v4-core IPoolManager / IExtsload) ─────────────────────────────

export const POOL_MANAGER_EVENTS: readonly FragmentSpec[] = [
  both(
    'event Initialize(bytes32 indexed id, address indexed currency0, address indexed currency1, uint24 fee, int24 tickSpacing, address hooks, uint160 sqrtPriceX96, int24 tick)',
  ),
  both(
    'event Swap(bytes32 indexed id, address indexed sender, int128 amount0, int128 amount1, uint160 sqrtPriceX96, uint128 liquidity, int24 tick, uint24 fee)',
  ),
  both('event ModifyLiquidity(bytes32 indexed id, address indexed sender, int24 tickLower, int24 tickUpper, int256 liquidityDelta, bytes32 salt)'),
];

export const POOL_MANAGER_FUNCTIONS: readonly FragmentSpec[] = [
  both('function extsload(bytes32 slot) view returns (bytes32 value)'),
  both('function extsload(bytes32 startSlot, uint256 nSlots) view returns (bytes32[] values)'),
  both('function extsload(bytes32[] slots) view returns (bytes32[] values)'),
];
