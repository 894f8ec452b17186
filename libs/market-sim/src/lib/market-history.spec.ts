import { Client } from 'pg';
import { PostgresServer, startTestPostgres } from '@perp/local-infra';
import { DEFAULT_END } from './cli-options';
import { MarketHistoryFigures, MarketHistoryRecorder } from './market-history';
import { PRESETS } from './presets';
import { Rng } from './rng';
import { runSimulation } from './simulation';

const END = Date.parse(DEFAULT_END) / 1000;
const FIGURES = {
  funding_history: ['funding_per_day', 'cumulative_funding_x96'],
  open_interest_history: ['open_interest_long', 'open_interest_short', 'capacity_long', 'capacity_short'],
} as const;
const COLUMN_OF: Record<string, keyof MarketHistoryFigures> = {
  funding_per_day: 'fundingPerDay',
  cumulative_funding_x96: 'cumulativeFundingX96',
  open_interest_long: 'openInterestLong',
  open_interest_short: 'openInterestShort',
  capacity_long: 'capacityLong',
  capacity_short: 'capacityShort',
};

/** The markets columns of a state, as text for jsonb_populate_record. */
const rowOf = (f: MarketHistoryFigures) => ({
  last_touched_at: f.lastTouchedAt,
  ...Object.fromEntries(Object.entries(COLUMN_OF).map(([column, key]) => [column, f[key] === null ? null : String(f[key])])),
});

async function points(db: Client, table: keyof typeof FIGURES, perpAddress: string): Promise<Record<string, unknown>[]> {
  const columns = FIGURES[table].map((c) => `"${c}"::text`).join(', ');
  return (await db.query(`SELECT "timestamp", block_number, ${columns} FROM ${table} WHERE perp_address = $1 ORDER BY "timestamp", id`, [perpAddress])).rows;
}

describe('the simulator records funding and open-interest history (real Postgres)', () => {
  let server: PostgresServer;
  let db: Client;

  beforeAll(async () => {
    server = await startTestPostgres(['index_h', 'source_h']);
    await runSimulation({ preset: PRESETS['small'], seed: '42', end: END, indexUrl: server.url('index_h'), sourceUrl: server.url('source_h') });
    db = new Client({ connectionString: server.url('index_h') });
    await db.connect();
  }, 300_000);

  afterAll(async () => {
    await db?.end();
    await server?.stop();
  });

  it('gives every market with positions a point at each step its figures changed, the last one its markets row', async () => {
    const markets = (
      await db.query(
        `SELECT m.*, (SELECT count(*)::int FROM positions p WHERE p.perp_address = m.perp_address) AS positions FROM markets m ORDER BY perp_address`,
      )
    ).rows;
    for (const market of markets) {
      for (const table of Object.keys(FIGURES) as (keyof typeof FIGURES)[]) {
        const series = await points(db, table, market.perp_address);
        // An unsnapshotted market opens its few positions at the last step: one or two points.
        if (market.positions > 10) expect(series.length).toBeGreaterThan(10);
        const last = series[series.length - 1];
        for (const column of FIGURES[table]) expect([table, column, last[column]]).toEqual([table, column, market[column]]);
        // One point per step at most, in time order.
        const times = series.map((p) => (p['timestamp'] as Date).getTime());
        expect(new Set(times).size).toBe(times.length);
      }
    }
  });

  it('writes the rows the markets trigger writes for the same sequence of states', async () => {
    const template = (await db.query(`SELECT perp_address FROM markets ORDER BY perp_address LIMIT 1`)).rows[0].perp_address as string;
    const viaTrigger = '0x00000000000000000000000000000000000000a1';
    const inBulk = '0x00000000000000000000000000000000000000b2';
    const copy = (perpAddress: string, state: MarketHistoryFigures) =>
      db.query(`INSERT INTO markets SELECT (jsonb_populate_record(NULL::markets, to_jsonb(m) || $2::jsonb)).* FROM markets m WHERE perp_address = $1`, [
        template,
        JSON.stringify({ perp_address: perpAddress, ticker: null, block_number: null, ...rowOf(state) }),
      ]);

    // States with every kind of step: nothing changed, funding only, open interest only, both, a null rate, a repeat of an older state.
    const rng = new Rng('history');
    const states: MarketHistoryFigures[] = [];
    let state: MarketHistoryFigures = {
      fundingPerDay: null,
      cumulativeFundingX96: 0n,
      openInterestLong: 0n,
      openInterestShort: 0n,
      capacityLong: 5n,
      capacityShort: 5n,
      lastTouchedAt: END - 10_000,
    };
    for (let i = 0; i < 300; i++) {
      const roll = rng.next();
      const next = { ...state, lastTouchedAt: state.lastTouchedAt + 60 };
      if (roll < 0.2) {
        // unchanged figures, a later write
      } else if (roll < 0.45) {
        next.fundingPerDay = rng.chance(0.1) ? null : BigInt(Math.floor(rng.next() * 1e6) - 5e5);
        next.cumulativeFundingX96 += BigInt(Math.floor(rng.next() * 1e9));
      } else if (roll < 0.7) {
        next.openInterestLong += BigInt(Math.floor(rng.next() * 1e6));
        next.capacityShort = BigInt(Math.floor(rng.next() * 3));
      } else if (roll < 0.9) {
        next.fundingPerDay = 7n;
        next.openInterestShort += 1n;
      } else if (states.length > 3) {
        Object.assign(next, states[states.length - 3], { lastTouchedAt: next.lastTouchedAt });
      }
      states.push(next);
      state = next;
    }

    // The trigger path: the row inserted at the first state, then written at each later one.
    await copy(viaTrigger, states[0]);
    for (const s of states.slice(1)) {
      const row = rowOf(s);
      const columns = Object.keys(row);
      await db.query(`UPDATE markets SET ${columns.map((c, i) => `"${c}" = $${i + 2}`).join(', ')} WHERE perp_address = $1`, [
        viaTrigger,
        ...Object.values(row),
      ]);
    }
    // The simulator's path: the points in bulk, then the row with the final state.
    const recorder = new MarketHistoryRecorder();
    for (const s of states) recorder.observe(inBulk, s);
    await recorder.flush(db);
    await copy(inBulk, states[states.length - 1]);

    for (const table of Object.keys(FIGURES) as (keyof typeof FIGURES)[]) {
      const expected = await points(db, table, viaTrigger);
      expect(expected.length).toBeGreaterThan(50);
      expect(expected.length).toBeLessThan(states.length);
      expect(await points(db, table, inBulk)).toEqual(expected);
    }
    expect(recorder.rows.funding + recorder.rows.openInterest).toBeGreaterThan(100);
  });
});
