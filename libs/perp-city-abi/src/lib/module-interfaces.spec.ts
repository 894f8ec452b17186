import { AbiCoder } from 'ethers';
import {
  decodeMarketModuleColumns,
  FEES_MODULE_INTERFACE,
  FUNDING_MODULE_INTERFACE,
  MARGIN_RATIOS_MODULE_INTERFACE,
  MARKET_MODULE_CALLS,
  MARKET_MODULE_READS,
  moduleAbi,
  moduleInterface,
  PRICE_IMPACT_MODULE_INTERFACE,
  PRICING_MODULE_INTERFACE,
  PROTOCOL_FEE_MANAGER_INTERFACE,
} from './module-interfaces';

const abi = AbiCoder.defaultAbiCoder();
const triple = (a: bigint, b: bigint, c: bigint) => abi.encode(['uint24', 'uint24', 'uint24'], [a, b, c]);

describe('module interfaces', () => {
  it('interfaceOnly keeps the views the Perp calls', () => {
    expect(moduleAbi('fees', { interfaceOnly: true })).toEqual([
      'function fees() view returns (uint24 cFee, uint24 insFee, uint24 lpFee)',
      'function liqFee() view returns (uint24)',
      'function utilFees(uint256 longUtilization, uint256 shortUtilization) view returns (uint64 longFee, uint64 shortFee)',
    ]);
    expect(moduleAbi('protocolFeeManager', { interfaceOnly: true })).toEqual([]);
    expect(moduleAbi('protocolFeeManager')).toContain('function protocolFee() view returns (uint256)');
    expect(() => moduleInterface('nope' as never)).toThrow(RangeError);
  });

  it('the market module calls are bare selectors', () => {
    expect(MARKET_MODULE_CALLS.map((call) => [call.module, call.data])).toEqual([
      ['fees', '0x9af1d35a'],
      ['fees', '0x3fb0da64'],
      ['marginRatios', '0x97019e5c'],
      ['marginRatios', '0xb583a929'],
    ]);
  });

  it('every module-read column is a markets column, once', () => {
    // libs/index-db/src/lib/tables/markets.ts MARKETS_COLUMNS, the module-derived ones.
    expect(MARKET_MODULE_READS.map((read) => read.column).sort()).toEqual(
      [
        'creator_fee',
        'insurance_fee',
        'lp_fee',
        'liquidation_fee',
        'taker_liq_margin_ratio',
        'taker_backstop_margin_ratio',
        'maker_liq_margin_ratio',
        'maker_backstop_margin_ratio',
      ].sort(),
    );
    for (const read of MARKET_MODULE_READS) {
      const outputs = moduleInterface(read.module).getFunction(read.view)?.outputs ?? [];
      expect(read.output).toBeLessThan(outputs.length);
    }
  });

  it('decodes the captured HORMUZ-TRAFFIC margin ratios into the columns', () => {
    // perpcity-rust-sdk client/queries.rs: verified live 2026-09-07 on HORMUZ-TRAFFIC's module
    // 0x8afca53c52b1f02d76aefb811c6b08f4bd3e4cf9: makerMarginRatios() = (1000000, 900000, 800000),
    // takerMarginRatios() = (100000, 50000, 20000). The fee values are made up (no capture is public).
    const columns = decodeMarketModuleColumns({
      fees: triple(10_000n, 5_000n, 3_000n),
      liqFee: abi.encode(['uint24'], [20_000n]),
      takerMarginRatios: triple(100_000n, 50_000n, 20_000n),
      makerMarginRatios: triple(1_000_000n, 900_000n, 800_000n),
    });
    expect(columns).toEqual({
      creator_fee: 10_000,
      insurance_fee: 5_000,
      lp_fee: 3_000,
      liquidation_fee: 20_000,
      taker_liq_margin_ratio: 50_000,
      taker_backstop_margin_ratio: 20_000,
      maker_liq_margin_ratio: 900_000,
      maker_backstop_margin_ratio: 800_000,
    });
  });

  it('refuses return data of the wrong shape', () => {
    expect(() => decodeMarketModuleColumns({ fees: '0x', liqFee: '0x', takerMarginRatios: '0x', makerMarginRatios: '0x' })).toThrow(RangeError);
    // A uint24 slot holding a wider value is not a fee.
    expect(() =>
      decodeMarketModuleColumns({
        fees: abi.encode(['uint256', 'uint256', 'uint256'], [1n << 30n, 0n, 0n]),
        liqFee: abi.encode(['uint24'], [0n]),
        takerMarginRatios: triple(0n, 0n, 0n),
        makerMarginRatios: triple(0n, 0n, 0n),
      }),
    ).toThrow(RangeError);
  });

  it('encodes the rule-module calls', () => {
    const pair = (amm: bigint, index: bigint) => ({ ammPrice: amm, index });
    const q96 = 1n << 96n;
    const data = FUNDING_MODULE_INTERFACE.encodeFunctionData('funding', [pair(2n * q96, 3n * q96), pair(q96, q96)]);
    expect(data).toBe('0x87415bfc' + abi.encode(['uint128', 'uint128', 'uint128', 'uint128'], [2n * q96, 3n * q96, q96, q96]).slice(2));
    const bounds = PRICE_IMPACT_MODULE_INTERFACE.decodeFunctionResult('sqrtPriceBounds', abi.encode(['uint256', 'uint256'], [q96 / 2n, q96 * 2n]));
    expect(bounds.toObject()).toEqual({ sqrtMin: q96 / 2n, sqrtMax: q96 * 2n });
    expect(FEES_MODULE_INTERFACE.decodeFunctionResult('utilFees', abi.encode(['uint64', 'uint64'], [7n, 9n])).toObject()).toEqual({
      longFee: 7n,
      shortFee: 9n,
    });
    expect(MARGIN_RATIOS_MODULE_INTERFACE.getFunction('INITIAL_TAKER_RATIO')?.selector).toBe('0xe3abaa72');
    expect(PROTOCOL_FEE_MANAGER_INTERFACE.getEvent('ProtocolFeeSet')?.topicHash).toBe('0xdb5aafdb29539329e37d4e3ee869bc4031941fd55a5dfc92824fbe34b204e30d');
  });
});

describe('a captured module call', () => {
  it("fairPrice on HORMUZ-TRAFFIC's pricing module", () => {
    // perpcity-rust-sdk math/pricing.rs golden vector: eth_call 2026-09-07 to the pricing module
    // 0xf4689da0cac3f23a04145236dbfe81c3c58cfe22 (Arbitrum One) with the market's ammPrice, an
    // index and its emas() pair returned 0x1578d53754481f1e1a9854fcbe1. The SDK's comment calls
    // the index 40 x 2^96; its literal, used here, is 0x28 followed by 25 zeros = 640 x 2^96.
    const args = [0x2e8d7e0b44090ee63765fb855fn, 0x280000000000000000000000000n, 0x2e4e1d5d09c24b2a50779abaf3n, 0x2dc0f47dc4c7764d34d2f6a88fn];
    expect(PRICING_MODULE_INTERFACE.encodeFunctionData('fairPrice', args)).toBe(
      '0x0fa23b8a' + abi.encode(['uint256', 'uint256', 'uint256', 'uint256'], args).slice(2),
    );
    const [mark] = PRICING_MODULE_INTERFACE.decodeFunctionResult('fairPrice', abi.encode(['uint256'], [0x1578d53754481f1e1a9854fcbe1n]));
    expect(mark).toBe(0x1578d53754481f1e1a9854fcbe1n);
  });
});
