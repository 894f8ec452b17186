import { decodeBeaconLog, decodePerpFactoryLog, decodePerpLog, type PerpCreatedArgs } from './events';
import type { RawLog } from './log';

// Real logs captured on Arbitrum One, restated here as our own constants. Provenance is in the
// comment above each; the values were published by StrobeLabs/perpcity-rust-sdk
// (tests/fixtures/perp_created_arbitrum_one.json, src/feeds/events.rs, tests/history_live.rs).

/**
 * PerpCreated of the HORMUZ-COUNT market (a v0.1.0 market).
 * factory 0xce0c5f65a5eda69a1dfb3f3273749b649abc4ec6, block 486214447 (0x1cfb0b2f),
 * tx 0x92306c56bd730c3d6e7561d82120c78647e68c5b84c97ce48b9169939cb238d2, log index 6.
 */
const PERP_CREATED_HORMUZ: RawLog = {
  address: '0xce0c5f65a5eda69a1dfb3f3273749b649abc4ec6',
  topics: ['0x7ba2344e48465255b15f10af80d238b8d45c229a658105ec94ff4b68da35a710'],
  data:
    '0x' +
    [
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
    ].join(''),
  blockHash: '0x504e8bac5574b06134559b6e8743b78398ecfcd95070b37b469709534be64970',
  blockNumber: '0x1cfb0b2f',
  transactionHash: '0x92306c56bd730c3d6e7561d82120c78647e68c5b84c97ce48b9169939cb238d2',
  logIndex: '0x6',
};

/**
 * MakerConverted (v0.1.0 tailed shape) of the CHINA-PC market: the maker liquidation of
 * position 54, 2026-09-01. The source gives the market as 0x796f…8ed0 and the tx as
 * 0x4d1fa289fbbe… only (truncated), and no block; topic0 and data are complete. The address
 * below is therefore a stand-in with the known ends, not the market's.
 */
const MAKER_CONVERTED_CHINA_PC: RawLog = {
  address: '0x796f000000000000000000000000000000008ed0',
  topics: ['0x8d8df09df1280157a012f3f883267724105b6d76650a4f9ff07413e4741711e8'],
  data:
    '0x' +
    [
      '0000000000000000000000000000000000000000000000000000000000000036',
      '000000000000000000000000000000000000000000000000000000000c7ebfc7',
      '0000000000000000000000000000000000000000000000000000000000069a5f',
      '000000000000000000000000000000000000000000000000000000000177d5c2',
      '000000000000000000000000000000000000000000000000000000000075d578',
      '000000000000000000000000000000000000000000000000000000000015696a',
      '0000000000000000000000000000000000000000000000000000000000000001',
    ].join(''),
};

/**
 * IndexUpdated of the beacon 0x0a33ea45fe9011029641ef63ce8e1c94a8a29990, block 506249221
 * (0x1e2cc005), log index 3, tx 0x598da8ad… (truncated in the source).
 */
const INDEX_UPDATED: RawLog = {
  address: '0x0a33ea45fe9011029641ef63ce8e1c94a8a29990',
  topics: ['0xacfc085c9be45d2b3f9e5c09a19d4a95749cc16939519c13e090de3a4cb192c6'],
  data: '0x0000000000000000000000000000000000000010edbd439f2076368fba399c29',
  blockNumber: 0x1e2cc005,
  logIndex: 3,
};

