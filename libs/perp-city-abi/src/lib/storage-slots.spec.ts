import { AbiCoder, keccak256, solidityPackedKeccak256, toUtf8Bytes } from 'ethers';
import fc from 'fast-check';
import {
  decodeAddressWord,
  decodeExtsloadWords,
  extsloadCalldata,
  decodeInt256Word,
  decodePerpEmas,
  decodePerpTickFunding,
  decodePoolSlot0,
  decodePoolTickLiquidity,
  decodeUint128Word,
  decodeUint256Word,
  ERC1967_IMPLEMENTATION_SLOT,
  initializedTicksInBitmapWord,
  mappingSlot,
  PERP_EMAS_SLOT,
  perpMakerFeeGrowthInside1LastSlot,
  perpMakerPoolPositionSlot,
  perpTickFundingSlots,
  poolFeeGrowthGlobal0Slot,
  poolFeeGrowthGlobal1Slot,
  poolLiquiditySlot,
  poolPositionInfoSlot,
  poolPositionKey,
  poolSlot0Slot,
  poolStateSlot,
  poolTickBitmapSlot,
  poolTickFeeGrowthOutside0Slot,
  poolTickFeeGrowthOutside1Slot,
  poolTickInfoSlot,
  saltFromPosId,
  signedMappingSlot,
  slotPlus,
  tickBitmapPosition,
  toBytes32,
  wordToBigInt,
} from './storage-slots';

const abi = AbiCoder.defaultAbiCoder();
const POOL_ID = '0x' + 'ab'.repeat(32);
const PERP = '0x796f0000000000000000000000000000000b8ed0';
const add = (slot: string, n: bigint) => '0x' + (BigInt(slot) + n).toString(16).padStart(64, '0');
/** `keccak256(abi.encode(key, base))`, encoded by the ABI coder rather than by hand. */
const abiSlot = (keyType: 'bytes32' | 'int256', key: string | bigint, base: string | bigint) => keccak256(abi.encode([keyType, 'uint256'], [key, base]));

const HEX32 = fc.uint8Array({ minLength: 32, maxLength: 32 }).map((bytes) => '0x' + Buffer.from(bytes).toString('hex'));
const TICK = fc.integer({ min: -887272, max: 887272 });

