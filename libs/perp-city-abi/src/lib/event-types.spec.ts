import { EventFragment, type ParamType } from 'ethers';
import type { BeaconEvent, Cumulatives, LongShort, Modules, PerpEvent, PerpFactoryEvent, PoolManagerEvent, PricePair, Rates, SwapResult } from './events';
import { BEACON_EVENTS, PERP_EVENTS, PERP_FACTORY_EVENTS, POOL_MANAGER_EVENTS } from './fragments';

// Binds the hand-written TypeScript unions to the fragments the decoder runs on. Each entry is
// `Record<keyof args, true>`, so the compiler rejects a missing or an extra key, and the test
// below rejects a key list that differs from the fragment's inputs.

type AnyEvent = PerpEvent | PerpFactoryEvent | BeaconEvent | PoolManagerEvent;
type KeysOf<T> = Record<keyof T, true>;

const ARGS: { [E in AnyEvent as `${E['contract']}.${E['name']}@${E['build']}`]: KeysOf<E['args']> } = {
  'Perp.MakerOpened@both': { posId: true },
  'Perp.MakerAdjusted@both': { posId: true, funding: true, longUtilFees: true, shortUtilFees: true, lpFees: true },
  'Perp.MakerBackstopped@both': { posId: true, marginIn: true, posRecipient: true, funding: true, longUtilFees: true, shortUtilFees: true, lpFees: true },
  'Perp.MakerConverted@v0.1.0': { posId: true, funding: true, longUtilFees: true, shortUtilFees: true, lpFees: true, liqFee: true, isLiquidation: true },
  'Perp.MakerConverted@v0.2.2-upgradeable': { posId: true, funding: true, longUtilFees: true, shortUtilFees: true, lpFees: true },
  'Perp.MakerClosed@v0.1.0': { posId: true, funding: true, longUtilFees: true, shortUtilFees: true, lpFees: true, liqFee: true, isLiquidation: true },
  'Perp.MakerClosed@v0.2.2-upgradeable': { posId: true, funding: true, longUtilFees: true, shortUtilFees: true, lpFees: true },
  'Perp.MakerLiquidated@v0.2.2-upgradeable': { posId: true, liquidityAmount: true, liqFee: true },
  'Perp.TakerOpened@both': { posId: true, sr: true },
  'Perp.TakerAdjusted@both': { posId: true, sr: true, funding: true, utilFees: true },
  'Perp.TakerBackstopped@both': { posId: true, marginIn: true, posRecipient: true, funding: true, utilFees: true },
  'Perp.TakerClosed@v0.1.0': { posId: true, sr: true, funding: true, utilFees: true, liqFee: true, isLiquidation: true },
  'Perp.TakerClosed@v0.2.2-upgradeable': { posId: true, sr: true, funding: true, utilFees: true },
  'Perp.TakerLiquidated@v0.2.2-upgradeable': { posId: true, perpAmount: true, liqFee: true },
  'Perp.SurplusRecovered@v0.2.2-upgradeable': { recipient: true, amount: true },
  'Perp.Upgraded@v0.2.2-upgradeable': { implementation: true },
  'Perp.Initialized@v0.2.2-upgradeable': { version: true },
  'Perp.CapacityUpdated@both': { cap: true },
  'Perp.OpenInterestUpdated@both': { oi: true },
  'Perp.CumulativesAccrued@both': { cumls: true },
  'Perp.RatesAndEmasRefreshed@both': { rates: true, emas: true },
  'Perp.TicksCrossed@both': { startingTick: true, endingTick: true, zeroForOne: true },
  'Perp.TickInitialized@both': { tick: true, cumlFundingOppX96: true, cumlFundingDivSqrtPOppX96: true },
  'Perp.TickDeleted@both': { tick: true },
  'Perp.Donated@both': { donor: true, amount: true, badDebt: true, insurance: true },
  'Perp.BadDebtAccounted@both': { badDebt: true, insuranceAfter: true, badDebtAfter: true },
  'Perp.LossSocialized@both': { originalAmount: true, feeCharged: true, badDebtAfter: true },
  'Perp.MarginTransferred@both': { marginDelta: true, totalMargin: true },
  'Perp.SetBeacon@both': { beacon: true },
  'Perp.SetFeesModule@both': { fees: true },
  'Perp.SetFundingModule@both': { funding: true },
  'Perp.SetMarginRatiosModule@both': { marginRatios: true },
  'Perp.SetPriceImpactModule@both': { priceImpact: true },
  'Perp.SetPricingModule@both': { pricing: true },
  'Perp.Transfer@both': { from: true, to: true, id: true },
  'Perp.Approval@v0.1.0': { owner: true, account: true, id: true },
  'Perp.ApprovalForAll@v0.1.0': { owner: true, operator: true, isApproved: true },
  'Perp.OwnershipTransferred@v0.1.0': { oldOwner: true, newOwner: true },
  'Perp.OwnershipHandoverRequested@v0.1.0': { pendingOwner: true },
  'Perp.OwnershipHandoverCanceled@v0.1.0': { pendingOwner: true },
  'Perp.SetName@v0.1.0': { name: true },
  'Perp.SetSymbol@v0.1.0': { symbol: true },
  'Perp.SetTokenURI@v0.1.0': { tokenUri: true },
  'Perp.SetTimelock@v0.1.0': { timelock: true },
  'Perp.Submit@v0.1.0': { selector: true, data: true, executableAt: true },
  'Perp.Accept@v0.1.0': { selector: true, data: true },
  'Perp.Revoke@v0.1.0': { caller: true, selector: true, data: true },
  'Perp.Abdicate@v0.1.0': { selector: true },
  'Perp.CreatorFeesCollected@v0.1.0': { amount: true, recipient: true },
  'Perp.ProtocolFeesCollected@v0.1.0': { amount: true, recipient: true },
  'Perp.ProtocolFeeSynced@v0.1.0': { protocolFee: true },
  'PerpFactory.PerpCreated@both': {
    perp: true,
    poolId: true,
    modules: true,
    initialIndex: true,
    emaWindow: true,
    protocolFee: true,
    sqrtPriceX96: true,
    tick: true,
    owner: true,
    name: true,
    symbol: true,
    tokenUri: true,
  },
  'Beacon.IndexUpdated@both': { index: true },
  'PoolManager.Initialize@both': { id: true, currency0: true, currency1: true, fee: true, tickSpacing: true, hooks: true, sqrtPriceX96: true, tick: true },
  'PoolManager.Swap@both': { id: true, sender: true, amount0: true, amount1: true, sqrtPriceX96: true, liquidity: true, tick: true, fee: true },
  'PoolManager.ModifyLiquidity@both': { id: true, sender: true, tickLower: true, tickUpper: true, liquidityDelta: true, salt: true },
};

