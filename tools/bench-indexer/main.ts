/**
 * `npm run bench:indexer [-- --preset chain-bench|chain-demo --seed 1 --duration 60 --interval 300 --poll 250 --warmup 5 --json]`
 *
 * The indexer (the built bundle, dist/apps/indexer/main.js, in its own process, as deployed)
 * on a chain the chain driver fills, against a durable Postgres of its own; every RPC call goes
 * through a counting proxy (what the node sees). Two phases:
 *
 * 1. Backfill. The preset is driven once (not timed), then the indexer starts from block 0 with
 *    CONFIRMATIONS 0 and default log windows; timed until its cursor is the head: blocks/s,
 *    events/s (events: the logs handed to its handlers), RPC calls per block, CPU per event of the indexer, Postgres and the node. Ceiling, same run, its own process
 *    (ceiling.ts): the same logs fetched once over the indexer's windows, then the same row writes
 *    per table in one transaction per block with logs, each with the cursor statements.
 * 2. Head lag. The node mines a block a second (evm_setIntervalMining 1), the chain driver's
 *    live load trades, and the indexer polls at POLL_INTERVAL_MS (a 1 s chain's setting). For each
 *    block with Perp City events: from the moment the node first reported it (polled every 25 ms)
 *    to the commit of a cursor at or past it (a NOTIFY from a trigger on chain_cursor, delivered at
 *    commit): p50/p99/max. Floor, at the same time: a bare follower (ceiling.ts follow) polling at
 *    the same interval, fetching the same logs and committing its cursor. (Not from the block's
 *    timestamp: after the drive's evm_mine at set times, anvil's clock is offset from the wall's.)
 *
 * `npm run` builds the indexer and the contracts first (tools/prepare.mjs tools:bench-indexer-deps).
 * Progress goes to stderr, the report (or --json) to stdout; the figures also to
 * .dev-data/bench-indexer-<preset>.json, the processes' logs to .dev-data/bench-indexer-*.log.
 */
import { execFileSync } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from 'pg';
import { getFreePort, rpcCall, spawnManaged, startAnvil, startPostgres, waitUntil, type ManagedProcess } from '@perp/local-infra';
import { chainPreset } from '../chain-driver/chain-presets';
import { driveChainPreset, type DriveResult } from '../chain-driver/drive-preset';
import { startLiveLoad } from '../chain-driver/live-load';
import type { BackfillCeilingPlan, BackfillCeilingResult, FollowCeilingPlan, LogFilter } from './ceiling';
import { processCpuSeconds, treeCpuSeconds } from './process-cpu';
import { blockLags, FirstSeen, fixed, freshRanges, metricTotals, msPer, perSecond, spread, table, times, type Spread } from './report';
import { CountingRpcProxy, type RpcTally } from './rpc-proxy';

/** Index-store tables only its triggers write (migrations 006, 007, 009, 010). */
const TRIGGER_WRITTEN = new Set(['market_write_versions', 'candles', 'stream_events', 'stream_event_window', 'funding_history', 'open_interest_history']);

const REPO_ROOT = join(__dirname, '..', '..');
const REGISTER = join(REPO_ROOT, 'tools', 'ts-register.js');
const BUNDLE = join(REPO_ROOT, 'dist', 'apps', 'indexer', 'main.js');
const CEILING = join(__dirname, 'ceiling.ts');
const DEV_DATA = join(REPO_ROOT, '.dev-data');
const HEAD_POLL_MS = 25;

interface Options {
  preset: string;
  seed: string;
  /** Measured seconds of the head phase. */
  duration: number;
  /** Unmeasured seconds of live load before it. */
  warmup: number;
  /** Live load: milliseconds between its actions. */
  interval: number;
  /** The indexer's POLL_INTERVAL_MS in the head phase (and the floor's). */
  poll: number;
  json: boolean;
  /** Write V8 CPU profiles of the indexer processes under this folder. */
  profileDir?: string;
}

const USAGE = `Usage: npm run bench:indexer [-- options]
  --preset chain-bench|chain-demo  chain to drive (default chain-bench: ~154,000 events, 351 blocks, 10 markets)
  --seed <n>                       chain driver seed (default 1)
  --duration <s>                   measured seconds at the head with 1 s blocks (default 60, 10 to 600)
  --warmup <s>                     live load before the measured seconds (default 5, 0 to 60)
  --interval <ms>                  live load: pause between its actions (default 300)
  --poll <ms>                      the indexer's POLL_INTERVAL_MS at the head (default 250)
  --json                           print the figures as JSON instead of the report
  --profile <dir>                  write CPU profiles of the indexer (node --cpu-prof) into <dir>`;

function parseOptions(argv: string[]): Options {
  const options: Options = { preset: 'chain-bench', seed: '1', duration: 60, warmup: 5, interval: 300, poll: 250, json: false };
  const bounded = (name: string, raw: string | undefined, min: number, max: number): number => {
    const value = Number(raw);
    if (!Number.isInteger(value) || value < min || value > max) throw new Error(`--${name} must be an integer from ${min} to ${max}\n${USAGE}`);
    return value;
  };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (arg === '--json') options.json = true;
    else if (arg === '--preset') options.preset = argv[++i] ?? '';
    else if (arg === '--seed') options.seed = argv[++i] ?? '';
    else if (arg === '--duration') options.duration = bounded('duration', argv[++i], 10, 600);
    else if (arg === '--warmup') options.warmup = bounded('warmup', argv[++i], 0, 60);
    else if (arg === '--interval') options.interval = bounded('interval', argv[++i], 50, 10_000);
    else if (arg === '--poll') options.poll = bounded('poll', argv[++i], 10, 10_000);
    else if (arg === '--profile') options.profileDir = argv[++i];
    else throw new Error(`Unknown argument ${arg}\n${USAGE}`);
  }
  if (!['chain-bench', 'chain-demo'].includes(options.preset)) throw new Error(`--preset must be chain-bench or chain-demo\n${USAGE}`);
  if (!options.seed) throw new Error(`--seed needs a value\n${USAGE}`);
  return options;
}

