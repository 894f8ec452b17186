import { ErrorFragment, EventFragment, Fragment, FunctionFragment } from 'ethers';
import * as fragments from './fragments';
import type { FragmentSpec } from './fragments';

/**
 * ABI locks: every event topic0 and every function/error selector of both builds, pinned as
 * literals. A changed signature, a fragment moved between builds, an added or a dropped
 * fragment each fail here. Values marked (*) in the list below were also checked against an
 * independent public source: logs from Arbitrum One quoted by StrobeLabs/perpcity-rust-sdk
 * (src/contracts.rs abi_lock, src/feeds/events.rs golden vectors, tests/fixtures), selectors
 * that SDK probed on live markets, and the v0.1.0 ABI of StrobeLabs/perpcity-sdk
 * (src/abis/perp.ts) for every v0.1.0 fragment.
 *   (*) TakerClosed v0.1.0 c6d15657, TakerClosed v0.2.2 208f950e, MakerConverted v0.1.0 8d8df09d,
 *   MakerClosed v0.1.0 752da4d1, MakerLiquidated 1ea1626f, TakerLiquidated 23474178, the six
 *   Set*Module topics, Transfer ddf252ad, PerpCreated 7ba2344e, IndexUpdated acfc085c,
 *   ModifyLiquidity f208f491, liquidateMaker/Taker aafaf674/eac41906 (v0.1.0) and
 *   14ca0f4c/bfb4b1c7 (v0.2.2), HOOKS dce1561d, emas 6ab80a34, index 2986c0e5,
 *   capacity 5cfc1a51, openInterest fa5a2e62, and the v0.2.2 error selectors.
 */
