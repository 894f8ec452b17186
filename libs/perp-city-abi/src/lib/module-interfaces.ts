import { Interface } from 'ethers';
import { MODULE_FRAGMENTS, PERP_MODULES, type ModuleFragmentSpec, type PerpModule } from './module-fragments';

/** The human-readable ABI of `module`; `interfaceOnly` keeps the views the Perp itself calls. */
export function moduleAbi(module: PerpModule, options: { interfaceOnly?: boolean } = {}): string[] {
  const specs: readonly ModuleFragmentSpec[] = MODULE_FRAGMENTS[module];
  return specs.filter((spec) => !options.interfaceOnly || spec.scope === 'interface').map((spec) => spec.signature);
}

const moduleInterfaces = new Map<PerpModule, Interface>(PERP_MODULES.map((module) => [module, new Interface(moduleAbi(module))]));

/** An ethers `Interface` for `module` (interface and implementation fragments). */
export function moduleInterface(module: PerpModule): Interface {
  const found = moduleInterfaces.get(module);
  if (!found) throw new RangeError(`unknown Perp City module ${String(module)}`);
  return found;
}

export const FEES_MODULE_INTERFACE = moduleInterface('fees');
export const MARGIN_RATIOS_MODULE_INTERFACE = moduleInterface('marginRatios');
export const FUNDING_MODULE_INTERFACE = moduleInterface('funding');
export const PRICING_MODULE_INTERFACE = moduleInterface('pricing');
export const PRICE_IMPACT_MODULE_INTERFACE = moduleInterface('priceImpact');
export const PROTOCOL_FEE_MANAGER_INTERFACE = moduleInterface('protocolFeeManager');

// ── The market columns the fees and margin-ratios modules fill ─────────────────────────────

/** The `markets` columns read from a module view, all 1e6-scaled integers. */
export interface MarketModuleColumns {
  creator_fee: number;
  insurance_fee: number;
  lp_fee: number;
  liquidation_fee: number;
  taker_liq_margin_ratio: number;
  taker_backstop_margin_ratio: number;
  maker_liq_margin_ratio: number;
  maker_backstop_margin_ratio: number;
}

/**
 * Where each module-read `markets` column comes from: the module (its address is
 * `modules().fees` / `modules().marginRatios`), the view (no arguments), and the output index.
 * Same on both builds. `init` (output 0 of the ratio views) has no column.
 */
export const MARKET_MODULE_READS = [
  { column: 'creator_fee', module: 'fees', view: 'fees', output: 0 },
  { column: 'insurance_fee', module: 'fees', view: 'fees', output: 1 },
  { column: 'lp_fee', module: 'fees', view: 'fees', output: 2 },
  { column: 'liquidation_fee', module: 'fees', view: 'liqFee', output: 0 },
  { column: 'taker_liq_margin_ratio', module: 'marginRatios', view: 'takerMarginRatios', output: 1 },
  { column: 'taker_backstop_margin_ratio', module: 'marginRatios', view: 'takerMarginRatios', output: 2 },
  { column: 'maker_liq_margin_ratio', module: 'marginRatios', view: 'makerMarginRatios', output: 1 },
  { column: 'maker_backstop_margin_ratio', module: 'marginRatios', view: 'makerMarginRatios', output: 2 },
] as const satisfies ReadonlyArray<{ column: keyof MarketModuleColumns; module: PerpModule; view: string; output: number }>;

/** The four calls that fill `MarketModuleColumns`, in order: target module and calldata (a bare selector). */
export const MARKET_MODULE_CALLS = [
  { module: 'fees', view: 'fees', data: FEES_MODULE_INTERFACE.encodeFunctionData('fees') },
  { module: 'fees', view: 'liqFee', data: FEES_MODULE_INTERFACE.encodeFunctionData('liqFee') },
  { module: 'marginRatios', view: 'takerMarginRatios', data: MARGIN_RATIOS_MODULE_INTERFACE.encodeFunctionData('takerMarginRatios') },
  { module: 'marginRatios', view: 'makerMarginRatios', data: MARGIN_RATIOS_MODULE_INTERFACE.encodeFunctionData('makerMarginRatios') },
] as const;

/** The raw return data of the four `MARKET_MODULE_CALLS`, keyed by view. */
export interface MarketModuleReturns {
  fees: string;
  liqFee: string;
  takerMarginRatios: string;
  makerMarginRatios: string;
}

/**
 * Decodes the module reads into the `markets` columns. Strict where ethers is lenient (ethers
 * masks an ABI word to the declared width): each return must be exactly its words, each a
 * uint24, or it throws `RangeError` (e.g. an address that is not a module of this interface).
 */
export function decodeMarketModuleColumns(returns: MarketModuleReturns): MarketModuleColumns {
  const words: Record<keyof MarketModuleReturns, readonly bigint[]> = {
    fees: uint24Words(returns.fees, 3, 'fees()'),
    liqFee: uint24Words(returns.liqFee, 1, 'liqFee()'),
    takerMarginRatios: uint24Words(returns.takerMarginRatios, 3, 'takerMarginRatios()'),
    makerMarginRatios: uint24Words(returns.makerMarginRatios, 3, 'makerMarginRatios()'),
  };
  const columns = {} as MarketModuleColumns;
  for (const read of MARKET_MODULE_READS) columns[read.column] = Number(words[read.view][read.output]);
  return columns;
}

const UINT24_MAX = (1n << 24n) - 1n;

function uint24Words(data: string, count: number, view: string): bigint[] {
  if (!/^0x[0-9a-fA-F]*$/.test(data) || data.length !== 2 + 64 * count) {
    throw new RangeError(`${view} returned ${(data.length - 2) / 2} bytes, expected ${32 * count}`);
  }
  return Array.from({ length: count }, (_, i) => {
    const word = BigInt('0x' + data.slice(2 + 64 * i, 2 + 64 * (i + 1)));
    if (word > UINT24_MAX) throw new RangeError(`${view} output ${i} is ${word}, not a uint24`);
    return word;
  });
}
