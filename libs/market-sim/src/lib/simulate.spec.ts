import { Client } from 'pg';
import { PostgresServer, startTestPostgres } from '@perp/local-infra';
import { DEFAULT_END, parseCliOptions } from './cli-options';
import { explainQueryPaths, PlanSummary } from './explain';
import { checkInvariants, InvariantId, InvariantResult, INVARIANTS } from './invariants';
import { PRESETS } from './presets';
import { runSimulation, SimulationSummary } from './simulation';

const END = Date.parse(DEFAULT_END) / 1000;

/** Each table's rows in key order, hashed: equal hashes mean byte-identical contents. */
const TABLE_KEYS = {
  index: {
    markets: 'perp_address',
    snapshots: 'id',
    positions: 'id',
    trades: 'id',
    position_settlements: 'id',
    candles: 'perp_address, resolution, bucket',
    funding_history: 'id',
    open_interest_history: 'id',
  },
  source: { measurements: 'perp_address, ts', market_boundaries: 'perp_address' },
};

async function tableHashes(url: string, tables: Record<string, string>): Promise<Record<string, string>> {
  const client = new Client({ connectionString: url });
  await client.connect();
  try {
    const out: Record<string, string> = {};
    for (const [table, key] of Object.entries(tables)) {
      const row = (await client.query(`SELECT count(*)::int AS n, md5(string_agg(t::text, E'\\n' ORDER BY ${key})) AS h FROM "${table}" t`)).rows[0];
      out[table] = `${row.n}:${row.h}`;
    }
    return out;
  } finally {
    await client.end();
  }
}

describe('market simulator (real Postgres)', () => {
  let server: PostgresServer;
  let demo: SimulationSummary;
  let invariants: InvariantResult[];
  const url = (db: string) => server.url(db);

  beforeAll(async () => {
    server = await startTestPostgres(['index_a', 'source_a', 'index_b', 'source_b', 'index_c', 'source_c']);
    demo = await runSimulation({ preset: PRESETS['demo'], seed: '42', end: END, indexUrl: url('index_a'), sourceUrl: url('source_a') });
    invariants = await checkInvariants(url('index_a'), url('source_a'));
  }, 300_000);

  afterAll(async () => {
    await server?.stop();
  });

  it('loads the demo preset: about 10 markets, 5,000 positions, 7 days of 1-minute snapshots', () => {
    expect(demo.skipped).toBe(false);
    expect(demo.rows.markets).toBe(10);
    expect(demo.rows.positions).toBe(5_000);
    expect(demo.rows.snapshots).toBeGreaterThan(60_000);
    expect(demo.rows.trades).toBeGreaterThan(1_000);
    expect(demo.rows.measurements).toBeGreaterThan(60_000);
    expect(demo.liquidations).toBeGreaterThan(10);
    expect(demo.openPositions).toBeGreaterThan(100);
    expect(demo.markets).toEqual({ active: 6, stale: 1, inactive: 1, unsnapshotted: 2 });
  });

  it.each(Object.keys(INVARIANTS) as InvariantId[])('holds invariant %s', (id) => {
    const r = invariants.find((x) => x.id === id);
    expect({ rule: r?.name, failures: r?.failures }).toEqual({ rule: INVARIANTS[id], failures: [] });
    expect(r?.checked).toBeGreaterThan(0);
  });

  it('builds the candles of every resolution from every snapshot and trade it wrote (the triggers deferred, one rebuild after)', async () => {
    const client = new Client({ connectionString: url('index_a') });
    await client.connect();
    try {
      const sums = (
        await client.query(
          `SELECT resolution, sum(snapshot_count)::int AS snapshots, sum(trade_count)::int AS trades, count(DISTINCT perp_address)::int AS markets FROM candles GROUP BY 1 ORDER BY 1`,
        )
      ).rows;
      const markets = (await client.query(`SELECT count(DISTINCT perp_address)::int AS n FROM snapshots`)).rows[0].n;
      expect(sums).toEqual(
        [60, 300, 900, 3600, 14400, 86400].map((resolution) => ({ resolution, snapshots: demo.rows.snapshots, trades: demo.rows.trades, markets })),
      );
    } finally {
      await client.end();
    }
  });

  it('gives byte-identical tables for the same seed', async () => {
    await runSimulation({ preset: PRESETS['demo'], seed: '42', end: END, indexUrl: url('index_b'), sourceUrl: url('source_b') });
    expect(await tableHashes(url('index_b'), TABLE_KEYS.index)).toEqual(await tableHashes(url('index_a'), TABLE_KEYS.index));
    expect(await tableHashes(url('source_b'), TABLE_KEYS.source)).toEqual(await tableHashes(url('source_a'), TABLE_KEYS.source));
  }, 120_000);

  it('gives other data for another seed, and keeps every invariant on it', async () => {
    await runSimulation({ preset: PRESETS['small'], seed: '7', end: END, indexUrl: url('index_c'), sourceUrl: url('source_c') });
    const a = await tableHashes(url('index_a'), TABLE_KEYS.index);
    const c = await tableHashes(url('index_c'), TABLE_KEYS.index);
    expect(c['positions']).not.toEqual(a['positions']);
    const failures = (await checkInvariants(url('index_c'), url('source_c'))).filter((r) => r.failures.length > 0);
    expect(failures).toEqual([]);
  }, 120_000);

  it('refuses to overwrite data unless asked, and skips with ifEmpty', async () => {
    const options = { preset: PRESETS['small'], seed: '42', end: END, indexUrl: url('index_a'), sourceUrl: url('source_a') };
    await expect(runSimulation(options)).rejects.toThrow(/--replace/);
    expect((await runSimulation({ ...options, ifEmpty: true })).skipped).toBe(true);
    expect((await tableHashes(url('index_a'), { positions: 'id' }))['positions']).toMatch(/^5000:/);
  });

  describe('query plans on the demo data', () => {
    let plans: PlanSummary[];
    beforeAll(async () => {
      plans = await explainQueryPaths(url('index_a'), url('source_a'));
    });

    it('use an index for every spec query path, and no sequential scan of a large table', () => {
      const problems = plans
        .filter((p) => p.usedIndexes.length === 0 || p.seqScans.some((table) => table !== 'markets'))
        .map((p) => `${p.path.name}: ${p.scans.join('; ')}`);
      expect(problems).toEqual([]);
    });
  });
});

describe('simulator command line', () => {
  it('defaults to the demo preset, seed 42 and a fixed end', () => {
    const options = parseCliOptions([], {});
    expect(options.preset.name).toBe('demo');
    expect(options.seed).toBe('42');
    expect(options.end).toBe(END);
    expect(options.indexUrl).toMatch(/\/perp_index$/);
  });

  it('reads every option and rejects unknown ones', () => {
    const options = parseCliOptions(
      ['--preset', 'bench', '--seed=7', '--end', '2025-06-01T00:00:30Z', '--index-url', 'postgres://x/i', '--replace', '--quiet'],
      {},
    );
    expect(options).toMatchObject({ seed: '7', indexUrl: 'postgres://x/i', replace: true, quiet: true, ifEmpty: false });
    expect(options.preset.positions).toBe(1_000_000);
    expect(options.end).toBe(Date.parse('2025-06-01T00:00:00Z') / 1000);
    expect(() => parseCliOptions(['--presets', 'demo'], {})).toThrow(/Unknown option/);
    expect(() => parseCliOptions(['--preset', 'huge'], {})).toThrow(/Unknown preset/);
  });
});