describe('mapping slots', () => {
  it('the pool state slot is keccak256 of the poolId and uint256(6), written out', () => {
    // abi.encode(bytes32 0xabab..ab, uint256 6): 64 bytes, written out literally.
    const encoded = '0x' + 'ab'.repeat(32) + '0'.repeat(63) + '6';
    expect(poolStateSlot(POOL_ID)).toBe(keccak256(encoded));
    expect(poolSlot0Slot(POOL_ID)).toBe(poolStateSlot(POOL_ID));
    expect(mappingSlot(POOL_ID, 6n)).toBe(mappingSlot(POOL_ID, toBytes32(6n)));
  });

  it('pool-state fields are the StateLibrary offsets', () => {
    const state = abiSlot('bytes32', POOL_ID, 6n);
    expect(poolFeeGrowthGlobal0Slot(POOL_ID)).toBe(add(state, 1n));
    expect(poolFeeGrowthGlobal1Slot(POOL_ID)).toBe(add(state, 2n));
    expect(poolLiquiditySlot(POOL_ID)).toBe(add(state, 3n));
  });

  it('ticks[tick]: keccak256(abi.encodePacked(int256(tick), state + 4)), for every tick', () => {
    fc.assert(
      fc.property(HEX32, TICK, (poolId, tick) => {
        const ticksMapping = add(abiSlot('bytes32', poolId, 6n), 4n);
        const info = solidityPackedKeccak256(['int256', 'bytes32'], [tick, ticksMapping]);
        expect(poolTickInfoSlot(poolId, tick)).toBe(info);
        expect(poolTickFeeGrowthOutside0Slot(poolId, BigInt(tick))).toBe(add(info, 1n));
        expect(poolTickFeeGrowthOutside1Slot(poolId, tick)).toBe(add(info, 2n));
      }),
      { numRuns: 200 },
    );
  });

  it('a negative key is sign-extended: tick -1 keys as 32 bytes of ff', () => {
    const base = add(poolStateSlot(POOL_ID), 4n);
    expect(poolTickInfoSlot(POOL_ID, -1)).toBe(keccak256('0x' + 'ff'.repeat(32) + base.slice(2)));
    expect(signedMappingSlot(-1n, 6n)).toBe(abiSlot('int256', -1n, 6n));
  });

  it('tickBitmap[wordPos] at state + 5 with an int16 key', () => {
    const bitmapMapping = add(poolStateSlot(POOL_ID), 5n);
    for (const word of [-32768, -19, 0, 17, 32767]) {
      expect(poolTickBitmapSlot(POOL_ID, word)).toBe(solidityPackedKeccak256(['int256', 'bytes32'], [word, bitmapMapping]));
    }
    expect(() => poolTickBitmapSlot(POOL_ID, 32768)).toThrow(RangeError);
  });

  it('position key: keccak256(abi.encodePacked(owner, int24, int24, bytes32)), 58 bytes', () => {
    fc.assert(
      fc.property(fc.uint8Array({ minLength: 20, maxLength: 20 }), TICK, TICK, HEX32, (ownerBytes, lower, upper, salt) => {
        const owner = '0x' + Buffer.from(ownerBytes).toString('hex');
        expect(poolPositionKey(owner, lower, upper, salt)).toBe(solidityPackedKeccak256(['address', 'int24', 'int24', 'bytes32'], [owner, lower, upper, salt]));
      }),
      { numRuns: 200 },
    );
    // Written out: owner 0x11..11, ticks -60 (0xffffc4) and 60 (0x00003c), salt bytes32(54).
    const packed = '0x' + '11'.repeat(20) + 'ffffc4' + '00003c' + '0'.repeat(62) + '36';
    expect(poolPositionKey('0x' + '11'.repeat(20), -60, 60, saltFromPosId(54n))).toBe(keccak256(packed));
  });

  it("a Perp maker's pool position: owner = the Perp, salt = bytes32(posId), at state + 6", () => {
    // CHINA-PC position 54's band (perpcity-rust-sdk math/maker_equity.rs golden vector).
    const key = solidityPackedKeccak256(['address', 'int24', 'int24', 'bytes32'], [PERP, 33810, 34710, toBytes32(54n)]);
    const slot = abiSlot('bytes32', key, BigInt(poolStateSlot(POOL_ID)) + 6n);
    expect(poolPositionInfoSlot(POOL_ID, key)).toBe(slot);
    expect(perpMakerPoolPositionSlot(POOL_ID, PERP.toUpperCase().replace('0X', '0x'), 33810, 34710, 54n)).toBe(slot);
    expect(perpMakerFeeGrowthInside1LastSlot(POOL_ID, PERP, 33810, 34710, 54n)).toBe(add(slot, 2n));
  });

  it('the Perp ticks mapping is slot 6 (PerpStorage base 3 + field 3), two words', () => {
    const [opp, divSqrt] = perpTickFundingSlots(33810);
    expect(opp).toBe(abiSlot('int256', 33810n, 6n));
    expect(divSqrt).toBe(add(opp, 1n));
    expect(perpTickFundingSlots(-33810)[0]).toBe(abiSlot('int256', -33810n, 6n));
    expect(PERP_EMAS_SLOT).toBe('0x' + '0'.repeat(63) + 'b');
  });

  it('the ERC-1967 implementation slot is keccak256("eip1967.proxy.implementation") - 1', () => {
    expect(ERC1967_IMPLEMENTATION_SLOT).toBe(add(keccak256(toUtf8Bytes('eip1967.proxy.implementation')), -1n));
    expect(decodeAddressWord('0x' + '0'.repeat(24) + '9b74b1ff217bde6eb0e221ca11034d67187ef9d3')).toBe('0x9b74b1ff217bde6eb0e221ca11034d67187ef9d3');
    expect(() => decodeAddressWord(1n << 160n)).toThrow(RangeError);
  });

  it('refuses malformed input', () => {
    expect(() => poolStateSlot('0x1234')).toThrow(TypeError);
    expect(() => poolTickInfoSlot(POOL_ID, 1 << 23)).toThrow(RangeError);
    expect(() => poolPositionKey('0xnot-an-address', 0, 60, toBytes32(1n))).toThrow();
    expect(() => toBytes32(-1n)).toThrow(RangeError);
    expect(slotPlus('0x' + 'f'.repeat(64), 1)).toBe(toBytes32(0n));
  });
});

