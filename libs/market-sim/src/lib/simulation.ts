import { Client } from 'pg';
import { MARKETS_COLUMNS, rowCells, runIndexDbMigrations } from '@perp/index-db';
import { withPgClient } from '@perp/local-infra';
import { CopyStream } from './copy-stream';
import { DeferredDdl } from './deferred-ddl';
import { MarketKind, setUpMarkets, stepTime, timeline } from './market-setup';
import { marketRow } from './market-row';
import { MarketHistoryRecorder } from './market-history';
import { IdCounters, MarketSim, OpenRequest } from './market-sim';
import { Preset } from './presets';
import { Progress } from './progress';
import { Rng } from './rng';
import { isoTime, RowSink, StreamedTable, TABLE_COLUMNS } from './rows';

export interface SimulationOptions {
  preset: Preset;
  seed: string;
  /** Unix seconds of the simulated "now" (the last snapshot is one interval before it). */
  end: number;
  indexUrl: string;
  sourceUrl: string;
  /** Overwrite stores that already hold data. */
  replace?: boolean;
  /** Leave stores that already hold data untouched (the dev stack's restart). */
  ifEmpty?: boolean;
  progress?: boolean;
  /** Stops the run between ticks; everything is rolled back and the indexes restored. */
  signal?: AbortSignal;
}

export interface SimulationSummary {
  skipped: boolean;
  preset: string;
  seed: string;
  window: { start: string; end: string };
  markets: Record<MarketKind, number>;
  rows: Record<'markets' | 'market_boundaries' | 'ticks' | 'funding_history' | 'open_interest_history' | StreamedTable, number>;
  openPositions: number;
  liquidations: number;
  seconds: { simulateAndCopy: number; indexes: number; rollups: number; analyze: number; total: number };
}

const INDEX_STREAMED: StreamedTable[] = ['snapshots', 'positions', 'trades', 'position_settlements'];
const SOURCE_STREAMED: StreamedTable[] = ['measurements'];

async function holdsData(indexUrl: string, sourceUrl: string): Promise<boolean> {
  const index = await withPgClient(indexUrl, async (c) => (await c.query('SELECT EXISTS (SELECT 1 FROM markets) AS x')).rows[0].x as boolean);
  const source = await withPgClient(sourceUrl, async (c) => (await c.query('SELECT EXISTS (SELECT 1 FROM measurements) AS x')).rows[0].x as boolean);
  return index || source;
}

/**
 * Migrates both stores, then replaces their data with a simulated history: tick by tick
 * across all markets (position ids stay chronological), rows streamed through COPY while
 * secondary indexes and foreign keys are set aside, then rebuilt and analysed.
 */
