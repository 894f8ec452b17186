import {
  marketTickBounds,
  maxUsableTick,
  minUsableTick,
  PERP_MAX_TICK,
  PERP_MIN_TICK,
  perpBitmapWordRange,
  UNISWAP_MAX_TICK,
  UNISWAP_MIN_TICK,
} from './tick-bounds';

describe('tick bounds', () => {
  it("v4's usable range truncates toward zero (TickMath.minUsableTick / maxUsableTick)", () => {
    expect([UNISWAP_MIN_TICK, UNISWAP_MAX_TICK]).toEqual([-887272, 887272]);
    expect([minUsableTick(1), maxUsableTick(1)]).toEqual([-887272, 887272]);
    expect([minUsableTick(60), maxUsableTick(60)]).toEqual([-887220, 887220]);
    // Perp pools: spacing 30 (rust SDK TICK_SPACING; CHINA-PC's live band 33810/34710 is on it, 34710 is not a multiple of 60).
    expect([minUsableTick(30), maxUsableTick(30)]).toEqual([-887250, 887250]);
    expect(() => minUsableTick(0)).toThrow(RangeError);
    expect(() => maxUsableTick(1 << 15)).toThrow(RangeError);
  });

  it("the Perp's bounds: ±138180, on the spacing, price about 1e-6 .. 1e6", () => {
    expect([PERP_MIN_TICK, PERP_MAX_TICK]).toEqual([-138180, 138180]);
    expect(PERP_MAX_TICK % 30).toBe(0);
    expect(Math.pow(1.0001, PERP_MAX_TICK)).toBeGreaterThan(1e6);
    expect(Math.pow(1.0001, PERP_MAX_TICK - 30)).toBeLessThan(1e6);
    expect(marketTickBounds('v0.1.0')).toEqual({ minTick: -138180, maxTick: 138180, established: true });
    expect(marketTickBounds('v0.2.2-upgradeable')).toEqual({ minTick: -138180, maxTick: 138180, established: false });
  });

  it('the bitmap words of a perp pool', () => {
    // compress(±138180, 30) = ±4606; 4606 >> 8 = 17, -4606 >> 8 = -18.
    expect(perpBitmapWordRange(30)).toEqual({ minWord: -18n, maxWord: 17n });
    expect(perpBitmapWordRange(60, { minTick: -887220, maxTick: 887220 })).toEqual({ minWord: -58n, maxWord: 57n });
  });
});
