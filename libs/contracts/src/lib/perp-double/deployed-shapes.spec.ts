// The double's events and functions against the deployed protocol's, without a chain: a real PerpCreated
// log from Arbitrum One (perpcity-rust-sdk tests/fixtures/perp_created_arbitrum_one.json) decodes with
// our factory's ABI, and the selectors bots and the indexer use are the deployed ones.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { id, type Interface } from 'ethers';
import { PerpFactory__factory, Perp__factory, PoolManager__factory } from '../../../generated/double-types';

const PERP_CREATED_LOG = {
  topics: ['0x7ba2344e48465255b15f10af80d238b8d45c229a658105ec94ff4b68da35a710'],
  // One 32-byte word a line.
  data: `0x${[
    '000000000000000000000000137e00487dc079dad69ba149994320a8ff4c5b17',
    '37ad79e6fbdceff901cbcd8ffb5fa871aa1757f2c2823d1b3c0e41d776525768',
    '0000000000000000000000001b37de2b5dc8cf5d290d6dcfded11aaa7d0ef884',
    '000000000000000000000000bfda8aa80132c51995b37c03d9fe384dcbf0056e',
    '000000000000000000000000b9572a6cdd39965e2d03f13d5559e0ca9fe599d1',
    '0000000000000000000000008afca53c52b1f02d76aefb811c6b08f4bd3e4cf9',
    '00000000000000000000000071889d6b403ddc5007d1ebabb52d1fcd5ec04832',
    '000000000000000000000000f4689da0cac3f23a04145236dbfe81c3c58cfe22',
    '000000000000000000000000000000000000002f000000000000000000000000',
    '0000000000000000000000000000000000000000000000000000000000000e10',
    '0000000000000000000000000000000000000000000000000000000000000000',
    '0000000000000000000000000000000000000006db0c2e0d64f98fa71fe946c2',
    '0000000000000000000000000000000000000000000000000000000000009667',
    '0000000000000000000000002d0be18386297d833e63d0b1f6bc93f391af6f93',
    '0000000000000000000000000000000000000000000000000000000000000220',
    '0000000000000000000000000000000000000000000000000000000000000260',
    '00000000000000000000000000000000000000000000000000000000000002a0',
    '0000000000000000000000000000000000000000000000000000000000000018',
    '486f726d757a2056657373656c20436f756e7420506572700000000000000000',
    '0000000000000000000000000000000000000000000000000000000000000011',
    '484f524d555a2d434f554e542d50455250000000000000000000000000000000',
    '0000000000000000000000000000000000000000000000000000000000000000',
  ].join('')}`,
};

describe('the double speaks the deployed interface', () => {
  it('decodes a real PerpCreated log with the factory ABI', () => {
    const factory = PerpFactory__factory.createInterface();
    expect(factory.getEvent('PerpCreated')?.topicHash).toBe(PERP_CREATED_LOG.topics[0]);
    const parsed = factory.parseLog(PERP_CREATED_LOG);
    expect(parsed?.args['perp'].toLowerCase()).toBe('0x137e00487dc079dad69ba149994320a8ff4c5b17');
    expect(parsed?.args['initialIndex']).toBe(47n * 2n ** 96n);
    expect(parsed?.args['emaWindow']).toBe(3600n);
    expect(parsed?.args['tick']).toBe(38503n);
    expect(parsed?.args['name']).toBe('Hormuz Vessel Count Perp');
    expect(parsed?.args['symbol']).toBe('HORMUZ-COUNT-PERP');
    expect(parsed?.args['modules'].beacon.toLowerCase()).toBe('0x1b37de2b5dc8cf5d290d6dcfded11aaa7d0ef884');
  });

  it('has the deployed selectors and event topics', () => {
    const perp: Interface = Perp__factory.createInterface();
    const selectors: Record<string, string> = {
      'openTaker((address,uint128,int256,uint256))': 'openTaker',
      'adjustTaker((uint256,int128,int256,uint256))': 'adjustTaker',
      'liquidateTaker(uint256,address)': 'liquidateTaker',
      'openMaker((address,uint128,int24,int24,uint128,uint256,uint256))': 'openMaker',
      'adjustMaker((uint256,int128,int128,uint256,uint256))': 'adjustMaker',
      'liquidateMaker(uint256,address)': 'liquidateMaker',
      'touch()': 'touch',
      'positions(uint256)': 'positions',
      'takerDetails(uint256)': 'takerDetails',
      'makerDetails(uint256)': 'makerDetails',
      'cumulatives()': 'cumulatives',
      'rates()': 'rates',
      'emas()': 'emas',
      'poolState()': 'poolState',
      'modules()': 'modules',
    };
    for (const [signature, name] of Object.entries(selectors)) {
      expect(perp.getFunction(name)?.selector).toBe(id(signature).slice(0, 10));
    }
    const factory: Interface = PerpFactory__factory.createInterface();
    expect(factory.getFunction('createPerp')?.selector).toBe(
      id('createPerp(address,string,string,string,(address,address,address,address,address,address),uint24,bytes32)').slice(0, 10),
    );
    const events = [
      'TakerOpened(uint256,(int256,uint256,int256,uint256,uint256,uint256,uint256))',
      'TakerAdjusted(uint256,(int256,uint256,int256,uint256,uint256,uint256,uint256),int256,uint256)',
      'TakerClosed(uint256,(int256,uint256,int256,uint256,uint256,uint256,uint256),int256,uint256,uint256,bool)',
      'CumulativesAccrued((int256,int256,uint256,uint256,uint256,uint256))',
      'RatesAndEmasRefreshed((int88,uint64,uint64,uint40),(uint128,uint128))',
      'OpenInterestUpdated((uint128,uint128))',
      'CapacityUpdated((uint128,uint128))',
      'MarginTransferred(int128,uint128)',
      'MakerOpened(uint256)',
      'MakerClosed(uint256,int256,uint256,uint256,uint256,uint256,bool)',
    ];
    for (const signature of events) {
      expect(perp.getEvent(signature.split('(')[0])?.topicHash).toBe(id(signature));
    }
  });
  it('every double contract fits the 24 KB code limit the dev chain enforces (the factory carries the Perp)', () => {
    for (const name of ['Perp', 'PerpLogic', 'PerpFactory', 'PerpMathHarness']) {
      const artifact = JSON.parse(readFileSync(join(__dirname, '../../../generated/double-artifacts', `${name}.json`), 'utf8')) as { deployedBytecode: string };
      expect((artifact.deployedBytecode.length - 2) / 2).toBeLessThanOrEqual(24_576);
    }
    // The PoolManager is the package's own build, byte for byte.
    const shipped = JSON.parse(readFileSync(require.resolve('@uniswap/v4-core/out/PoolManager.sol/PoolManager.json'), 'utf8')) as {
      bytecode: { object: string };
    };
    expect(PoolManager__factory.bytecode).toBe(shipped.bytecode.object);
  });
});