/** Struct field keys, by the name of the event input that carries the struct. */
const SWAP_RESULT: KeysOf<SwapResult> = {
  delta: true,
  ammPrice: true,
  totalFeeAmt: true,
  lpFeeAmt: true,
  protocolFeeAmt: true,
  creatorFeeAmt: true,
  insuranceFeeAmt: true,
};
const LONG_SHORT: KeysOf<LongShort> = { long: true, short: true };
const STRUCTS: Record<string, object> = {
  sr: SWAP_RESULT,
  cap: LONG_SHORT,
  oi: LONG_SHORT,
  cumls: {
    fundingX96: true,
    fundingDivSqrtPX96: true,
    longUtilPaymentsX96: true,
    shortUtilPaymentsX96: true,
    longUtilEarningsX96: true,
    shortUtilEarningsX96: true,
  } satisfies KeysOf<Cumulatives>,
  rates: { fundingPerDay: true, longUtilFeePerDay: true, shortUtilFeePerDay: true, lastTouch: true } satisfies KeysOf<Rates>,
  emas: { ammPrice: true, index: true } satisfies KeysOf<PricePair>,
  modules: { beacon: true, fees: true, funding: true, marginRatios: true, priceImpact: true, pricing: true } satisfies KeysOf<Modules>,
};

const FRAGMENTS = [
  ['Perp', PERP_EVENTS],
  ['PerpFactory', PERP_FACTORY_EVENTS],
  ['Beacon', BEACON_EVENTS],
  ['PoolManager', POOL_MANAGER_EVENTS],
] as const;

describe('the TypeScript event unions match the fragments', () => {
  const rows = FRAGMENTS.flatMap(([contract, specs]) =>
    specs.map((spec) => [`${contract}.${EventFragment.from(spec.signature).name}@${spec.build}`, spec.signature] as const),
  );

  it('one union member per fragment, and no other', () => {
    expect(rows.map(([key]) => key).sort()).toEqual(Object.keys(ARGS).sort());
  });

  it.each(rows)('%s: same field names, nested structs included', (key, signature) => {
    const inputs = EventFragment.from(signature).inputs;
    expect(inputs.map((input) => input.name)).toEqual(Object.keys((ARGS as Record<string, object>)[key]));
    for (const input of inputs.filter((param: ParamType) => param.isTuple())) {
      expect(input.components.map((component) => component.name)).toEqual(Object.keys(STRUCTS[input.name]));
    }
  });
});
