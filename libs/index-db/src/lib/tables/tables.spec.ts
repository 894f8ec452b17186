import { getMetadataArgsStorage } from 'typeorm';
import { Market } from '../index-store/market.entity';
import { Position } from '../index-store/position.entity';
import { Snapshot } from '../index-store/snapshot.entity';
import { Tick } from '../index-store/tick.entity';
import { Trade } from '../index-store/trade.entity';
import { MARKETS_COLUMNS } from './markets';
import { decodePositionsRow, POSITIONS_COLUMNS } from './positions';
import { SNAPSHOTS_COLUMNS } from './snapshots';
import { TICKS_COLUMNS } from './ticks';
import { TRADES_COLUMNS } from './trades';
import { rowCells } from './cells';

/** The column names TypeORM maps for an entity (the schema the migrations are checked against). */
function entityColumns(target: new () => object): string[] {
  return getMetadataArgsStorage()
    .filterColumns(target)
    .map((column) => column.options.name ?? column.propertyName)
    .sort();
}

describe('table column lists', () => {
  it.each([
    ['markets', Market, MARKETS_COLUMNS],
    ['positions', Position, POSITIONS_COLUMNS],
    ['snapshots', Snapshot, SNAPSHOTS_COLUMNS],
    ['trades', Trade, TRADES_COLUMNS],
    ['ticks', Tick, TICKS_COLUMNS],
  ] as const)('%s: the writers list every column of the entity, once', (_table, entity, columns) => {
    expect(new Set(columns).size).toBe(columns.length);
    expect([...columns].sort()).toEqual(entityColumns(entity));
  });

  it('rowCells puts each value under its column, in list order', () => {
    const columns = ['b', 'a', 'c'] as const;
    expect(rowCells(columns, { a: 1, b: 'x', c: null })).toEqual(['x', 1, null]);
  });

  it("decodePositionsRow turns what pg returns back into the writer's row: numerics exact, nulls kept", () => {
    const raw: Record<string, unknown> = Object.fromEntries(POSITIONS_COLUMNS.map((c) => [c, null]));
    Object.assign(raw, {
      id: '7',
      perp_address: '0x' + 'a'.repeat(40),
      is_maker: false,
      margin: '123456789012345678901234567890',
      perp_delta: '-5',
      open_timestamp: '1767225600',
      liq_margin_ratio: 50000,
      block_number: '42',
    });
    const row = decodePositionsRow(raw);
    expect(row).toMatchObject({
      id: 7n,
      is_maker: false,
      margin: 123456789012345678901234567890n,
      perp_delta: -5n,
      open_timestamp: 1767225600,
      liq_margin_ratio: 50000,
      block_number: 42,
    });
    expect(row.liq_key_x96).toBeNull();
    expect(Object.keys(row)).toEqual([...POSITIONS_COLUMNS]);
  });
});