describe('decoders on real Arbitrum One logs', () => {
  it('PerpCreated: the HORMUZ-COUNT market, every field, lowercase addresses', () => {
    const event = decodePerpFactoryLog(PERP_CREATED_HORMUZ);
    expect(event.name).toBe('PerpCreated');
    if (event.name !== 'PerpCreated') return;
    expect(event.build).toBe('both');
    expect(event.log).toEqual({
      address: '0xce0c5f65a5eda69a1dfb3f3273749b649abc4ec6',
      blockNumber: 486_214_447n,
      blockHash: '0x504e8bac5574b06134559b6e8743b78398ecfcd95070b37b469709534be64970',
      transactionHash: '0x92306c56bd730c3d6e7561d82120c78647e68c5b84c97ce48b9169939cb238d2',
      logIndex: 6,
    });
    const expected: PerpCreatedArgs = {
      perp: '0x137e00487dc079dad69ba149994320a8ff4c5b17',
      poolId: '0x37ad79e6fbdceff901cbcd8ffb5fa871aa1757f2c2823d1b3c0e41d776525768',
      modules: {
        beacon: '0x1b37de2b5dc8cf5d290d6dcfded11aaa7d0ef884',
        fees: '0xbfda8aa80132c51995b37c03d9fe384dcbf0056e',
        funding: '0xb9572a6cdd39965e2d03f13d5559e0ca9fe599d1',
        marginRatios: '0x8afca53c52b1f02d76aefb811c6b08f4bd3e4cf9',
        priceImpact: '0x71889d6b403ddc5007d1ebabb52d1fcd5ec04832',
        pricing: '0xf4689da0cac3f23a04145236dbfe81c3c58cfe22',
      },
      initialIndex: 47n << 96n, // 47.0 in X96
      emaWindow: 3600n,
      protocolFee: 0n,
      sqrtPriceX96: 543_160_916_822_237_860_744_942_667_458n,
      tick: 38_503n,
      owner: '0x2d0be18386297d833e63d0b1f6bc93f391af6f93',
      name: 'Hormuz Vessel Count Perp',
      symbol: 'HORMUZ-COUNT-PERP',
      tokenUri: '',
    };
    expect(event.args).toEqual(expected);
    expect(event.args.initialIndex).toBe(3_723_723_638_170_423_866_896_565_665_792n);
  });

  it('MakerConverted (v0.1.0): a maker liquidation carries its fee and the flag in the tail', () => {
    const event = decodePerpLog(MAKER_CONVERTED_CHINA_PC);
    expect(event.name).toBe('MakerConverted');
    if (event.name !== 'MakerConverted' || event.build !== 'v0.1.0') throw new Error(`decoded as ${event.name}`);
    expect(event.args).toEqual({
      posId: 54n,
      funding: 209_633_223n,
      longUtilFees: 432_735n,
      shortUtilFees: 24_630_722n,
      lpFees: 7_722_360n,
      liqFee: 1_403_242n, // 1.403242 USDC
      isLiquidation: true,
    });
    expect(event.log.blockNumber).toBeNull();
  });

  it('MakerConverted (v0.1.0) is refused when the caller says the market is v0.2.2', () => {
    expect(decodePerpLog(MAKER_CONVERTED_CHINA_PC, { build: 'v0.2.2-upgradeable' })).toMatchObject({ name: 'Unknown', reason: 'other-build' });
    expect(decodePerpLog(MAKER_CONVERTED_CHINA_PC, { build: 'v0.1.0' }).name).toBe('MakerConverted');
  });

  it('IndexUpdated: the beacon print, an X96 index of 16.928669', () => {
    const event = decodeBeaconLog(INDEX_UPDATED);
    expect(event).toMatchObject({ contract: 'Beacon', name: 'IndexUpdated', log: { blockNumber: 506_249_221n, logIndex: 3 } });
    if (event.name !== 'IndexUpdated') return;
    expect(event.args.index).toBe(0x10edbd439f2076368fba399c29n);
    expect(Number(event.args.index) / 2 ** 96).toBeCloseTo(16.928669, 6);
  });

  it('a real log given to the wrong contract decoder is Unknown, not an error', () => {
    expect(decodePerpLog(PERP_CREATED_HORMUZ)).toMatchObject({ contract: 'Perp', name: 'Unknown', reason: 'unknown-topic' });
    expect(decodePerpFactoryLog(INDEX_UPDATED)).toMatchObject({ name: 'Unknown', reason: 'unknown-topic', topic: INDEX_UPDATED.topics[0] });
  });
});