describe('word decoders', () => {
  it('slot0: the v4-core StateLibrary example word', () => {
    // StateLibrary.getSlot0's comment: 0x000000|000bb8|000000|ffff75|0000000000000000fe3aa841ba359daa0ea9eff7
    //                                   (unused) fee   protocolfee tick  sqrtPriceX96
    const word = '0x' + '000000' + '000bb8' + '000000' + 'ffff75' + '0000000000000000fe3aa841ba359daa0ea9eff7';
    expect(decodePoolSlot0(word)).toEqual({ sqrtPriceX96: 0xfe3aa841ba359daa0ea9eff7n, tick: -139n, protocolFee: 0n, lpFee: 3000n });
  });

  it('slot0 round-trips every field', () => {
    fc.assert(
      fc.property(
        fc.bigInt(0n, (1n << 160n) - 1n),
        fc.integer({ min: -(1 << 23), max: (1 << 23) - 1 }),
        fc.bigInt(0n, (1n << 24n) - 1n),
        fc.bigInt(0n, (1n << 24n) - 1n),
        (sqrt, tick, protocolFee, lpFee) => {
          const word = sqrt | (BigInt.asUintN(24, BigInt(tick)) << 160n) | (protocolFee << 184n) | (lpFee << 208n);
          expect(decodePoolSlot0(toBytes32(word))).toEqual({ sqrtPriceX96: sqrt, tick: BigInt(tick), protocolFee, lpFee });
        },
      ),
    );
  });

  it('ticks[tick] first word: liquidityNet is the signed high half', () => {
    const gross = 570_282_387n;
    const word = (BigInt.asUintN(128, -gross) << 128n) | gross; // an upper tick: net = -gross
    expect(decodePoolTickLiquidity(toBytes32(word))).toEqual({ liquidityGross: gross, liquidityNet: -gross });
    expect(decodePoolTickLiquidity((gross << 128n) | gross)).toEqual({ liquidityGross: gross, liquidityNet: gross });
  });

  it('the captured CHINA-PC fee growth and tick funding words (block 500612175)', () => {
    // perpcity-rust-sdk math/maker_equity.rs golden vector, read from the PoolManager and the Perp.
    expect(decodeUint256Word(toBytes32(28998515790711655837734081581084912609n))).toBe(28998515790711655837734081581084912609n);
    expect(decodePerpTickFunding([toBytes32(2413781515094096341489935830192n), toBytes32(440051787484224301957495580026n)])).toEqual({
      cumlFundingOppX96: 2413781515094096341489935830192n,
      cumlFundingDivSqrtPOppX96: 440051787484224301957495580026n,
    });
    // A negative checkpoint (the position's lastCumlFundingX96 there) is stored as two's complement.
    const negative = -10162710870332004796583430787875n;
    expect(decodeInt256Word(toBytes32(BigInt.asUintN(256, negative)))).toBe(negative);
    expect(decodePerpTickFunding([0n, '0x' + 'f'.repeat(64)])).toEqual({ cumlFundingOppX96: 0n, cumlFundingDivSqrtPOppX96: -1n });
  });

  it('emas: ammPrice low, index high (the captured HORMUZ-TRAFFIC emas() pair)', () => {
    // perpcity-rust-sdk contracts.rs: emas() on HORMUZ-TRAFFIC returned these two X96 prices.
    const ammPrice = 0x2e4e1d5d09c24b2a50779abaf3n;
    const index = 0x2dc0f47dc4c7764d34d2f6a88fn;
    expect(decodePerpEmas(toBytes32((index << 128n) | ammPrice))).toEqual({ ammPrice, index });
  });

  it('uint128 words refuse high bits; words accept short quantities and bigints', () => {
    expect(decodeUint128Word('0x' + '0'.repeat(32) + 'f'.repeat(32))).toBe((1n << 128n) - 1n);
    expect(() => decodeUint128Word(1n << 128n)).toThrow(RangeError);
    expect(wordToBigInt('0x0')).toBe(0n);
    expect(() => wordToBigInt('0x' + '0'.repeat(65))).toThrow(TypeError);
    expect(() => wordToBigInt(-1n)).toThrow(RangeError);
  });
});

describe('tick bitmap', () => {
  it('position: compress floors toward -infinity, then word = compressed >> 8, bit = low 8 bits', () => {
    fc.assert(
      fc.property(TICK, fc.integer({ min: 1, max: 200 }), (tick, spacing) => {
        const compressed = Math.floor(tick / spacing);
        expect(tickBitmapPosition(tick, spacing)).toEqual({ wordPos: BigInt(Math.floor(compressed / 256)), bitPos: ((compressed % 256) + 256) % 256 });
      }),
    );
    expect(tickBitmapPosition(-1, 30)).toEqual({ wordPos: -1n, bitPos: 255 });
    expect(() => tickBitmapPosition(0, 0)).toThrow(RangeError);
  });

  it('lists the ticks a bitmap word marks, and finds each tick where position() puts it', () => {
    fc.assert(
      fc.property(fc.integer({ min: -138180 / 30, max: 138180 / 30 }), (compressed) => {
        const tick = compressed * 30;
        const { wordPos, bitPos } = tickBitmapPosition(tick, 30);
        expect(initializedTicksInBitmapWord(wordPos, toBytes32(1n << BigInt(bitPos)), 30)).toEqual([BigInt(tick)]);
      }),
    );
    expect(initializedTicksInBitmapWord(-1n, toBytes32(1n | (1n << 255n)), 30)).toEqual([-7680n, -30n]);
  });
});

describe('extsload batches', () => {
  it('encodes extsload(bytes32[]) and decodes one word per slot', () => {
    const slots = [poolSlot0Slot(POOL_ID), poolLiquiditySlot(POOL_ID), poolFeeGrowthGlobal1Slot(POOL_ID)];
    expect(extsloadCalldata(slots)).toBe('0xdbd035ff' + abi.encode(['bytes32[]'], [slots]).slice(2));
    const words = [toBytes32(1n), toBytes32(2n), toBytes32(3n)];
    expect(decodeExtsloadWords(abi.encode(['bytes32[]'], [words]), 3)).toEqual(words);
    expect(() => decodeExtsloadWords(abi.encode(['bytes32[]'], [words]), 2)).toThrow(RangeError);
    expect(() => extsloadCalldata(['0x01'])).toThrow(TypeError);
  });
});
