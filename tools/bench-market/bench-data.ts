/**
 * The benchmark's own Postgres (a persistent cluster, so that a rerun skips the load) and
 * its data: the simulator's preset, loaded once per preset and seed. A row in `bench_meta`
 * records each completed load; a load that did not complete leaves no row, and is redone.
 */
import { mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { runIndexDbMigrations } from '@perp/index-db';
import { PostgresServer, startPostgres, withPgClient } from '@perp/local-infra';
import { PRESETS, runSimulation, SimulationSummary } from '@perp/market-sim';

export interface BenchData {
  pg: PostgresServer;
  indexUrl: string;
  sourceUrl: string;
  keysUrl: string;
  preset: string;
  seed: string;
  /** Unix seconds of the simulated "now" the data was generated for. */
  end: number;
  loadedAt: Date;
  /** The stores were loaded by an earlier run. */
  reused: boolean;
  openPositions: number;
  rows: SimulationSummary['rows'];
}

const META_DB = 'bench_meta';

interface LoadRow {
  seed: string;
  end_unix: string;
  loaded_at: Date;
  summary: SimulationSummary;
}

export async function prepareBenchData(options: { preset: string; seed: string; dataDir: string; reload: boolean }): Promise<BenchData> {
  const preset = PRESETS[options.preset];
  if (!preset) throw new Error(`Unknown preset ${options.preset}: one of ${Object.keys(PRESETS).join(', ')}`);
  // Made here with the default mode: as root, Postgres runs as `nobody`, which must traverse it.
  mkdirSync(dirname(options.dataDir), { recursive: true });
  const pg = await startPostgres({ dataDir: options.dataDir, logFile: join(dirname(options.dataDir), 'bench-postgres.log') });
  try {
    // One pair of stores per preset: a quick demo run never throws away the bench load.
    const indexDb = `bench_${preset.name}_index`;
    const sourceDb = `bench_${preset.name}_source`;
    for (const name of [META_DB, indexDb, sourceDb, 'bench_keys']) await pg.createDatabase(name);
    const meta = pg.url(META_DB);
    const previous = await withPgClient(meta, async (client) => {
      await client.query(
        'CREATE TABLE IF NOT EXISTS loads (preset text PRIMARY KEY, seed text NOT NULL, end_unix bigint NOT NULL, loaded_at timestamptz NOT NULL, summary jsonb NOT NULL)',
      );
      const { rows } = await client.query<LoadRow>('SELECT seed, end_unix, loaded_at, summary FROM loads WHERE preset = $1', [preset.name]);
      return rows[0];
    });
    const base = { pg, indexUrl: pg.url(indexDb), sourceUrl: pg.url(sourceDb), keysUrl: pg.url('bench_keys'), preset: preset.name, seed: options.seed };
    if (previous && previous.seed === options.seed && !options.reload) {
      // Migrations shipped since the load (a new table, a trigger) apply to the loaded data as to a deployed store.
      await runIndexDbMigrations(base.indexUrl, base.sourceUrl);
      return {
        ...base,
        end: Number(previous.end_unix),
        loadedAt: previous.loaded_at,
        reused: true,
        openPositions: previous.summary.openPositions,
        rows: previous.summary.rows,
      };
    }
    await withPgClient(meta, (client) => client.query('DELETE FROM loads WHERE preset = $1', [preset.name]));
    // `--end now`: the last snapshot is one interval ago, so marks are as fresh as a live index's.
    const end = Math.floor(Date.now() / 1000 / preset.intervalSeconds) * preset.intervalSeconds;
    console.log(`Loading the ${preset.name} preset (seed ${options.seed}, end now) into ${pg.url(indexDb)}: a few minutes for bench, once`);
    const summary = await runSimulation({
      preset,
      seed: options.seed,
      end,
      indexUrl: base.indexUrl,
      sourceUrl: base.sourceUrl,
      replace: true,
      progress: process.stdout.isTTY === true,
    });
    const loadedAt = new Date();
    await withPgClient(meta, (client) =>
      client.query('INSERT INTO loads (preset, seed, end_unix, loaded_at, summary) VALUES ($1, $2, $3, $4, $5)', [
        preset.name,
        options.seed,
        end,
        loadedAt,
        summary,
      ]),
    );
    console.log(
      `Loaded in ${summary.seconds.total.toFixed(0)} s: ${summary.rows.markets} markets, ${summary.rows.positions} positions, ${summary.rows.snapshots} snapshots`,
    );
    return { ...base, end, loadedAt, reused: false, openPositions: summary.openPositions, rows: summary.rows };
  } catch (error) {
    await pg.stop();
    throw error;
  }
}
