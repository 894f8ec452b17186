import fc from 'fast-check';
import { emaDecayWad } from './exp-wad';
import { advanceEmas, avgFloor, fairPriceX96, markAt, priceX96FromSqrtPriceX96 } from './fair-price';
import { UINT128_MAX, UINT256_MAX, WAD } from './full-math';
import { Q96 } from './x96';

describe('fairPriceX96', () => {
  // perpcity-rust-sdk src/math/pricing.rs, matches_deployed_fair_price (eth_call to the deployed module).
  it('matches the deployed pricing module', () => {
    expect(fairPriceX96(0x2e8d7e0b44090ee63765fb855fn, 0x280000000000000000000000000n, 0x2e4e1d5d09c24b2a50779abaf3n, 0x2dc0f47dc4c7764d34d2f6a88fn)).toBe(
      0x1578d53754481f1e1a9854fcbe1n,
    );
    // The clamp: index + emaAmm < emaIndex gives delta 0.
    expect(fairPriceX96(1001n, 1n, 1n, 1_000_000n)).toBe(500n);
    // Floor of an odd sum.
    expect(fairPriceX96(7n, 3n, 4n, 2n)).toBe(6n);
  });

  // perpcity-rust-sdk src/math/pricing.rs, saturates_instead_of_panicking (second case; the first saturates
  // where the contract reverts, and here throws as the contract does).
  it('clamps at zero and throws where the contract reverts', () => {
    expect(fairPriceX96(0n, 0n, 0n, UINT256_MAX)).toBe(0n);
    expect(() => fairPriceX96(UINT256_MAX, UINT256_MAX, UINT256_MAX, 0n)).toThrow('outside uint256');
  });

  it('hand-computed: all four equal gives the price; delta exactly zero; the index premium carried over', () => {
    expect(fairPriceX96(Q96, Q96, Q96, Q96)).toBe(Q96);
    expect(fairPriceX96(10n, 5n, 3n, 8n)).toBe(5n); // delta = 5 + 3 - 8 = 0 -> avg(10, 0) = 5
    // pool 42, index 40, EMA(pool) 41, EMA(index) 40: delta = 41, mark = (42 + 41) / 2 = 41.5
    expect(fairPriceX96(42n * Q96, 40n * Q96, 41n * Q96, 40n * Q96)).toBe(83n * (Q96 / 2n));
  });

  it('is the floored average of the pool price and max(index + emaAmm - emaIndex, 0) (property)', () => {
    const price = fc.bigInt({ min: 0n, max: UINT128_MAX });
    fc.assert(
      fc.property(price, price, price, price, (amm, index, emaAmm, emaIndex) => {
        const delta = index + emaAmm - emaIndex;
        expect(fairPriceX96(amm, index, emaAmm, emaIndex)).toBe((amm + (delta > 0n ? delta : 0n)) / 2n);
      }),
      { numRuns: 300 },
    );
  });
});

describe('avgFloor', () => {
  it('floors', () => {
    expect(avgFloor(7n, 8n)).toBe(7n);
    expect(avgFloor(UINT256_MAX, UINT256_MAX)).toBe(UINT256_MAX);
  });
});

describe('priceX96FromSqrtPriceX96', () => {
  it('is floor(s^2 / 2^96), as poolState().ammPrice holds it', () => {
    expect(priceX96FromSqrtPriceX96(Q96)).toBe(Q96);
    expect(priceX96FromSqrtPriceX96(2n * Q96)).toBe(4n * Q96);
    expect(priceX96FromSqrtPriceX96(1n)).toBe(0n);
    // perpcity-rust-sdk src/math/maker_equity.rs golden fixture: the recorded AMM price of CHINA-PC at
    // block 500612175 is exactly the square of the pool's sqrt price at that block, floored.
    expect(priceX96FromSqrtPriceX96(330115084885190701587787251116n)).toBe(1375470108235016714305503507110n);
    expect(() => priceX96FromSqrtPriceX96(0n)).toThrow('positive');
    expect(() => priceX96FromSqrtPriceX96(2n ** 129n)).toThrow('overflows');
  });
});

