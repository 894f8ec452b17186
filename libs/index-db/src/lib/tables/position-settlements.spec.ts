import { decodeClosedPositionFigures, takerRealizedPnl } from './position-settlements';

describe('takerRealizedPnl', () => {
  // A long of 6 perps bought for 282.000000 USDC (usd leg -282000000), as the dev chain's double keeps it.
  const entry = -282_000_000n;

  it('realizes nothing at the opening: the swap usd is the usd leg after', () => {
    expect(takerRealizedPnl(entry, 0n, entry)).toBe(0n);
  });

  it('realizes nothing on a reduce that keeps the whole usd leg (the double: next = before + swap)', () => {
    // 2 perps sold for 96.000001 USDC: the leg is the sum.
    expect(takerRealizedPnl(96_000_001n, entry, entry + 96_000_001n)).toBe(0n);
  });

  it('realizes the part of the leg a reduce moves into the margin', () => {
    // A contract that keeps two thirds of the entry usd after selling a third at 48: 96 - 94 = 2 USDC realized.
    expect(takerRealizedPnl(96_000_000n, entry, -188_000_000n)).toBe(2_000_000n);
  });

  it('a full close realizes the close usd plus the usd leg before it, to the atom', () => {
    expect(takerRealizedPnl(281_999_999n, entry, 0n)).toBe(-1n);
    // A short: entry +150 received, bought back for 160.5: a loss of 10.5.
    expect(takerRealizedPnl(-160_500_000n, 150_000_000n, 0n)).toBe(-10_500_000n);
  });

  it('sums a block of several events as one: open, reduce and close in the same block', () => {
    expect(takerRealizedPnl(entry + 96_000_001n + 190_000_000n, 0n, 0n)).toBe(4_000_001n);
  });
});

describe('decodeClosedPositionFigures', () => {
  const sums = (opened: boolean | null, inexact: string, realized: string | null, funding: string | null) => ({
    ps_opened: opened,
    ps_inexact: inexact,
    ps_realized: realized,
    ps_funding: funding,
  });
  const taker = { isClosed: true, isMaker: false };

  it('a closed taker: its realized sum, and its funding paid as a negative net funding (positive when received)', () => {
    expect(decodeClosedPositionFigures(sums(true, '0', '-1234567', '890'), taker)).toEqual({ realizedPnl: -1_234_567n, netFunding: -890n });
    expect(decodeClosedPositionFigures(sums(true, '0', '5', '-7'), taker)).toEqual({ realizedPnl: 5n, netFunding: 7n });
  });

  it('null while open, whatever the rows say', () => {
    expect(decodeClosedPositionFigures(sums(true, '0', '5', '7'), { isClosed: false, isMaker: false })).toEqual({ realizedPnl: null, netFunding: null });
  });

  it('null without an opening row (history the index lacks) or without rows at all', () => {
    expect(decodeClosedPositionFigures(sums(false, '0', '5', '7'), taker)).toEqual({ realizedPnl: null, netFunding: null });
    expect(decodeClosedPositionFigures(sums(null, '0', null, null), taker)).toEqual({ realizedPnl: null, netFunding: null });
  });

  it('makers and converted makers: no realized PnL, the funding their events settled', () => {
    expect(decodeClosedPositionFigures(sums(true, '3', null, '12'), { isClosed: true, isMaker: true })).toEqual({ realizedPnl: null, netFunding: -12n });
    expect(decodeClosedPositionFigures(sums(true, '1', '40', '12'), taker)).toEqual({ realizedPnl: null, netFunding: -12n });
  });
});