const LOCKS: Record<string, ReadonlyArray<readonly [string, string, string]>> = {
  PERP_EVENTS: [
    ['both', 'MakerOpened(uint256)', '0x4666b4ebeabde07fee2826d6e4dacf2a4697d306f3d76dc9a81f6a6e4f797c57'],
    ['both', 'MakerAdjusted(uint256,int256,uint256,uint256,uint256)', '0x8822acd45c2f219682c6dab5cd87a30108eda11d86acbd1bef58bffacdbeb899'],
    ['both', 'MakerBackstopped(uint256,uint128,address,int256,uint256,uint256,uint256)', '0x40abdf2f26cfbf201522f254979b81bba085dfd2ada2c40d0fecedfa2d1067e4'],
    [
      'both',
      'TakerOpened(uint256,(int256,uint256,int256,uint256,uint256,uint256,uint256))',
      '0xed5198bbaae8935b497ef0173981ad29458084273cb6dfa0a5008c94ab8f44a7',
    ],
    [
      'both',
      'TakerAdjusted(uint256,(int256,uint256,int256,uint256,uint256,uint256,uint256),int256,uint256)',
      '0x41ff3a2990517d56bfd8a85834a60558acb43e551d805baac97e2c9e89a4d9ad',
    ],
    ['both', 'TakerBackstopped(uint256,uint128,address,int256,uint256)', '0x5da557125077789424f396d2d15710fa8f9d5ae54390f01a29f02f89aa6b5eb9'],
    ['v0.1.0', 'MakerConverted(uint256,int256,uint256,uint256,uint256,uint256,bool)', '0x8d8df09df1280157a012f3f883267724105b6d76650a4f9ff07413e4741711e8'],
    ['v0.1.0', 'MakerClosed(uint256,int256,uint256,uint256,uint256,uint256,bool)', '0x752da4d171cb6563c169a325eca86c5e7f5b62e9da232b1f737cafebc6830b7e'],
    [
      'v0.1.0',
      'TakerClosed(uint256,(int256,uint256,int256,uint256,uint256,uint256,uint256),int256,uint256,uint256,bool)',
      '0xc6d1565765c65beb63cd0a76e37c058e0908e6e24a609d0dc1a724106ae0576e',
    ],
    ['v0.2.2-upgradeable', 'MakerConverted(uint256,int256,uint256,uint256,uint256)', '0xc15a901d4563095647dc937c9211b4ba9fe0aadb262575e0ae9b6dc2e19a2790'],
    ['v0.2.2-upgradeable', 'MakerClosed(uint256,int256,uint256,uint256,uint256)', '0xb826713880e30e1c5fa8e7c11ed454fc86b1bf45b32e8e41a8820e49b9bb8b8b'],
    [
      'v0.2.2-upgradeable',
      'TakerClosed(uint256,(int256,uint256,int256,uint256,uint256,uint256,uint256),int256,uint256)',
      '0x208f950e4dba30512aa9e643b25c9df8bdb616ee90bbff00f669a5d1d3d452f3',
    ],
    ['v0.2.2-upgradeable', 'MakerLiquidated(uint256,uint128,uint256)', '0x1ea1626f80876d431626ac0d48ac2bb9495fa178b8b7fab5fbb75fa9d430b554'],
    ['v0.2.2-upgradeable', 'TakerLiquidated(uint256,uint128,uint256)', '0x2347417853c438a233b6d4d0630048d196587db0d521d33f5a4705721e1a91cf'],
    ['v0.2.2-upgradeable', 'SurplusRecovered(address,uint256)', '0x8d062d570e15e665f57873e5745c84e024c3b6a4c94cfcda6af54a9ccd416af7'],
    ['v0.2.2-upgradeable', 'Upgraded(address)', '0xbc7cd75a20ee27fd9adebab32041f755214dbc6bffa90cc0225b39da2e5c2d3b'],
    ['v0.2.2-upgradeable', 'Initialized(uint64)', '0xc7f505b2f371ae2175ee4913f4499e1f2633a7b5936321eed1cdaeb6115181d2'],
    ['both', 'CapacityUpdated((uint128,uint128))', '0xfe42fdaaba337eb89d0a1ba85925ff87357139fe3dfacc940d0cf9566b548d40'],
    ['both', 'OpenInterestUpdated((uint128,uint128))', '0x2cfcd40a0a33efd1a2cc618e2df899730c84f9df55549afc46d02937b59bf3e6'],
    ['both', 'CumulativesAccrued((int256,int256,uint256,uint256,uint256,uint256))', '0x176c02145146ed995ac3e994d114fcd86e8ee258e5a8cdaa3ab1e5d4178d31b7'],
    ['both', 'RatesAndEmasRefreshed((int88,uint64,uint64,uint40),(uint128,uint128))', '0xadb302b39e9e94e3e194208918b49d71a906cbca04b6a3b9e09bdc6e33a562af'],
    ['both', 'TicksCrossed(int24,int24,bool)', '0x7155fa98d64ad518fe22d41dc9573e6abc6df89d1b88a244c87336a95084e8ad'],
    ['both', 'TickInitialized(int24,int256,int256)', '0xc5aab48c1b38d15329a34f12443844e49367404a3a1728de883b578333fb40c9'],
    ['both', 'TickDeleted(int24)', '0x39ef6cb8e0f1a6ae2b33f77866aa58dbcb643ae44498b9dafc036e4d5b8cf607'],
    ['both', 'Donated(address,uint128,uint128,uint80)', '0xaf6f0ffd55e91192427c83d24821702e6ed9b3dfacf969394281590a5ed00d92'],
    ['both', 'BadDebtAccounted(uint256,uint256,uint128)', '0xc318dbaf96dc9e86cb137d970df47a5d8e804b80cece8ffad52c6852221d29ec'],
    ['both', 'LossSocialized(uint256,uint256,uint128)', '0x7995a51d3105403dcb7085f1f69f37b83f31f3ccd8ae21abdff53109eab4c2c5'],
    ['both', 'MarginTransferred(int128,uint128)', '0x7a819589c92e56d0b6a9172b705c160f9799202dbfbfcb022d2af6136fd813ed'],
    ['both', 'SetBeacon(address)', '0xeda478a82221a6140112aa7f09cae9d34ba9ef5afe98665b4b91af27bfae4b80'],
    ['both', 'SetFeesModule(address)', '0x52a6977e4b34f6211e8979d27735f11d62127fde19dac323e94a7b1b3dcc927d'],
    ['both', 'SetFundingModule(address)', '0x3d9e293475ebd5f1c539a7b7b922bdd95152550f0b65820ee5b1b2dd1546d734'],
    ['both', 'SetMarginRatiosModule(address)', '0x9e2c08905af50bef2fe2ea75467e6a980ed96b0d42e3166ea2ddd7da61d0ff99'],
    ['both', 'SetPriceImpactModule(address)', '0x75f628c85f0f4623da54cc34d09abc7c38b277a46a64acc1b8624aacce3bd4c8'],
    ['both', 'SetPricingModule(address)', '0xa3c68ccb672060124d2ccfc83677f8c033e5f93ec4eff04e73206a48129d9c28'],
    ['both', 'Transfer(address,address,uint256)', '0xddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef'],
    ['v0.1.0', 'Approval(address,address,uint256)', '0x8c5be1e5ebec7d5bd14f71427d1e84f3dd0314c0f7b2291e5b200ac8c7c3b925'],
    ['v0.1.0', 'ApprovalForAll(address,address,bool)', '0x17307eab39ab6107e8899845ad3d59bd9653f200f220920489ca2b5937696c31'],
    ['v0.1.0', 'OwnershipTransferred(address,address)', '0x8be0079c531659141344cd1fd0a4f28419497f9722a3daafe3b4186f6b6457e0'],
    ['v0.1.0', 'OwnershipHandoverRequested(address)', '0xdbf36a107da19e49527a7176a1babf963b4b0ff8cde35ee35d6cd8f1f9ac7e1d'],
    ['v0.1.0', 'OwnershipHandoverCanceled(address)', '0xfa7b8eab7da67f412cc9575ed43464468f9bfbae89d1675917346ca6d8fe3c92'],
    ['v0.1.0', 'SetName(string)', '0x4df9dcd34ae35f40f2c756fd8ac83210ed0b76d065543ee73d868aec7c7fcf02'],
    ['v0.1.0', 'SetSymbol(string)', '0xadf3ae8bd543b3007d464f15cb8ea1db3f44e84d41d203164f40b95e27558ac6'],
    ['v0.1.0', 'SetTokenURI(string)', '0x9d3b637080c93cf84785a8e847e7c45118d18988dfbaf8acb02b53fcbb14dacb'],
    ['v0.1.0', 'SetTimelock(uint256)', '0x2cb0b47f52883cd75654ec60cf3168540febb5c57c0bda8efb413a26d9a02145'],
    ['v0.1.0', 'Submit(bytes4,bytes,uint256)', '0x8b18afeb361b83b025999ed5b42f1d90c68aaa5a0fd49c015f04c3b8b81e80eb'],
    ['v0.1.0', 'Accept(bytes4,bytes)', '0x29aa42fc192ff77ef42105abba283197ac841341e196e417a7fc2784cdc4e5fb'],
    ['v0.1.0', 'Revoke(address,bytes4,bytes)', '0x70521cf6a7c2458c5ad406081ad7b3bc4afd31b01b586a157a9780fcee6a77cb'],
    ['v0.1.0', 'Abdicate(bytes4)', '0xa8480b135a28741e8c059528bf8f82de70278485fb86bfc816a183801f0a8570'],
    ['v0.1.0', 'CreatorFeesCollected(uint256,address)', '0x321d1b28d93d89bfda0b914e8665da62be76431dd78e6a1ab722de08e945b369'],
    ['v0.1.0', 'ProtocolFeesCollected(uint256,address)', '0xccba73dd28c18e918f543a3a2bd58894faedeac726d5950c97d3bf6b158bb0ed'],
    ['v0.1.0', 'ProtocolFeeSynced(uint256)', '0x4a818a8cd3b8e45429bbca951557a3b2d9a8e5a38fd2c2538e40c5cd60f3454e'],
  ],
  PERP_FUNCTIONS: [
    ['both', 'openTaker((address,uint128,int256,uint256))', '0x97df709c'],
    ['both', 'adjustTaker((uint256,int128,int256,uint256))', '0x1b9ba237'],
    ['both', 'openMaker((address,uint128,int24,int24,uint128,uint256,uint256))', '0xcc259382'],
    ['both', 'adjustMaker((uint256,int128,int128,uint256,uint256))', '0x52e58159'],
    ['both', 'backstopTaker(uint256,uint128,address)', '0xbfb3e23e'],
    ['both', 'backstopMaker(uint256,uint128,address)', '0x3bdef65c'],
    ['both', 'touch()', '0xa55526db'],
    ['both', 'donate(uint128)', '0x2f07ad80'],
    ['both', 'collectCreatorFees(address)', '0x7d31dcc0'],
    ['both', 'collectProtocolFees(address)', '0x2a54db01'],
    ['both', 'syncProtocolFee()', '0x46a79d33'],
    ['v0.1.0', 'liquidateTaker(uint256,address)', '0xeac41906'],
    ['v0.1.0', 'liquidateMaker(uint256,address)', '0xaafaf674'],
    ['v0.2.2-upgradeable', 'liquidateTaker(uint256,address,uint128)', '0xbfb4b1c7'],
    ['v0.2.2-upgradeable', 'liquidateMaker(uint256,address,uint128)', '0x14ca0f4c'],
    ['both', 'positions(uint256)', '0x99fbab88'],
    ['both', 'takerDetails(uint256)', '0xa681fa2d'],
    ['both', 'makerDetails(uint256)', '0x3f02ad20'],
    ['both', 'rates()', '0x43f48fbd'],
    ['both', 'cumulatives()', '0xddaf429d'],
    ['v0.1.0', 'emas()', '0x6ab80a34'],
    ['both', 'openInterest()', '0xfa5a2e62'],
    ['both', 'capacity()', '0x5cfc1a51'],
    ['both', 'feeFund()', '0xe394732b'],
    ['both', 'solvencyState()', '0x7085ac95'],
    ['both', 'poolState()', '0x641ad8a9'],
    ['both', 'poolKey()', '0x182148ef'],
    ['both', 'modules()', '0xf7e80e98'],
    ['both', 'nextPosId()', '0xcf95061a'],
    ['both', 'POOL_ID()', '0xe0d7d0e9'],
    ['both', 'EMA_WINDOW()', '0xb64fad51'],
    ['v0.2.2-upgradeable', 'HOOKS()', '0xdce1561d'],
    ['both', 'name()', '0x06fdde03'],
    ['both', 'symbol()', '0x95d89b41'],
    ['both', 'tokenURI(uint256)', '0xc87b56dd'],
    ['both', 'ownerOf(uint256)', '0x6352211e'],
    ['both', 'safeTransferFrom(address,address,uint256)', '0x42842e0e'],
    ['v0.1.0', 'CURRENCY_0()', '0xca11c4f3'],
    ['v0.1.0', 'CURRENCY_1()', '0xbe0ee2d0'],
    ['v0.1.0', 'PROTOCOL_FEE_MANAGER()', '0x36c7c39f'],
    ['v0.1.0', 'protocolFee()', '0xb0e21e8a'],
    ['v0.1.0', 'owner()', '0x8da5cb5b'],
    ['v0.1.0', 'timelock()', '0xd33219b4'],
    ['v0.1.0', 'executableAt(bytes)', '0x8639fb07'],
    ['v0.1.0', 'abdicated(bytes4)', '0xe470b8bc'],
    ['v0.1.0', 'balanceOf(address)', '0x70a08231'],
    ['v0.1.0', 'getApproved(uint256)', '0x081812fc'],
    ['v0.1.0', 'isApprovedForAll(address,address)', '0xe985e9c5'],
    ['v0.1.0', 'supportsInterface(bytes4)', '0x01ffc9a7'],
    ['v0.1.0', 'ownershipHandoverExpiresAt(address)', '0xfee81cf4'],
    ['v0.1.0', 'approve(address,uint256)', '0x095ea7b3'],
    ['v0.1.0', 'setApprovalForAll(address,bool)', '0xa22cb465'],
    ['v0.1.0', 'transferFrom(address,address,uint256)', '0x23b872dd'],
    ['v0.1.0', 'safeTransferFrom(address,address,uint256,bytes)', '0xb88d4fde'],
    ['v0.1.0', 'transferOwnership(address)', '0xf2fde38b'],
    ['v0.1.0', 'renounceOwnership()', '0x715018a6'],
    ['v0.1.0', 'requestOwnershipHandover()', '0x25692962'],
    ['v0.1.0', 'cancelOwnershipHandover()', '0x54d1f13d'],
    ['v0.1.0', 'completeOwnershipHandover(address)', '0xf04e283e'],
    ['v0.1.0', 'submit(bytes)', '0xef7fa71b'],
    ['v0.1.0', 'revoke(bytes)', '0x0b467b9b'],
    ['v0.1.0', 'abdicate(bytes4)', '0xb2e32848'],
    ['v0.1.0', 'setTimelock(uint256)', '0x1e891c0a'],
    ['v0.1.0', 'setBeacon(address)', '0xd42afb56'],
    ['v0.1.0', 'setFeesModule(address)', '0xf7e39255'],
    ['v0.1.0', 'setFundingModule(address)', '0x348519fe'],
    ['v0.1.0', 'setMarginRatiosModule(address)', '0x717f1709'],
    ['v0.1.0', 'setPriceImpactModule(address)', '0xa79cae0c'],
    ['v0.1.0', 'setPricingModule(address)', '0x05d719f1'],
    ['v0.1.0', 'setName(string)', '0xc47f0027'],
    ['v0.1.0', 'setSymbol(string)', '0xb84c8246'],
    ['v0.1.0', 'setTokenURI(string)', '0xe0df5b6f'],
    ['v0.1.0', 'unlockCallback(bytes)', '0x91dd7346'],
  ],
  PERP_ERRORS: [
    ['both', 'Abdicated()', '0x281df4aa'],
    ['both', 'ZeroDelta()', '0x6f0f5899'],
    ['both', 'MinAmtUnmet()', '0x0470009e'],
    ['both', 'MarginTooLow()', '0x38f5e1a7'],
    ['both', 'NoSystemFunds()', '0x5c64c19c'],
    ['both', 'ZeroLiquidity()', '0x10074548'],
    ['both', 'MaxAmtExceeded()', '0x24f14ba6'],
    ['both', 'NegativeEquity()', '0xfece0035'],
    ['both', 'NegativeMargin()', '0xe94943ae'],
    ['both', 'NotPoolManager()', '0xae18210a'],
    ['both', 'NotLiquidatable()', '0xddeb79ba'],
    ['both', 'NonMakerPosition()', '0xdbcefbf3'],
    ['both', 'NonTakerPosition()', '0x12d39e8a'],
    ['both', 'TicksOutOfBounds()', '0xd6acf910'],
    ['both', 'DataNotTimelocked()', '0x1ea942a8'],
    ['both', 'MarginRatioTooLow()', '0xb2c649db'],
    ['both', 'DataAlreadyPending()', '0xd91ff208'],
    ['both', 'PriceImpactTooHigh()', '0xfb30d03a'],
    ['both', 'TimelockNotExpired()', '0x621e25c3'],
    ['both', 'UnauthorizedCaller()', '0x5c427cd9'],
    ['both', 'PositionDoesNotExist()', '0xf7b3b391'],
    ['both', 'LongUtilizationExceeded()', '0xcefb0b13'],
    ['both', 'ShortUtilizationExceeded()', '0x3615a2a2'],
    ['both', 'InsufficientLiquidityToFill()', '0xed126f97'],
    ['both', 'TokenDoesNotExist()', '0xceea21b6'],
    ['both', 'NotOwnerNorApproved()', '0x4b6e7f18'],
    ['both', 'TransferToZeroAddress()', '0xea553b34'],
    ['both', 'TransferFromIncorrectOwner()', '0xa1148100'],
    ['both', 'TransferToNonERC721ReceiverImplementer()', '0xd1a57ed6'],
    ['v0.2.2-upgradeable', 'NoSurplus()', '0xc0ef17d3'],
    ['v0.2.2-upgradeable', 'ZeroAddress()', '0xd92e233d'],
    ['v0.2.2-upgradeable', 'UnauthorizedPoolAction()', '0xb7cc5070'],
    ['v0.2.2-upgradeable', 'ERC1967InvalidImplementation(address)', '0x4c9c8ce3'],
    ['v0.2.2-upgradeable', 'ERC1967NonPayable()', '0xb398979f'],
    ['v0.2.2-upgradeable', 'UUPSUnauthorizedCallContext()', '0xe07c8dba'],
    ['v0.2.2-upgradeable', 'UUPSUnsupportedProxiableUUID(bytes32)', '0xaa1d49a4'],
    ['v0.2.2-upgradeable', 'InvalidInitialization()', '0xf92ee8a9'],
    ['v0.1.0', 'AccountBalanceOverflow()', '0x01336cea'],
    ['v0.1.0', 'AlreadyInitialized()', '0x0dc149f0'],
    ['v0.1.0', 'BalanceQueryForZeroAddress()', '0x8f4eb604'],
    ['v0.1.0', 'NewOwnerIsZeroAddress()', '0x7448fbae'],
    ['v0.1.0', 'NoHandoverRequest()', '0x6f5e8818'],
    ['v0.1.0', 'TokenAlreadyExists()', '0xc991cbb1'],
    ['v0.1.0', 'Unauthorized()', '0x82b42900'],
  ],
  PERP_FACTORY_EVENTS: [
    [
      'both',
      'PerpCreated(address,bytes32,(address,address,address,address,address,address),uint256,uint24,uint256,uint160,int24,address,string,string,string)',
      '0x7ba2344e48465255b15f10af80d238b8d45c229a658105ec94ff4b68da35a710',
    ],
  ],
  PERP_FACTORY_FUNCTIONS: [
    ['both', 'createPerp(address,string,string,string,(address,address,address,address,address,address),uint24,bytes32)', '0x69073b9e'],
    ['v0.1.0', 'perps(address)', '0xcb68e201'],
    ['v0.1.0', 'ACCOUNTING_TOKEN_IMPLEMENTATION()', '0x10098f27'],
    ['v0.1.0', 'PROTOCOL_FEE_MANAGER()', '0x36c7c39f'],
    ['v0.1.0', 'unlockCallback(bytes)', '0x91dd7346'],
  ],
  PERP_FACTORY_ERRORS: [
    ['both', 'NotPoolManager()', '0xae18210a'],
    ['both', 'StartingPriceTooLow()', '0xac8ac5a5'],
    ['both', 'StartingPriceTooHigh()', '0x32231715'],
    ['both', 'EmaWindowTooLow()', '0xc657a809'],
    ['v0.2.2-upgradeable', 'InvalidPerpImplementation()', '0xa457695f'],
    ['v0.2.2-upgradeable', 'NotProtocolOwner()', '0xfb6fc0b7'],
  ],
  BEACON_EVENTS: [['both', 'IndexUpdated(uint256)', '0xacfc085c9be45d2b3f9e5c09a19d4a95749cc16939519c13e090de3a4cb192c6']],
  BEACON_FUNCTIONS: [['both', 'index()', '0x2986c0e5']],
  POOL_MANAGER_EVENTS: [
    ['both', 'Initialize(bytes32,address,address,uint24,int24,address,uint160,int24)', '0xdd466e674ea557f56295e2d0218a125ea4b4f0f6f3307b95f85e6110838d6438'],
    ['both', 'Swap(bytes32,address,int128,int128,uint160,uint128,int24,uint24)', '0x40e9cecb9f5f1f1c5b9c97dec2917b7ee92e57ba5563708daca94dd84ad7112f'],
    ['both', 'ModifyLiquidity(bytes32,address,int24,int24,int256,bytes32)', '0xf208f4912782fd25c7f114ca3723a2d5dd6f3bcc3ac8db5af63baa85f711d5ec'],
  ],
  POOL_MANAGER_FUNCTIONS: [
    ['both', 'extsload(bytes32)', '0x1e2eaeaf'],
    ['both', 'extsload(bytes32,uint256)', '0x35fd631a'],
    ['both', 'extsload(bytes32[])', '0xdbd035ff'],
  ],
};

function identify(spec: FragmentSpec): [string, string, string] {
  const fragment = Fragment.from(spec.signature);
  if (fragment instanceof EventFragment) return [spec.build, fragment.format('sighash'), fragment.topicHash];
  if (fragment instanceof FunctionFragment || fragment instanceof ErrorFragment) return [spec.build, fragment.format('sighash'), fragment.selector];
  throw new Error(`unexpected fragment ${spec.signature}`);
}

describe('ABI locks', () => {
  it('covers every exported fragment list', () => {
    const lists = Object.entries(fragments)
      .filter(([, value]) => Array.isArray(value))
      .map(([name]) => name)
      .sort();
    expect(lists).toEqual(Object.keys(LOCKS).sort());
  });

  it.each(Object.keys(LOCKS))('%s: every topic / selector is pinned, in order, with its build', (list) => {
    const specs = (fragments as unknown as Record<string, FragmentSpec[]>)[list];
    expect(specs.map(identify)).toEqual(LOCKS[list]);
  });
});
