import fc from 'fast-check';
import { getSqrtPriceAtTick, Q96 } from '@perp/x96-math';
import { isCandidate, mayBeCandidate } from './candidate-rule';
import { exposureAtoms, positionHealth } from './position-health';
import { MarketState, PositionRecord } from './position-record';

const market = (over: Partial<MarketState> = {}): MarketState => ({
  perpAddress: '0xa',
  markX96: 4n * Q96,
  cumulativeFundingX96: 0n,
  sqrtPriceX96: 2n * Q96,
  takerLiqMarginRatioE6: 50_000,
  liquidationFeeE6: 10_000,
  markAsOf: null,
  ...over,
});

const taker = (over: Partial<PositionRecord> = {}): PositionRecord => ({
  id: 1n,
  perpAddress: '0xa',
  holder: '0xh',
  isMaker: false,
  isLong: true,
  isClosed: false,
  openTimestamp: 0,
  closeTimestamp: null,
  wasLiquidated: null,
  margin: 0n,
  perpDelta: 100_000_000n,
  usdDelta: 0n,
  avgEntryAmmPriceX96: null,
  liqMarginRatioE6: 50_000,
  backstopMarginRatioE6: 20_000,
  tickLower: null,
  tickUpper: null,
  liquidity: null,
  entryCumulativeFundingX96: 0n,
  ...over,
});

/** The exact rule, computed as the service did before the pre-check existed. */
const exact = (p: PositionRecord, m: MarketState, buffer: number) => isCandidate(p, positionHealth(p, m), buffer);
const cheap = (p: PositionRecord, m: MarketState, buffer: number) => mayBeCandidate(p, m, exposureAtoms(p, m), buffer);

describe('mayBeCandidate: the integer pre-check of the candidate rule', () => {
  it('keeps a taker exactly at the threshold and drops one an atom of equity above it', () => {
    // 100 perps long at mark 4: notional 400; threshold 0.05 * 1.1 = 0.055, i.e. equity 22.
    const at = taker({ usdDelta: -378_000_000n });
    expect(exact(at, market(), 100_000)).toBe(true);
    expect(cheap(at, market(), 100_000)).toBe(true);
    const above = taker({ usdDelta: -377_999_999n });
    expect(exact(above, market(), 100_000)).toBe(false);
    expect(cheap(above, market(), 100_000)).toBe(false);
  });

  it('keeps what has no ratio: no mark, no exposure, closed', () => {
    expect(cheap(taker({ perpDelta: 0n }), market(), 0)).toBe(true);
    expect(mayBeCandidate(taker(), market({ markX96: null }), { perp: 0n, usd: 0n, funding: 0n }, 0)).toBe(true);
    expect(mayBeCandidate(taker({ isClosed: true }), market(), { perp: 0n, usd: 0n, funding: 0n }, 0)).toBe(true);
  });

  it('agrees with the exact rule on random takers and makers, funding and buffers included', () => {
    const atoms = (max: bigint) => fc.bigInt({ min: -max, max });
    const tick = fc.integer({ min: -200_000, max: 200_000 });
    fc.assert(
      fc.property(
        fc.record({
          isMaker: fc.boolean(),
          margin: fc.bigInt({ min: 0n, max: 10n ** 12n }),
          perpDelta: atoms(10n ** 12n),
          usdDelta: atoms(10n ** 13n),
          entryFunding: atoms(Q96 * 1000n),
          cumulativeFunding: atoms(Q96 * 1000n),
          ticks: fc.tuple(tick, tick).filter(([a, b]) => a !== b),
          poolTick: tick,
          liquidity: fc.bigInt({ min: 0n, max: 10n ** 15n }),
          markX96: fc.bigInt({ min: Q96 / 10n, max: Q96 * 1000n }),
          ratioE6: fc.constantFrom(50_000, 900_000),
          bufferE6: fc.integer({ min: 0, max: 10_000_000 }),
        }),
        (c) => {
          const [tickLower, tickUpper] = c.ticks[0] < c.ticks[1] ? c.ticks : [c.ticks[1], c.ticks[0]];
          const p = taker({
            isMaker: c.isMaker,
            isLong: c.isMaker ? null : c.perpDelta > 0n,
            margin: c.margin,
            perpDelta: c.perpDelta,
            usdDelta: c.usdDelta,
            liqMarginRatioE6: c.ratioE6,
            entryCumulativeFundingX96: c.entryFunding,
            ...(c.isMaker ? { tickLower, tickUpper, liquidity: c.liquidity } : {}),
          });
          const m = market({ markX96: c.markX96, cumulativeFundingX96: c.cumulativeFunding, sqrtPriceX96: getSqrtPriceAtTick(c.poolTick) });
          // A superset by construction; equal unless a ratio falls within 1e-80 of the threshold.
          expect(cheap(p, m, c.bufferE6)).toBe(exact(p, m, c.bufferE6));
        },
      ),
      { numRuns: 2_000 },
    );
  });
});
