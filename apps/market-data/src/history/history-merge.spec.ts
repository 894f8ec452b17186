import { MeasurementRow, mergeHistory } from './history-merge';

const row = (key: string, on_chain: boolean, index_x96: string | null, origin = 'backfill', raw_value: number | null = 1): MeasurementRow => ({
  ts: new Date(key),
  ts_key: key,
  raw_value,
  index_x96,
  origin,
  on_chain,
});

describe('mergeHistory', () => {
  it('uses the source index before the boundary and the exact-time chain index after it, with no fill', () => {
    const chain = new Map<string, string | null>([
      ['2026-01-01T00:00:02.000000Z', '42'],
      ['2026-01-01T00:00:03.000000Z', '0'],
      ['2026-01-01T00:00:04.000000Z', null],
    ]);
    expect(
      mergeHistory(
        [
          row('2026-01-01T00:00:00.000000Z', false, '7', 'mirror'),
          row('2026-01-01T00:00:01.000000Z', false, '-3', 'folded'),
          row('2026-01-01T00:00:02.000000Z', true, '999', 'mirror'),
          row('2026-01-01T00:00:03.000000Z', true, '999'),
          row('2026-01-01T00:00:04.000000Z', true, null),
          row('2026-01-01T00:00:05.000000Z', true, '999', 'chain', Number.NaN),
        ],
        chain,
      ),
    ).toEqual([
      { ts: '2026-01-01T00:00:00.000Z', raw_value: 1, index_x96: '7', origin: 'mirror' },
      { ts: '2026-01-01T00:00:01.000Z', raw_value: 1, index_x96: null, origin: 'folded' },
      { ts: '2026-01-01T00:00:02.000Z', raw_value: 1, index_x96: '42', origin: 'chain' },
      { ts: '2026-01-01T00:00:03.000Z', raw_value: 1, index_x96: null, origin: 'chain' },
      { ts: '2026-01-01T00:00:04.000Z', raw_value: 1, index_x96: null, origin: 'chain' },
      { ts: '2026-01-01T00:00:05.000Z', raw_value: null, index_x96: null, origin: 'chain' },
    ]);
  });
});