export async function runSimulation(options: SimulationOptions): Promise<SimulationSummary> {
  const began = Date.now();
  const { preset, seed, indexUrl, sourceUrl } = options;
  const time = timeline(preset, options.end);
  const progress = new Progress(time.steps, options.progress ?? false);
  await runIndexDbMigrations(indexUrl, sourceUrl);

  const rng = new Rng(seed);
  const configs = setUpMarkets(preset, time, rng.fork('markets'));
  const markets = { active: 0, stale: 0, inactive: 0, unsnapshotted: 0 } as Record<MarketKind, number>;
  for (const c of configs) markets[c.kind]++;
  const summary: SimulationSummary = {
    skipped: false,
    preset: preset.name,
    seed,
    window: { start: isoTime(time.start), end: isoTime(time.end) },
    markets,
    rows: {
      markets: 0,
      market_boundaries: 0,
      ticks: 0,
      funding_history: 0,
      open_interest_history: 0,
      snapshots: 0,
      positions: 0,
      trades: 0,
      position_settlements: 0,
      measurements: 0,
    },
    openPositions: 0,
    liquidations: 0,
    seconds: { simulateAndCopy: 0, indexes: 0, rollups: 0, analyze: 0, total: 0 },
  };
  if (await holdsData(indexUrl, sourceUrl)) {
    if (options.ifEmpty) return { ...summary, skipped: true };
    if (!options.replace) throw new Error('The stores already hold data: pass --replace to overwrite them, or --if-empty to keep them');
  }

  const holderRng = rng.fork('holders');
  const holders = Array.from({ length: preset.holders }, () => holderRng.address());

  const deferredIndex = await DeferredDdl.defer(indexUrl, INDEX_STREAMED);
  const deferredSource = await DeferredDdl.defer(sourceUrl, SOURCE_STREAMED);
  // The small tables are replaced in one transaction each, committed with the streams.
  const indexMain = new Client({ connectionString: indexUrl });
  const sourceMain = new Client({ connectionString: sourceUrl });
  const streams = new Map<StreamedTable, CopyStream>();
  let committed = false;
  try {
    await indexMain.connect();
    await sourceMain.connect();
    await indexMain.query('BEGIN');
    await indexMain.query('TRUNCATE markets, ticks');
    await sourceMain.query('BEGIN');
    await sourceMain.query('TRUNCATE market_boundaries');
    for (const table of INDEX_STREAMED) streams.set(table, await CopyStream.open(indexUrl, table, TABLE_COLUMNS[table]));
    for (const table of SOURCE_STREAMED) streams.set(table, await CopyStream.open(sourceUrl, table, TABLE_COLUMNS[table]));
    const streamOf = (table: StreamedTable): CopyStream => {
      const stream = streams.get(table);
      if (!stream) throw new Error(`No COPY stream for ${table}`);
      return stream;
    };
    const sink: RowSink = { write: (table, line) => streamOf(table).write(line) };

    const ids: IdCounters = { snapshot: 0, trade: 0, settlement: 0 };
    // The markets' funding and open interest as they evolve (the TRUNCATE of markets above emptied their history tables).
    const history = new MarketHistoryRecorder();
    const sims = configs.map((c) => new MarketSim(c, time, holders, sink, ids, rng.fork('simulation')));
    let positionsOpened = 0;
    const opens: OpenRequest[] = [];
    const count = (table: StreamedTable) => streamOf(table).rows.toLocaleString('en-US');
    for (let step = 0; step < time.steps; step++) {
      // Yield now and then: COPY streams that never fill up would otherwise starve signal handlers.
      if (step % 64 === 0) await new Promise((resolve) => setImmediate(resolve));
      options.signal?.throwIfAborted();
      const iso = isoTime(stepTime(time, step));
      for (const sim of sims) sim.advance(step, iso);
      for (const sim of sims) sim.runActions(step);
      opens.length = 0;
      for (const sim of sims) sim.openRequests(step, opens);
      opens.sort((a, b) => a.ts - b.ts || a.market.config.index - b.market.config.index || a.seq - b.seq);
      for (const request of opens) request.market.openPosition(request);
      positionsOpened += opens.length;
      for (const sim of sims) if (step >= sim.config.createdStep) history.observe(sim.config.perpAddress, sim.historyFigures());
      if (history.needsFlush) await history.flush(indexMain);
      for (const stream of streams.values()) if (stream.needsDrain) await stream.drain();
      progress.update(
        step + 1,
        `day ${(((step + 1) * time.intervalSeconds) / 86_400).toFixed(1)}/${preset.days} | snapshots ${count('snapshots')} | positions opened ${positionsOpened.toLocaleString('en-US')} | trades ${count('trades')}`,
      );
    }

    await history.flush(indexMain);
    summary.rows.funding_history = history.rows.funding;
    summary.rows.open_interest_history = history.rows.openInterest;
    for (const sim of sims) {
      const finalState = sim.finish();
      const row = marketRow(sim.config, finalState);
      await indexMain.query(
        `INSERT INTO markets (${MARKETS_COLUMNS.map((c) => `"${c}"`).join(', ')}) VALUES (${MARKETS_COLUMNS.map((_, i) => `$${i + 1}`).join(', ')})`,
        rowCells(MARKETS_COLUMNS, row).map((v) => (typeof v === 'bigint' ? v.toString() : v)),
      );
      // The initialized ticks of the open bands (a small table: one insert per market).
      const ticks = [...finalState.ticks.entries()];
      if (ticks.length > 0) {
        await indexMain.query(
          `INSERT INTO ticks (perp_address, tick, cuml_funding_opp_x96, cuml_funding_div_sqrt_p_opp_x96, fee_growth_outside1_x128)
           SELECT $1, * FROM unnest($2::int[], $3::numeric[], $4::numeric[], $5::numeric[])`,
          [
            sim.config.perpAddress,
            ticks.map(([t]) => t),
            ticks.map(([, s]) => s.cumlFundingOppX96.toString()),
            ticks.map(([, s]) => s.cumlFundingDivSqrtPOppX96.toString()),
            ticks.map(([, s]) => s.feeGrowthOutside1X128.toString()),
          ],
        );
      }
      summary.rows.ticks += ticks.length;
      await sourceMain.query('INSERT INTO market_boundaries (perp_address, boundary_ts) VALUES ($1, $2)', [
        sim.config.perpAddress,
        isoTime(sim.config.boundaryTs),
      ]);
      summary.openPositions += sim.openPositions;
      summary.liquidations += sim.counts.liquidations;
    }
    progress.finish();
    progress.message('Committing the streams...');
    for (const [table, stream] of streams) {
      await stream.commit();
      summary.rows[table] = stream.rows;
    }
    await indexMain.query('COMMIT');
    await sourceMain.query('COMMIT');
    committed = true;
    summary.rows.markets = configs.length;
    summary.rows.market_boundaries = configs.length;
  } finally {
    if (!committed) {
      for (const stream of streams.values()) await stream.abort();
      await indexMain.query('ROLLBACK').catch(() => undefined);
      await sourceMain.query('ROLLBACK').catch(() => undefined);
    }
    await indexMain.end().catch(() => undefined);
    await sourceMain.end().catch(() => undefined);
    summary.seconds.simulateAndCopy = (Date.now() - began) / 1000;
    // Whatever happened, the schema gets its indexes and foreign keys back.
    const indexesFrom = Date.now();
    if (committed) progress.message('Building indexes and foreign keys...');
    await deferredIndex.restore();
    await deferredSource.restore();
    summary.seconds.indexes = (Date.now() - indexesFrom) / 1000;
  }

  // The candles the deferred triggers did not keep: the same SQL refresh the indexer's writes run, over every market's whole range.
  const rollupsFrom = Date.now();
  progress.message('Building candles...');
  await withPgClient(indexUrl, (c) => c.query('SELECT candles_rebuild()'));
  summary.seconds.rollups = (Date.now() - rollupsFrom) / 1000;

  const analyzeFrom = Date.now();
  progress.message('Analysing...');
  await withPgClient(indexUrl, async (c) => {
    for (const table of ['snapshots', 'trades', 'position_settlements']) {
      await c.query(
        `SELECT setval(pg_get_serial_sequence('${table}', 'id'), GREATEST((SELECT max(id) FROM "${table}"), 1), (SELECT max(id) FROM "${table}") IS NOT NULL)`,
      );
    }
    for (const table of ['markets', 'ticks', 'candles', 'funding_history', 'open_interest_history', ...INDEX_STREAMED])
      await c.query(`VACUUM (ANALYZE) "${table}"`);
  });
  await withPgClient(sourceUrl, async (c) => {
    for (const table of ['market_boundaries', ...SOURCE_STREAMED]) await c.query(`VACUUM (ANALYZE) "${table}"`);
  });
  summary.seconds.analyze = (Date.now() - analyzeFrom) / 1000;
  summary.seconds.total = (Date.now() - began) / 1000;
  return summary;
}
