import type { PositionsRow } from '@perp/index-db';
import { settlementRow } from './perp-city-rows';

const PERP = '0x00000000000000000000000000000000000a11ce';
const AT = '2026-11-27T12:00:00.000Z';
/** A stored taker row: only its usd_delta matters to a settlement. */
const stored = (usdDelta: bigint) => ({ usd_delta: usdDelta }) as unknown as PositionsRow;
const taker = (swapUsd: bigint, funding: bigint) => ({ swapUsd, funding, makerLeg: false });

describe('settlementRow', () => {
  it('an opening: before 0, after the views, nothing realized; no funding yet', () => {
    expect(settlementRow(PERP, 7n, taker(-282_000_000n, 0n), { opened: true, closed: false }, null, -282_000_000n, AT, 12)).toEqual({
      perp_address: PERP,
      pos_id: 7n,
      timestamp: AT,
      opened: true,
      realized_pnl: 0n,
      funding: 0n,
      block_number: 12,
    });
  });

  it('a reduce: the stored usd leg before, the views after; the funding its events settled', () => {
    // The double keeps the whole leg (next = before + swap): nothing realized.
    const row = settlementRow(PERP, 7n, taker(96_000_001n, 1_234n), { opened: false, closed: false }, stored(-282_000_000n), -185_999_999n, AT, 13);
    expect({ opened: row.opened, realized: row.realized_pnl, funding: row.funding }).toEqual({ opened: false, realized: 0n, funding: 1_234n });
    // A contract that moves part of the leg into the margin realizes that part.
    expect(settlementRow(PERP, 7n, taker(96_000_000n, 0n), { opened: false, closed: false }, stored(-282_000_000n), -188_000_000n, AT, 13).realized_pnl).toBe(
      2_000_000n,
    );
  });

  it('a close: after is 0 whatever the zeroed views say, so close usd + entry usd is realized', () => {
    const row = settlementRow(PERP, 7n, taker(281_999_999n, -50n), { opened: false, closed: true }, stored(-282_000_000n), 123n, AT, 14);
    expect({ realized: row.realized_pnl, funding: row.funding }).toEqual({ realized: -1n, funding: -50n });
  });

  it('opened and closed in one block: the swaps usd, summed', () => {
    expect(settlementRow(PERP, 7n, taker(-282_000_000n + 290_000_000n, 9n), { opened: true, closed: true }, null, 0n, AT, 15).realized_pnl).toBe(8_000_000n);
  });

  it('null realized PnL for a maker leg, and for a position whose earlier state the store lacks; the funding either way', () => {
    const maker = settlementRow(PERP, 8n, { swapUsd: 0n, funding: 77n, makerLeg: true }, { opened: false, closed: true }, stored(-5n), 0n, AT, 16);
    expect({ realized: maker.realized_pnl, funding: maker.funding }).toEqual({ realized: null, funding: 77n });
    const unknown = settlementRow(PERP, 9n, taker(10n, 3n), { opened: false, closed: false }, null, -10n, AT, 16);
    expect({ opened: unknown.opened, realized: unknown.realized_pnl, funding: unknown.funding }).toEqual({ opened: false, realized: null, funding: 3n });
  });
});