const say = (line: string) => process.stderr.write(`${line}\n`);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const loadAverage = () =>
  loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');

function codeVersion(): string {
  try {
    const commit = execFileSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: REPO_ROOT, encoding: 'utf8' }).trim();
    const dirty = execFileSync('git', ['status', '--porcelain', '--', 'apps', 'libs', 'tools'], { cwd: REPO_ROOT, encoding: 'utf8' }).trim();
    return dirty ? `${commit} + uncommitted changes` : commit;
  } catch {
    return 'unknown';
  }
}

/** CPU seconds so far of the processes a phase costs. */
interface CpuSample {
  indexer?: number;
  postgres?: number;
  anvil?: number;
  floor?: number;
  bench: number;
}

interface Processes {
  indexer?: number;
  postgres: number;
  anvil: number;
  floor?: number;
}

function sampleCpu(p: Processes): CpuSample {
  const own = process.cpuUsage();
  return {
    indexer: processCpuSeconds(p.indexer),
    postgres: treeCpuSeconds(p.postgres),
    anvil: processCpuSeconds(p.anvil),
    floor: processCpuSeconds(p.floor),
    bench: (own.user + own.system) / 1e6,
  };
}

const cpuDelta = (a: CpuSample, b: CpuSample) => {
  const d = (x?: number, y?: number) => (x !== undefined && y !== undefined ? y - x : undefined);
  return {
    indexer: d(a.indexer, b.indexer),
    postgres: d(a.postgres, b.postgres),
    anvil: d(a.anvil, b.anvil),
    floor: d(a.floor, b.floor),
    bench: b.bench - a.bench,
  };
};

/** A process's peak resident memory (VmHWM), in MB; undefined off Linux. */
function peakRssMb(pid: number | undefined): number | undefined {
  try {
    const kb = /VmHWM:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
    return kb ? Number(kb) / 1024 : undefined;
  } catch {
    return undefined;
  }
}

/** CPU seconds so far of the Postgres backends serving these connections (their pids from pg_stat_activity). */
function backendsCpuSeconds(pids: number[]): number {
  return pids.reduce((sum, pid) => sum + (processCpuSeconds(pid) ?? 0), 0);
}

async function backendPids(client: Client, database: string, except: number[]): Promise<number[]> {
  const { rows } = await client.query<{ pid: number }>(`SELECT pid FROM pg_stat_activity WHERE datname = $1 AND backend_type = 'client backend'`, [database]);
  return rows.map((r) => r.pid).filter((pid) => !except.includes(pid));
}

const hexBlock = (x: unknown): number => Number(BigInt(String(x)));

async function readMetrics(url: string): Promise<Record<string, number>> {
  return metricTotals(await (await fetch(`${url}/metrics`)).text());
}

/** The indexer's cursor block (-1 before it has one). */
async function cursorOf(client: Client): Promise<number> {
  const { rows } = await client.query<{ block_number: string }>('SELECT block_number FROM chain_cursor');
  return rows.length ? Number(rows[0].block_number) : -1;
}

const TRIGGER_SQL = `
  CREATE OR REPLACE FUNCTION bench_cursor_notify() RETURNS trigger LANGUAGE plpgsql AS $$
  BEGIN PERFORM pg_notify('bench_cursor', NEW.block_number::text); RETURN NEW; END $$;
  DROP TRIGGER IF EXISTS bench_cursor_notify ON chain_cursor;
  CREATE TRIGGER bench_cursor_notify AFTER INSERT OR UPDATE ON chain_cursor FOR EACH ROW EXECUTE FUNCTION bench_cursor_notify();`;

interface BackfillFigures {
  head: number;
  blocks: number;
  events: number;
  wallMs: number;
  bootMs: number;
  blocksPerSecond: number;
  eventsPerSecond: number;
  /** The last eth_getLogs window on its own (the ones before it were cut short by new markets). */
  lastWindow: { from: number; to: number; ms: number; blocksPerSecond: number; eventsPerSecond: number; indexerCpuMsPerEvent: number };
  peakRssMb?: number;
  rpc: Omit<RpcTally, 'logFilters'> & { callsPerBlock: number; windows: { from: number; to: number }[] };
  cpuSeconds: ReturnType<typeof cpuDelta>;
  cpuMsPerEvent: { indexer: number; postgres: number; anvil: number };
  metrics: { blocksWritten: number; logsHandled: Record<string, number>; windowShrinks: number; errors: number };
  rowWrites: Record<string, number>;
  rows: Record<string, number>;
  ceiling: BackfillCeilingResult & { wallMs: number; eventsPerSecond: number; cpuMsPerEvent: { process: number; postgres: number; anvil: number } };
}