describe('advanceEmas', () => {
  const one = { amm: Q96, index: Q96 };

  // perpcity-rust-sdk src/math/ema.rs, ema_stays_put_at_same_timestamp.
  it('stays put at the same timestamp', () => {
    expect(advanceEmas({ amm: 100n, index: 200n }, { amm: 300n, index: 400n }, 10n, 10n, 3600n)).toEqual({ amm: 100n, index: 200n });
    expect(advanceEmas({ amm: 100n, index: 200n }, { amm: 300n, index: 400n }, 10n, 9n, 3600n)).toEqual({ amm: 100n, index: 200n });
  });

  // perpcity-rust-sdk src/math/pricing.rs, a_zero_window_cannot_advance_a_mark.
  it('refuses a zero window with time to cross', () => {
    expect(() => advanceEmas(one, one, 1_700_000_000n, 1_700_000_001n, 0n)).toThrow('window is zero');
  });

  it('hand-computed: one window elapsed weighs the stored value by e^-1', () => {
    const alpha = 367_879_441_171_442_321n;
    const result = advanceEmas({ amm: 100n * WAD, index: 0n }, { amm: 0n, index: 100n * WAD }, 0n, 3600n, 3600n);
    expect(result.amm).toBe(100n * alpha);
    // index: 100e18 * (1e18 - alpha) / 1e18, exact here.
    expect(result.index).toBe(100n * (WAD - alpha));
    // A remainder floors: (7 * alpha + 0) / 1e18 = 2.575... -> 2.
    expect(advanceEmas({ amm: 7n, index: 7n }, { amm: 0n, index: 0n }, 0n, 3600n, 3600n)).toEqual({ amm: 2n, index: 2n });
  });

  it('throws outside uint128, as the contract cast does', () => {
    expect(() => advanceEmas({ amm: UINT128_MAX + 1n, index: 0n }, one, 0n, 1n, 1n)).toThrow('uint128');
  });

  it('stays between the stored value and the spot, and moves toward the spot as time passes (property)', () => {
    const price = fc.bigInt({ min: 0n, max: 2n ** 110n });
    fc.assert(
      fc.property(price, price, fc.bigInt({ min: 1n, max: 200_000n }), fc.bigInt({ min: 1n, max: 7200n }), (stored, spot, dt, window) => {
        const a = advanceEmas({ amm: stored, index: stored }, { amm: spot, index: spot }, 0n, dt, window).amm;
        const lo = stored < spot ? stored : spot;
        const hi = stored < spot ? spot : stored;
        expect(a >= lo && a <= hi).toBe(true);
        const later = advanceEmas({ amm: stored, index: stored }, { amm: spot, index: spot }, 0n, dt + 60n, window).amm;
        const distance = (x: bigint) => (x > spot ? x - spot : spot - x);
        expect(distance(later) <= distance(a)).toBe(true);
        const alpha = emaDecayWad(dt, window);
        expect(a).toBe((stored * alpha + spot * (WAD - alpha)) / WAD);
      }),
      { numRuns: 300 },
    );
  });
});

describe('markAt', () => {
  // perpcity-rust-sdk src/math/pricing.rs, a_mark_with_nothing_to_advance_prices_at_its_inputs.
  it('prices at its inputs when there is nothing to advance', () => {
    const mark = markAt({
      sqrtPriceX96: Q96,
      indexX96: Q96,
      emas: { amm: Q96, index: Q96, lastTouch: 1_700_000_000n },
      emaWindowSeconds: 3600n,
      timestamp: 1_700_000_000n,
    });
    expect(mark).toEqual({ ammPriceX96: Q96, emas: { amm: Q96, index: Q96 }, markPriceX96: Q96 });
  });

  it('advances the EMAs to the timestamp before taking the fair price', () => {
    // Pool at 4 (sqrt 2), index 2, EMAs stored at (2, 2): one window later the EMA of the pool has moved
    // toward 4 by 1 - e^-1 and the EMA of the index stays 2, so delta = 2 + emaAmm - 2 = emaAmm.
    const emas = { amm: 2n * Q96, index: 2n * Q96, lastTouch: 0n };
    const mark = markAt({ sqrtPriceX96: 2n * Q96, indexX96: 2n * Q96, emas, emaWindowSeconds: 3600n, timestamp: 3600n });
    const alpha = 367_879_441_171_442_321n;
    const emaAmm = (2n * Q96 * alpha + 4n * Q96 * (WAD - alpha)) / WAD;
    expect(mark.emas).toEqual({ amm: emaAmm, index: 2n * Q96 });
    expect(mark.markPriceX96).toBe((4n * Q96 + emaAmm) / 2n);
    // A stored poolState().ammPrice takes precedence over the derivation.
    expect(markAt({ sqrtPriceX96: 2n * Q96, ammPriceX96: 4n * Q96 + 1n, indexX96: 2n * Q96, emas, emaWindowSeconds: 3600n, timestamp: 0n }).markPriceX96).toBe(
      (4n * Q96 + 1n + 2n * Q96) / 2n,
    );
  });
});
