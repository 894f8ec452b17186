// bench:indexer's arithmetic with exact values: the figures in apps/indexer/README.md come from these.
import { cyclicChunks, share } from './ceiling';
import { blockLags, FirstSeen, freshRanges, metricTotals, msPer, percentile, perSecond, spread, times } from './report';

describe('bench:indexer report', () => {
  it('percentile: nearest rank', () => {
    const values = [50, 10, 40, 20, 30];
    expect(percentile(values, 50)).toBe(30);
    expect(percentile(values, 99)).toBe(50);
    expect(percentile(values, 20)).toBe(10);
    expect(percentile(values, 21)).toBe(20);
    expect(percentile([7], 99)).toBe(7);
    expect(percentile([], 50)).toBeNaN();
    // 100 values 1..100: p99 is the 99th, not the maximum.
    expect(
      percentile(
        Array.from({ length: 100 }, (_, i) => 100 - i),
        99,
      ),
    ).toBe(99);
  });

  it('spread, rates and ratios', () => {
    expect(spread([100, 300, 200, 400])).toEqual({ count: 4, p50: 200, p99: 400, max: 400, mean: 250 });
    expect(perSecond(150_000, 60_000)).toBe(2_500);
    expect(msPer(3, 1_500)).toBe(2);
    expect(msPer(undefined, 10)).toBeNaN();
    expect(times(30, 4)).toBe('7.50 x');
    expect(times(250, 10)).toBe('25.0 x');
    expect(times(1, 0)).toBe('-');
  });

  it('dates each block at the first poll that found the head at or past it', () => {
    const seen = new FirstSeen();
    seen.observe(10, 1_000); // the first poll dates the head only
    seen.observe(10, 1_025);
    seen.observe(12, 1_050); // 11 and 12 appeared between two polls
    seen.observe(11, 1_075); // a node behind its balancer's peers: nothing moves back
    seen.observe(13, 1_100);
    expect([...seen.at.entries()]).toEqual([
      [10, 1_000],
      [11, 1_050],
      [12, 1_050],
      [13, 1_100],
    ]);
  });

  it('a block lags until the first commit of a cursor at or past it', () => {
    const seen = new Map([
      [5, 0],
      [6, 1_000],
      [7, 2_000],
      [8, 3_000],
    ]);
    // 6 and 7 were committed by one cursor move (7 at 2_300); 8 never.
    const commits = [
      { block: 5, at: 250 },
      { block: 7, at: 2_300 },
    ];
    expect(blockLags([7, 5, 6, 8], seen, commits)).toEqual({
      lags: [
        { block: 5, ms: 250 },
        { block: 6, ms: 1_300 },
        { block: 7, ms: 300 },
      ],
      missing: 1,
    });
  });

  it('fetches each block once: the windows less what an earlier one covered', () => {
    // A new market at block 24 ends the first window; the next one starts at 25 and reads to the head again.
    expect(
      freshRanges([
        { from: 0, to: 393 },
        { from: 25, to: 393 },
        { from: 26, to: 393 },
        { from: 394, to: 400 },
        { from: 398, to: 410 },
      ]),
    ).toEqual([
      { from: 0, to: 393 },
      { from: 394, to: 400 },
      { from: 401, to: 410 },
    ]);
  });

  it("sums prom-client's metrics over their labels", () => {
    const text = [
      '# HELP indexer_logs_handled_total Logs handed to a handler and committed',
      '# TYPE indexer_logs_handled_total counter',
      'indexer_logs_handled_total{handler="perp-city"} 6433',
      'indexer_logs_handled_total{handler="beacon-index"} 286',
      'indexer_blocks_written_total 108',
    ].join('\n');
    expect(metricTotals(text)).toEqual({
      'indexer_logs_handled_total{handler="perp-city"}': 6433,
      'indexer_logs_handled_total{handler="beacon-index"}': 286,
      indexer_logs_handled_total: 6719,
      indexer_blocks_written_total: 108,
    });
  });

  it('ceiling: spreads the row writes evenly and never writes a key twice in one statement', () => {
    expect(Array.from({ length: 4 }, (_, i) => share(10, 4, i))).toEqual([2, 3, 2, 3]);
    expect(Array.from({ length: 3 }, (_, i) => share(2, 3, i))).toEqual([0, 1, 1]);
    // 10 rows taken round and round from 4, starting at the 3rd: [2, 3], [0, 1, 2, 3], [0, 1, 2, 3]... split at each wrap.
    expect(cyclicChunks(4, 2, 10)).toEqual([
      { start: 2, count: 2 },
      { start: 0, count: 4 },
      { start: 0, count: 4 },
    ]);
    expect(cyclicChunks(2_500, 0, 2_500)).toEqual([
      { start: 0, count: 1_000 },
      { start: 1_000, count: 1_000 },
      { start: 2_000, count: 500 },
    ]);
    expect(cyclicChunks(5, 7, 0)).toEqual([]);
  });
});