interface HeadFigures {
  pollIntervalMs: number;
  blocks: number;
  blockSeconds: number;
  blocksWithEvents: number;
  events: number;
  lagFromNode: Spread;
  missing: number;
  floorLagFromNode: Spread;
  rpc: Omit<RpcTally, 'logFilters'> & { callsPerBlock: number };
  floorRpcCallsPerBlock: number;
  cpuSeconds: ReturnType<typeof cpuDelta>;
  /** postgres: the whole server (the floor's transactions too); indexer's / floor's backends: their connections' processes. */
  postgresBackendsCpuSeconds: { indexer: number; floor: number };
  cpuMsPerEvent: { indexer: number; postgres: number };
  cpuMsPerBlock: { indexer: number; indexerBackends: number; floor: number; floorBackends: number };
  loadActions: { lines: number; refused: number };
}

async function main(): Promise<void> {
  const options = parseOptions(process.argv.slice(2));
  const preset = chainPreset(options.preset);
  if (!existsSync(BUNDLE)) throw new Error(`${BUNDLE} is missing: run \`npm run bench:indexer\` (it builds it) or \`npx nx run indexer:build\``);
  mkdirSync(DEV_DATA, { recursive: true });
  const logFile = (name: string) => join(DEV_DATA, `bench-indexer-${name}.log`);
  const startedAt = new Date();
  const loadAtStart = loadAverage();
  const version = codeVersion();
  const stopping: (() => Promise<unknown>)[] = [];
  const stopAll = async () => {
    while (stopping.length > 0)
      await stopping
        .pop()?.()
        .catch(() => undefined);
  };
  process.once('SIGINT', () => void stopAll().finally(() => process.exit(130)));

  try {
    say(`bench:indexer: ${options.preset} (seed ${options.seed}), code ${version}, load average ${loadAtStart} on ${cpus().length} cores`);
    if (loadavg()[0] > cpus().length)
      say(`  the load average is above the core count: other work shares this machine, the rates and lags will be noisy (CPU per event less so)`);
    // A durable Postgres (fsync on, as deployed: the commit per block is part of the figures), in a folder of its own.
    const pgRoot = mkdtempSync(join(tmpdir(), 'bench-indexer-pg-'));
    chmodSync(pgRoot, 0o755);
    stopping.push(async () => rmSync(pgRoot, { recursive: true, force: true }));
    const now = Math.floor(Date.now() / 1000);
    const [pg, anvil] = await Promise.all([
      startPostgres({ dataDir: join(pgRoot, 'data'), logFile: logFile('postgres') }),
      // The history ends now and starts `days` earlier: the chain must begin before that (chain-driver README).
      startAnvil({ extraArgs: ['--timestamp', String(now - Math.ceil(preset.days * 86_400) - 3_600)], logFile: logFile('anvil') }),
    ]);
    stopping.push(
      () => pg.stop(),
      () => anvil.stop(),
    );
    await pg.createDatabase('perp_index');
    await pg.createDatabase('perp_index_ceiling');
    const indexUrl = pg.url('perp_index');
    const ceilingUrl = pg.url('perp_index_ceiling');

    say(`driving ${options.preset} (not timed: the drive is the chain's, not the indexer's)`);
    const driven: DriveResult = await driveChainPreset({ rpcUrl: anvil.url, preset: options.preset, seed: options.seed, now, log: (l) => say(`  ${l}`) });
    say(
      `  ${driven.counts.transactions} transactions, ${driven.counts.events} events (all logs) in ${driven.counts.blocks} blocks, ${(driven.driveMs / 1000).toFixed(1)} s`,
    );

    for (const url of [indexUrl, ceilingUrl]) {
      const migrate = spawnManaged(process.execPath, [BUNDLE, 'migrate'], {
        env: { ...process.env, INDEX_DATABASE_URL: url, RPC_URL: anvil.url },
        logFile: logFile('migrate'),
      });
      if ((await migrate.exited) !== 0) throw new Error(`indexer migrate failed (see ${logFile('migrate')})`);
    }

    const indexerRpc = await CountingRpcProxy.start(anvil.url);
    const ceilingRpc = await CountingRpcProxy.start(anvil.url);
    stopping.push(
      () => indexerRpc.stop(),
      () => ceilingRpc.stop(),
    );
    const watcher = new Client({ connectionString: indexUrl });
    await watcher.connect();
    stopping.push(() => watcher.end());

    const indexerEnv = (pollMs: number, port: number): NodeJS.ProcessEnv => ({
      ...process.env,
      NODE_ENV: 'production',
      INDEX_DATABASE_URL: indexUrl,
      RPC_URL: indexerRpc.url,
      CHAIN_ID: String(driven.chainId),
      INDEXER_HOST: '127.0.0.1',
      INDEXER_PORT: String(port),
      START_BLOCK: '0',
      CONFIRMATIONS: '0',
      POLL_INTERVAL_MS: String(pollMs),
      PERP_FACTORY_ADDRESSES: driven.factory,
      POOL_MANAGER_ADDRESS: driven.poolManager,
      MULTICALL3_ADDRESS: driven.multicall3,
      LOG_LEVEL: 'info',
      LOG_FORMAT: 'json',
    });
    const startIndexer = async (name: string, pollMs: number): Promise<{ process: ManagedProcess; url: string; bootMs: number }> => {
      const port = await getFreePort();
      const started = performance.now();
      // As the image runs it (docker/indexer.Dockerfile): node --enable-source-maps main.js.
      const profile = options.profileDir ? ['--cpu-prof', `--cpu-prof-dir=${join(options.profileDir, name)}`] : [];
      const child = spawnManaged(process.execPath, [...profile, '--enable-source-maps', BUNDLE], { env: indexerEnv(pollMs, port), logFile: logFile(name) });
      stopping.push(() => child.stop('SIGTERM', 5_000));
      const url = `http://127.0.0.1:${port}`;
      const died = child.exited.then((code) => {
        throw new Error(`the indexer exited with code ${code} (see ${logFile(name)})`);
      });
      died.catch(() => undefined);
      await Promise.race([waitUntil('the indexer /health', async () => (await fetch(`${url}/health`)).ok, { timeoutMs: 60_000, intervalMs: 50 }), died]);
      return { process: child, url, bootMs: performance.now() - started };
    };

    // ---- Phase 1: backfill -------------------------------------------------------------------
    const head = Number(BigInt(await rpcCall<string>(anvil.url, 'eth_blockNumber')));
    say(`backfill: the indexer from block 0 to ${head}, CONFIRMATIONS 0, default log windows`);
    const loadBeforeBackfill = loadAverage();
    indexerRpc.phase('backfill');
    indexerRpc.recordLogFilters.add('backfill');
    const processes: Processes = { postgres: pg.pid(), anvil: anvil.pid };
    // The indexer starts within the phase: its CPU before is none.
    const cpuBefore = { ...sampleCpu(processes), indexer: 0 };
    const backfillStarted = performance.now();
    const first = await startIndexer('backfill', options.poll);
    processes.indexer = first.process.child.pid;
    let lastReport = performance.now();
    /** When the cursor was first seen at each height it reached (every 100 ms). */
    const timeline: { cursor: number; ms: number; cpu?: number }[] = [];
    await waitUntil(
      `the indexer's cursor at block ${head}`,
      async () => {
        const cursor = await cursorOf(watcher);
        if (cursor > (timeline.at(-1)?.cursor ?? -1))
          timeline.push({ cursor, ms: performance.now() - backfillStarted, cpu: processCpuSeconds(processes.indexer) });
        if (performance.now() - lastReport > 10_000) {
          lastReport = performance.now();
          say(`  ${((performance.now() - backfillStarted) / 1000).toFixed(0)} s: cursor ${cursor}`);
        }
        return cursor >= head;
      },
      { timeoutMs: 30 * 60_000, intervalMs: 100 },
    );
    const backfillMs = performance.now() - backfillStarted;
    // Before the exit: the indexer's own CPU is gone with its process.
    const cpuAfter = sampleCpu(processes);
    const peakRss = peakRssMb(processes.indexer);
    indexerRpc.phase('idle');
    const loadAfterBackfill = loadAverage();
    const metrics = await readMetrics(first.url);
    await first.process.stop('SIGTERM', 10_000);
    processes.indexer = undefined;
    const backfillTally = indexerRpc.tally('backfill');
    say(`  at the head in ${(backfillMs / 1000).toFixed(1)} s (boot ${first.bootMs.toFixed(0)} ms)`);

    // Row writes as Postgres counted them (its backend flushed its statistics on exit).
    const rows: Record<string, number> = {};
    for (const t of ['markets', 'positions', 'trades', 'snapshots', 'beacon_index_updates']) {
      rows[t] = Number((await watcher.query<{ n: string }>(`SELECT count(*) AS n FROM ${t}`)).rows[0].n);
    }
    const readWrites = async () => {
      const { rows: stats } = await watcher.query<{ relname: string; ins: string; upd: string }>(
        `SELECT relname, n_tup_ins AS ins, n_tup_upd AS upd FROM pg_stat_user_tables WHERE relname NOT IN ('chain_cursor', 'chain_cursor_blocks') AND relname NOT LIKE '%migrations'`,
      );
      return Object.fromEntries(stats.map((s) => [s.relname, Number(s.ins) + Number(s.upd)]));
    };
    let rowWrites: Record<string, number> = {};
    await waitUntil(
      "Postgres' row counts of the indexer's session",
      async () => {
        rowWrites = await readWrites();
        return (rowWrites['trades'] ?? 0) >= rows['trades'] && (rowWrites['snapshots'] ?? 0) >= rows['snapshots'];
      },
      { timeoutMs: 15_000, intervalMs: 250 },
    );

    const windows = backfillTally.logFilters.map((f) => {
      const filter = f as { fromBlock: string; toBlock: string };
      return { from: hexBlock(filter.fromBlock), to: hexBlock(filter.toBlock) };
    });
    // Everything the indexer watched by the end: the union of its filters (after a new market it
    // fetches only the new contracts' logs for the rest of a window, so no one filter holds all).
    const watched = unionFilter(backfillTally.logFilters as LogFilter[]);
    const lastFrom = windows[windows.length - 1].from;
    const ranges = freshRanges(windows);
    say(`ceiling: the indexer's logs fetched once (${ranges.length} eth_getLogs), then the same row writes`);
    ceilingRpc.phase('ceiling');
    const plan: BackfillCeilingPlan = {
      rpcUrl: ceilingRpc.url,
      filter: watched,
      ranges,
      splitBlock: lastFrom,
      sourceUrl: indexUrl,
      ceilingUrl,
      // The store's triggers write these from the other rows, for the ceiling's writes as for the
      // indexer's: writing them by hand too would count their work twice.
      writes: Object.fromEntries(Object.entries(rowWrites).filter(([table]) => !TRIGGER_WRITTEN.has(table))),
      transactions: metrics['indexer_blocks_written_total'] ?? 0,
      chainId: Number(driven.chainId),
      postgresPid: pg.pid(),
      anvilPid: anvil.pid,
    };
    const work = mkdtempSync(join(tmpdir(), 'bench-indexer-'));
    stopping.push(async () => rmSync(work, { recursive: true, force: true }));
    writeFileSync(join(work, 'backfill.json'), JSON.stringify(plan));
    // Not execFileSync: the proxy the ceiling calls through runs in this process.
    const ceilingRun = spawnManaged(process.execPath, ['-r', REGISTER, CEILING, 'backfill', join(work, 'backfill.json')], { cwd: REPO_ROOT });
    let ceilingOut = '';
    let ceilingErr = '';
    ceilingRun.child.stdout?.on('data', (chunk: Buffer) => (ceilingOut += chunk.toString()));
    ceilingRun.child.stderr?.on('data', (chunk: Buffer) => (ceilingErr += chunk.toString()));
    if ((await ceilingRun.exited) !== 0) throw new Error(`the ceiling failed: ${ceilingErr.slice(-3000)}`);
    ceilingRpc.phase('idle');
    const ceiling = JSON.parse(ceilingOut.trim().split('\n').pop() ?? '') as BackfillCeilingResult;
    // The logs handed to the handlers: perp-city's watch holds beacon-index's (the markets' beacons), so its count is every log
    // consumed. (The ceiling's fetch has a few more: a new market's logs in its own block, before PerpCreated, which the
    // indexer never reads: it reads the watches again from the next block.)
    const events = metrics['indexer_logs_handled_total{handler="perp-city"}'] ?? ceiling.fetch.logs;
    const split = timeline.find((t) => t.cursor >= lastFrom - 1);
    const lastWindowMs = backfillMs - (split?.ms ?? 0);
    const lastWindowCpu = cpuAfter.indexer !== undefined ? cpuAfter.indexer - (split?.cpu ?? 0) : undefined;
    const ceilingMs = ceiling.fetch.wallMs + ceiling.store.wallMs;
    const backfillCpu = cpuDelta(cpuBefore, cpuAfter);
    const { logFilters: _filters, ...backfillRpc } = backfillTally;
    const backfill: BackfillFigures = {
      head,
      blocks: head + 1,
      events,
      wallMs: backfillMs,
      bootMs: first.bootMs,
      blocksPerSecond: perSecond(head + 1, backfillMs),
      eventsPerSecond: perSecond(events, backfillMs),
      lastWindow: {
        from: lastFrom,
        to: head,
        ms: lastWindowMs,
        blocksPerSecond: perSecond(head - lastFrom + 1, lastWindowMs),
        eventsPerSecond: perSecond(ceiling.fetch.logsFromSplit, lastWindowMs),
        indexerCpuMsPerEvent: msPer(lastWindowCpu, ceiling.fetch.logsFromSplit),
      },
      peakRssMb: peakRss,
      rpc: { ...backfillRpc, callsPerBlock: backfillTally.calls / (head + 1), windows },
      cpuSeconds: backfillCpu,
      cpuMsPerEvent: { indexer: msPer(backfillCpu.indexer, events), postgres: msPer(backfillCpu.postgres, events), anvil: msPer(backfillCpu.anvil, events) },
      metrics: {
        blocksWritten: metrics['indexer_blocks_written_total'] ?? 0,
        logsHandled: Object.fromEntries(
          Object.entries(metrics)
            .filter(([k]) => k.startsWith('indexer_logs_handled_total{'))
            .map(([k, v]) => [/handler="([^"]+)"/.exec(k)?.[1] ?? k, v]),
        ),
        windowShrinks: metrics['indexer_log_window_shrinks_total'] ?? 0,
        errors: metrics['indexer_errors_total'] ?? 0,
      },
      rowWrites,
      rows,
      ceiling: {
        ...ceiling,
        wallMs: ceilingMs,
        eventsPerSecond: perSecond(events, ceilingMs),
        cpuMsPerEvent: {
          process: (ceiling.fetch.cpuMs + ceiling.store.cpuMs) / events,
          postgres: (ceiling.fetch.postgresCpuMs + ceiling.store.postgresCpuMs) / events,
          anvil: (ceiling.fetch.anvilCpuMs + ceiling.store.anvilCpuMs) / events,
        },
      },
    };
    say(
      `  ceiling: ${(ceilingMs / 1000).toFixed(1)} s (fetch ${(ceiling.fetch.wallMs / 1000).toFixed(1)} s, store ${(ceiling.store.wallMs / 1000).toFixed(1)} s)`,
    );

    // ---- Phase 2: lag at the head with 1 s blocks ----------------------------------------------
    say(`head: 1 s blocks, live load every ${options.interval} ms, POLL_INTERVAL_MS ${options.poll}, ${options.warmup} s warm-up + ${options.duration} s`);
    const ceilingDb = new Client({ connectionString: ceilingUrl });
    await ceilingDb.connect();
    stopping.push(() => ceilingDb.end());
    await watcher.query(TRIGGER_SQL);
    await ceilingDb.query(TRIGGER_SQL);
    const commits: { block: number; at: number }[] = [];
    const floorCommits: { block: number; at: number }[] = [];
    watcher.on('notification', (n) => commits.push({ block: Number(n.payload), at: performance.now() }));
    ceilingDb.on('notification', (n) => floorCommits.push({ block: Number(n.payload), at: performance.now() }));
    await watcher.query('LISTEN bench_cursor');
    await ceilingDb.query('LISTEN bench_cursor');

    const second = await startIndexer('head', options.poll);
    processes.indexer = second.process.child.pid;
    await waitUntil('the indexer back at the head', async () => (await cursorOf(watcher)) >= head, { timeoutMs: 60_000, intervalMs: 50 });

    const followPlan: FollowCeilingPlan = {
      rpcUrl: ceilingRpc.url,
      filter: watched,
      ceilingUrl,
      pollIntervalMs: options.poll,
      chainId: Number(driven.chainId),
    };
    writeFileSync(join(work, 'follow.json'), JSON.stringify(followPlan));
    const floor = spawnManaged(process.execPath, ['-r', REGISTER, CEILING, 'follow', join(work, 'follow.json')], { cwd: REPO_ROOT, logFile: logFile('floor') });
    stopping.push(() => floor.stop('SIGTERM', 5_000));
    let floorReady = false;
    floor.child.stdout?.on('data', (chunk: Buffer) => (floorReady ||= chunk.toString().includes('ready')));
    await waitUntil('the bare follower', async () => floorReady, { timeoutMs: 60_000, intervalMs: 50 });
    processes.floor = floor.child.pid;

    const seen = new FirstSeen();
    let polling = true;
    const poller = (async () => {
      while (polling) {
        try {
          seen.observe(Number(BigInt(await rpcCall<string>(anvil.url, 'eth_blockNumber'))), performance.now());
        } catch {
          // a slow answer: the next poll dates the block
        }
        await sleep(HEAD_POLL_MS);
      }
    })();
    await rpcCall(anvil.url, 'evm_setIntervalMining', [1]);
    const loadLines: string[] = [];
    const stopLoad = await startLiveLoad({ rpcUrl: anvil.url, driven, intervalMs: options.interval, log: (l) => loadLines.push(l) });
    stopping.push(async () => stopLoad());
    // What the live load did, for a reader of a head figure with few blocks of events.
    stopping.push(async () => writeFileSync(join(DEV_DATA, 'bench-indexer-load.log'), loadLines.join('\n') + '\n'));
    await sleep(options.warmup * 1000);

    const currentHead = () => Math.max(...seen.at.keys());
    const fromBlock = currentHead();
    const loadBeforeHead = loadAverage();
    const listeners = [
      (await watcher.query('SELECT pg_backend_pid() AS pid')).rows[0].pid,
      (await ceilingDb.query('SELECT pg_backend_pid() AS pid')).rows[0].pid,
    ] as number[];
    const indexerBackends = await backendPids(watcher, 'perp_index', listeners);
    const floorBackends = await backendPids(watcher, 'perp_index_ceiling', listeners);
    indexerRpc.phase('live');
    ceilingRpc.phase('live');
    const headCpuBefore = sampleCpu(processes);
    const backendsBefore = { indexer: backendsCpuSeconds(indexerBackends), floor: backendsCpuSeconds(floorBackends) };
    await sleep(options.duration * 1000);
    const headCpuAfter = sampleCpu(processes);
    const backendsCpu = {
      indexer: backendsCpuSeconds(indexerBackends) - backendsBefore.indexer,
      floor: backendsCpuSeconds(floorBackends) - backendsBefore.floor,
    };
    indexerRpc.phase('after');
    ceilingRpc.phase('after');
    const toBlock = currentHead();
    const loadAfterHead = loadAverage();
    await stopLoad();
    say(`  blocks ${fromBlock + 1} to ${toBlock} measured; waiting for both followers to commit them`);
    await waitUntil(
      'both followers at the last measured block',
      async () => (commits.at(-1)?.block ?? -1) >= toBlock && (floorCommits.at(-1)?.block ?? -1) >= toBlock,
      { timeoutMs: 60_000, intervalMs: 50 },
    );
    await rpcCall(anvil.url, 'evm_setIntervalMining', [0]);
    polling = false;
    await poller;

    // The measured blocks with Perp City events: the indexer's own filter over them.
    const logs = await rpcCall<{ blockNumber: string }[]>(
      anvil.url,
      'eth_getLogs',
      [{ ...followPlan.filter, fromBlock: `0x${(fromBlock + 1).toString(16)}`, toBlock: `0x${toBlock.toString(16)}` }],
      30_000,
    );
    const withEvents = [...new Set(logs.map((l) => Number(BigInt(l.blockNumber))))];
    const { lags, missing } = blockLags(withEvents, seen.at, commits);
    const floorLags = blockLags(withEvents, seen.at, floorCommits).lags;
    const measuredBlocks = toBlock - fromBlock;
    const headCpu = cpuDelta(headCpuBefore, headCpuAfter);
    const { logFilters: _live, ...liveRpc } = indexerRpc.tally('live');
    const headFigures: HeadFigures = {
      pollIntervalMs: options.poll,
      blocks: measuredBlocks,
      blockSeconds: options.duration / measuredBlocks,
      blocksWithEvents: withEvents.length,
      events: logs.length,
      lagFromNode: spread(lags.map((l) => l.ms)),
      missing,
      floorLagFromNode: spread(floorLags.map((l) => l.ms)),
      rpc: { ...liveRpc, callsPerBlock: liveRpc.calls / measuredBlocks },
      floorRpcCallsPerBlock: ceilingRpc.tally('live').calls / measuredBlocks,
      cpuSeconds: headCpu,
      postgresBackendsCpuSeconds: backendsCpu,
      cpuMsPerEvent: { indexer: msPer(headCpu.indexer, logs.length), postgres: msPer(backendsCpu.indexer, logs.length) },
      cpuMsPerBlock: {
        indexer: msPer(headCpu.indexer, measuredBlocks),
        indexerBackends: msPer(backendsCpu.indexer, measuredBlocks),
        floor: msPer(headCpu.floor, measuredBlocks),
        floorBackends: msPer(backendsCpu.floor, measuredBlocks),
      },
      loadActions: { lines: loadLines.length, refused: loadLines.filter((l) => / refused| failed/.test(l)).length },
    };

    const loadAtEnd = loadAverage();
    const machine = `${cpus().length} x ${cpus()[0]?.model.trim() ?? 'cpu'}, Node ${process.version}`;
    const result = {
      date: startedAt.toISOString(),
      command: `npm run bench:indexer -- ${process.argv.slice(2).join(' ')}`.trim(),
      code: version,
      machine,
      loadAverage: { start: loadAtStart, backfill: [loadBeforeBackfill, loadAfterBackfill], head: [loadBeforeHead, loadAfterHead], end: loadAtEnd },
      options,
      chain: {
        preset: driven.preset,
        seed: driven.seed,
        transactions: driven.counts.transactions,
        blocks: driven.counts.blocks,
        allLogs: driven.counts.events,
        driveMs: driven.driveMs,
      },
      backfill,
      head: headFigures,
    };
    const resultsFile = join(DEV_DATA, `bench-indexer-${options.preset}.json`);
    writeFileSync(resultsFile, `${JSON.stringify(result, null, 2)}\n`);
    if (options.json) console.log(JSON.stringify(result, null, 2));
    else console.log(formatReport(result));
    say(`figures written to ${resultsFile}; logs in .dev-data/bench-indexer-*.log`);
  } finally {
    await stopAll();
  }
}

