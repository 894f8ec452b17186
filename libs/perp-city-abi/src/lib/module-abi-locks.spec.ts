import { ErrorFragment, EventFragment, Fragment, FunctionFragment } from 'ethers';
import * as modules from './module-fragments';
import type { ModuleFragmentSpec } from './module-fragments';

/**
 * ABI locks of the module and protocol-fee-manager fragments: every selector and topic0 pinned as
 * a literal, with its scope. Signatures transcribed from StrobeLabs/perpcity-sdk `src/abis/fees.ts`,
 * `margin-ratios.ts`, `funding.ts`, `pricing.ts`, `price-impact.ts`, `protocol-fee-manager.ts`
 * (commit e3d3bd2, "perp contracts v0.1.0 update") and, for the `interface` views, the same five
 * interfaces in StrobeLabs/perpcity-rust-sdk `src/contracts.rs` (IFees, IMarginRatios, IPricing,
 * IFunding, IPriceImpact), which bind them for both live builds. The Solady ownership fragments
 * of the manager equal the Perp's v0.1.0 locks (owner 8da5cb5b, transferOwnership f2fde38b, ...).
 */
const LOCKS: Record<string, ReadonlyArray<readonly [ModuleFragmentSpec['scope'], string, string]>> = {
  FEES_MODULE_FRAGMENTS: [
    ['interface', 'fees()', '0x9af1d35a'],
    ['interface', 'liqFee()', '0x3fb0da64'],
    ['interface', 'utilFees(uint256,uint256)', '0x87ba6600'],
    ['implementation', 'CREATOR_FEE()', '0x1a7dfa9f'],
    ['implementation', 'INSURANCE_FEE()', '0x1573b577'],
    ['implementation', 'LP_FEE()', '0x5e3f2727'],
    ['implementation', 'LIQ_FEE()', '0x2973cfab'],
    ['implementation', 'UTIL_FEE_PER_DAY()', '0xc3a85b29'],
  ],
  MARGIN_RATIOS_MODULE_FRAGMENTS: [
    ['interface', 'takerMarginRatios()', '0x97019e5c'],
    ['interface', 'makerMarginRatios()', '0xb583a929'],
    ['implementation', 'INITIAL_TAKER_RATIO()', '0xe3abaa72'],
    ['implementation', 'LIQUIDATION_TAKER_RATIO()', '0x3f9fadd1'],
    ['implementation', 'BACKSTOP_TAKER_RATIO()', '0x46c94ca3'],
    ['implementation', 'INITIAL_MAKER_RATIO()', '0xb6d9dc76'],
    ['implementation', 'LIQUIDATION_MAKER_RATIO()', '0xb8a1967e'],
    ['implementation', 'BACKSTOP_MAKER_RATIO()', '0xbe7d7cde'],
  ],
  FUNDING_MODULE_FRAGMENTS: [['interface', 'funding((uint128,uint128),(uint128,uint128))', '0x87415bfc']],
  PRICING_MODULE_FRAGMENTS: [['interface', 'fairPrice(uint256,uint256,uint256,uint256)', '0x0fa23b8a']],
  PRICE_IMPACT_MODULE_FRAGMENTS: [
    ['interface', 'sqrtPriceBounds(uint256,uint256,uint256,uint256)', '0xa139e990'],
    ['implementation', 'MAX_DEVIATION()', '0xb05f233a'],
    ['implementation', 'MAX_FACTOR()', '0x249ac654'],
    ['implementation', 'MIN_FACTOR()', '0x9274c601'],
  ],
  PROTOCOL_FEE_MANAGER_FRAGMENTS: [
    ['implementation', 'protocolFee()', '0xb0e21e8a'],
    ['implementation', 'MAX_PROTOCOL_FEE()', '0xb8ca3b83'],
    ['implementation', 'canCollectProtocolFees(address)', '0x4908c53c'],
    ['implementation', 'setProtocolFee(uint256)', '0x787dce3d'],
    ['implementation', 'owner()', '0x8da5cb5b'],
    ['implementation', 'ownershipHandoverExpiresAt(address)', '0xfee81cf4'],
    ['implementation', 'transferOwnership(address)', '0xf2fde38b'],
    ['implementation', 'renounceOwnership()', '0x715018a6'],
    ['implementation', 'requestOwnershipHandover()', '0x25692962'],
    ['implementation', 'cancelOwnershipHandover()', '0x54d1f13d'],
    ['implementation', 'completeOwnershipHandover(address)', '0xf04e283e'],
    ['implementation', 'ProtocolFeeSet(uint256)', '0xdb5aafdb29539329e37d4e3ee869bc4031941fd55a5dfc92824fbe34b204e30d'],
    ['implementation', 'OwnershipTransferred(address,address)', '0x8be0079c531659141344cd1fd0a4f28419497f9722a3daafe3b4186f6b6457e0'],
    ['implementation', 'OwnershipHandoverRequested(address)', '0xdbf36a107da19e49527a7176a1babf963b4b0ff8cde35ee35d6cd8f1f9ac7e1d'],
    ['implementation', 'OwnershipHandoverCanceled(address)', '0xfa7b8eab7da67f412cc9575ed43464468f9bfbae89d1675917346ca6d8fe3c92'],
    ['implementation', 'ProtocolFeeTooHigh()', '0x499fddb1'],
    ['implementation', 'AlreadyInitialized()', '0x0dc149f0'],
    ['implementation', 'NewOwnerIsZeroAddress()', '0x7448fbae'],
    ['implementation', 'NoHandoverRequest()', '0x6f5e8818'],
    ['implementation', 'Unauthorized()', '0x82b42900'],
  ],
};

function identify(spec: ModuleFragmentSpec): [string, string, string] {
  const fragment = Fragment.from(spec.signature);
  if (fragment instanceof EventFragment) return [spec.scope, fragment.format('sighash'), fragment.topicHash];
  if (fragment instanceof FunctionFragment || fragment instanceof ErrorFragment) return [spec.scope, fragment.format('sighash'), fragment.selector];
  throw new Error(`unexpected fragment ${spec.signature}`);
}

describe('module ABI locks', () => {
  it('covers every exported module fragment list', () => {
    const lists = Object.entries(modules)
      .filter(([name, value]) => Array.isArray(value) && name.endsWith('_FRAGMENTS'))
      .map(([name]) => name)
      .sort();
    expect(lists).toEqual(Object.keys(LOCKS).sort());
  });

  it.each(Object.keys(LOCKS))('%s: every selector / topic is pinned, in order, with its scope', (list) => {
    const specs = (modules as unknown as Record<string, ModuleFragmentSpec[]>)[list];
    expect(specs.map(identify)).toEqual(LOCKS[list]);
  });

  it('MODULE_FRAGMENTS maps each module to its list', () => {
    expect(modules.MODULE_FRAGMENTS).toEqual({
      fees: modules.FEES_MODULE_FRAGMENTS,
      funding: modules.FUNDING_MODULE_FRAGMENTS,
      marginRatios: modules.MARGIN_RATIOS_MODULE_FRAGMENTS,
      priceImpact: modules.PRICE_IMPACT_MODULE_FRAGMENTS,
      pricing: modules.PRICING_MODULE_FRAGMENTS,
      protocolFeeManager: modules.PROTOCOL_FEE_MANAGER_FRAGMENTS,
    });
  });
});
