import fc from 'fast-check';
import { packBalanceDelta, posIdFromSalt, unpackBalanceDelta } from './units';

const INT128 = fc.bigInt(-(1n << 127n), (1n << 127n) - 1n);

describe('BalanceDelta', () => {
  it('unpacks perp from the high half and USD from the low half, both signed', () => {
    // A long taker: received 2.5 perps, paid 100 USDC (6-decimal atoms).
    const delta = packBalanceDelta(2_500_000n, -100_000_000n);
    // The low half is the two's complement of -100e6, not a subtraction from the high half.
    expect(delta).toBe((2_500_000n << 128n) | ((1n << 128n) - 100_000_000n));
    expect(unpackBalanceDelta(delta)).toEqual({ perp: 2_500_000n, usd: -100_000_000n });
    expect(unpackBalanceDelta(0n)).toEqual({ perp: 0n, usd: 0n });
    expect(unpackBalanceDelta(-1n)).toEqual({ perp: -1n, usd: -1n });
  });

  it('pack and unpack are inverse over all int128 pairs', () => {
    fc.assert(fc.property(INT128, INT128, (perp, usd) => expect(unpackBalanceDelta(packBalanceDelta(perp, usd))).toEqual({ perp, usd })));
  });

  it('refuses amounts outside int128', () => {
    expect(() => packBalanceDelta(1n << 127n, 0n)).toThrow(RangeError);
  });
});

describe('posIdFromSalt', () => {
  it('reads the position id a ModifyLiquidity salt carries', () => {
    expect(posIdFromSalt('0x' + '00'.repeat(31) + '36')).toBe(54n);
  });
});