const s = (ms: number) => `${fixed(ms / 1000, 1)} s`;
const ms1 = (x: number) => fixed(x, x < 10 ? 2 : 1);

function formatReport(r: {
  date: string;
  command: string;
  code: string;
  machine: string;
  loadAverage: { start: string; backfill: string[]; head: string[]; end: string };
  options: Options;
  chain: { preset: string; seed: string; transactions: number; blocks: number; allLogs: number; driveMs: number };
  backfill: BackfillFigures;
  head: HeadFigures;
}): string {
  const b = r.backfill;
  const c = b.ceiling;
  const h = r.head;
  const methods = (tally: { byMethod: Record<string, number> }, per: number) =>
    Object.entries(tally.byMethod)
      .sort((x, y) => y[1] - x[1])
      .map(([m, n]) => `${m} ${fixed(n / per, 2)}`)
      .join(', ');
  const waits = Object.entries(b.rpc.nodeMsByKind)
    .sort((x, y) => y[1] - x[1])
    .map(([kind, ms]) => `${kind} ${s(ms)}`)
    .join(', ');
  const lines = [
    `bench:indexer ${r.date.slice(0, 10)}, code ${r.code}, ${r.machine}`,
    `command: ${r.command}`,
    `load average (1/5/15 min): start ${r.loadAverage.start}; backfill ${r.loadAverage.backfill.join(' -> ')}; head ${r.loadAverage.head.join(' -> ')}; end ${r.loadAverage.end}`,
    `chain: ${r.chain.preset} seed ${r.chain.seed}: ${fixed(r.chain.transactions)} transactions, ${fixed(r.chain.allLogs)} logs in all (${fixed(b.events)} of them the indexer's), ${fixed(b.blocks)} blocks, driven in ${s(r.chain.driveMs)} (not counted)`,
    '',
    `Backfill, block 0 to ${b.head} (CONFIRMATIONS 0, default log windows: ${b.rpc.windows.length} eth_getLogs, ${b.rpc.windows.map((w) => `${w.from}-${w.to}`).join(' ')}):`,
    '',
    table(
      ['', 'wall', 'blocks/s', 'events/s', 'CPU ms/event: process / Postgres / node', 'RPC calls/block'],
      [
        [
          'indexer',
          s(b.wallMs),
          fixed(b.blocksPerSecond, 1),
          fixed(b.eventsPerSecond),
          `${ms1(b.cpuMsPerEvent.indexer)} / ${ms1(b.cpuMsPerEvent.postgres)} / ${ms1(b.cpuMsPerEvent.anvil)}`,
          `${fixed(b.rpc.callsPerBlock, 1)} (${fixed(b.rpc.httpRequests / b.blocks, 1)} HTTP requests)`,
        ],
        [
          'ceiling: its logs fetched once + the same row writes',
          `${s(c.wallMs)} (${s(c.fetch.wallMs)} + ${s(c.store.wallMs)})`,
          fixed(perSecond(b.blocks, c.wallMs), 1),
          fixed(c.eventsPerSecond),
          `${ms1(c.cpuMsPerEvent.process)} / ${ms1(c.cpuMsPerEvent.postgres)} / ${ms1(c.cpuMsPerEvent.anvil)}`,
          `${fixed(c.fetch.requests / b.blocks, 2)} (${fixed(c.fetch.logs)} logs)`,
        ],
        [
          'indexer / ceiling',
          times(b.wallMs, c.wallMs),
          '',
          '',
          `${times(b.cpuMsPerEvent.indexer, c.cpuMsPerEvent.process)} / ${times(b.cpuMsPerEvent.postgres, c.cpuMsPerEvent.postgres)} / ${times(b.cpuMsPerEvent.anvil, c.cpuMsPerEvent.anvil)}`,
          '',
        ],
      ],
    ),
    '',
    `last window alone (blocks ${b.lastWindow.from}-${b.lastWindow.to}, after the last new market): ${s(b.lastWindow.ms)}, ${fixed(b.lastWindow.blocksPerSecond, 1)} blocks/s, ${fixed(b.lastWindow.eventsPerSecond)} events/s, indexer CPU ${ms1(b.lastWindow.indexerCpuMsPerEvent)} ms/event`,
    `RPC calls per block by method: ${methods(b.rpc, b.blocks)}; received ${fixed(b.rpc.responseBytes / 1e6, 1)} MB (the ceiling ${fixed(c.fetch.responseBytes / 1e6, 1)} MB)`,
    `node answer time, summed by request kind: ${waits}`,
    `indexer CPU ${fixed(b.cpuSeconds.indexer ?? Number.NaN, 1)} s, peak RSS ${fixed(b.peakRssMb, 0)} MB; Postgres CPU ${fixed(b.cpuSeconds.postgres ?? Number.NaN, 1)} s (ceiling ${fixed((c.fetch.postgresCpuMs + c.store.postgresCpuMs) / 1000, 1)} s); node CPU ${fixed(b.cpuSeconds.anvil ?? Number.NaN, 1)} s (ceiling ${fixed((c.fetch.anvilCpuMs + c.store.anvilCpuMs) / 1000, 1)} s)`,
    `indexer boot ${fixed(b.bootMs)} ms (in the wall time); ${fixed(b.metrics.blocksWritten)} block transactions; logs handled ${Object.entries(
      b.metrics.logsHandled,
    )
      .map(([k, v]) => `${k} ${fixed(v)}`)
      .join(', ')}; window shrinks ${b.metrics.windowShrinks}, errors ${b.metrics.errors}`,
    `row writes (inserts + updates): ${Object.entries(b.rowWrites)
      .filter(([, n]) => n > 0)
      .map(([t, n]) => `${t} ${fixed(n)}`)
      .join(', ')}; ceiling ${fixed(c.store.rowWrites)} in ${fixed(c.store.transactions)} transactions`,
    '',
    `Head: 1 s blocks (${fixed(h.blockSeconds, 2)} s measured), live load every ${r.options.interval} ms, POLL_INTERVAL_MS ${h.pollIntervalMs}, ${r.options.duration} s:`,
    `${fixed(h.blocks)} blocks, ${fixed(h.blocksWithEvents)} with Perp City events (${fixed(h.events)} events); live load: ${h.loadActions.refused} refusals`,
    '',
    table(
      ['block first reported by the node -> its cursor committed', 'blocks', 'p50 ms', 'p99 ms', 'max ms', 'mean ms'],
      [
        ['indexer', fixed(h.lagFromNode.count), fixed(h.lagFromNode.p50), fixed(h.lagFromNode.p99), fixed(h.lagFromNode.max), fixed(h.lagFromNode.mean)],
        [
          'floor: bare poll + eth_getLogs + cursor commit',
          fixed(h.floorLagFromNode.count),
          fixed(h.floorLagFromNode.p50),
          fixed(h.floorLagFromNode.p99),
          fixed(h.floorLagFromNode.max),
          fixed(h.floorLagFromNode.mean),
        ],
      ],
    ),
    '',
    `CPU at the head: indexer ${ms1(h.cpuMsPerEvent.indexer)} ms/event, ${ms1(h.cpuMsPerBlock.indexer)} ms/block, its Postgres backends ${ms1(h.cpuMsPerEvent.postgres)} ms/event, ${ms1(h.cpuMsPerBlock.indexerBackends)} ms/block; floor ${ms1(h.cpuMsPerBlock.floor)} ms/block, its backend ${ms1(h.cpuMsPerBlock.floorBackends)} ms/block`,
    `RPC calls per block at the head: indexer ${fixed(h.rpc.callsPerBlock, 1)} (${methods(h.rpc, h.blocks)}), floor ${fixed(h.floorRpcCallsPerBlock, 1)}`,
    h.missing ? `${h.missing} blocks with events lack a first-seen or a commit moment (left out)` : '',
  ];
  return lines.filter((l, i) => l !== '' || lines[i - 1] !== '').join('\n');
}

// Exit 0 whenever the run completed: the figures are findings, not a verdict.
main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error instanceof Error ? (error.stack ?? error.message) : error);
    process.exit(1);
  },
);

/** One filter for every address and topic0 of `filters` (each a filter of the indexer's eth_getLogs: topics [[topic0, ...]]). */
function unionFilter(filters: LogFilter[]): LogFilter {
  const addresses = new Set<string>();
  const topics = new Set<string>();
  for (const f of filters) {
    for (const a of ([] as string[]).concat(f.address ?? [])) addresses.add(a.toLowerCase());
    const first = f.topics?.[0];
    for (const t of Array.isArray(first) ? first : first ? [first] : []) topics.add(String(t));
  }
  return { address: [...addresses].sort(), topics: [[...topics].sort()] };
}
