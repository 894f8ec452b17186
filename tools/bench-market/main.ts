/**
 * `npm run bench:market [-- --preset bench|demo --duration 10 --warmup 2 --rounds 1 --connections 16 --reload --route <name> --mark-every 5 --profile <dir>]`
 *
 * The market-data read path under load: the built service in its own process, on its own
 * Postgres loaded with the simulator's preset (bench: 100 markets, 1M positions, 10M
 * snapshots; loaded once, reused by later runs), against two ceilings per route, each in
 * its own process too:
 *   (a) bare Fastify answering the service's own captured bytes and headers,
 *   (b) plain Fastify + pg running the service's SQL and serialising the same shapes.
 * autocannon (in this process, loopback only) drives each for a fixed time after a warm-up.
 * Cached routes (detail, live, stats) are judged against (a), in req/s and in CPU per request
 * (the service runs as deployed: JSON access log at info, metrics on), database routes against (b).
 * /positions/liquidatable is a memo refreshed in the background: while the service is measured the
 * index moves as a live one does (live-writes.ts), and the route is judged on its p99, its request
 * thread's CPU per request against the bare ceiling's, how late a change is served, and answering
 * what (b) computes from scratch; its refreshes' wall time and CPU are read from the service's /metrics.
 * `npm run` builds market-data first (tools/prepare.mjs). Prints a table and PASS/FAIL per target, and writes the figures to .dev-data/bench-market-<preset>.json.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { isDeepStrictEqual } from 'node:util';
import autocannon from 'autocannon';
import { DEV_JWT } from '@perp/auth';
import { getFreePort, ManagedProcess, spawnManaged, waitUntil } from '@perp/local-infra';
import { Client } from 'pg';
import type { CapturedResponse } from './bare-ceiling-server';
import { prepareBenchData } from './bench-data';
import { LiveWrites } from './live-writes';
import { evaluateTargets, formatMemo, formatTable, Measurement, medianOf, RouteResult } from './report';
import { readMetrics, refreshFigures } from './service-metrics';
import { formatStreamRun, runStreamLoad, StreamRun } from './stream-bench';

const REPO_ROOT = join(__dirname, '..', '..');
const REGISTER = join(REPO_ROOT, 'tools', 'ts-register.js');
const DEV_DATA = join(REPO_ROOT, '.dev-data');
/** Headers that belong to one connection or one moment, not to the response. */
const HOP_HEADERS = new Set(['content-length', 'date', 'connection', 'keep-alive', 'transfer-encoding']);

interface Options {
  preset: string;
  seed: string;
  duration: number;
  warmup: number;
  /** Measured runs per route and server, interleaved; the figures are their medians. */
  rounds: number;
  connections: number;
  reload: boolean;
  /** Only these routes (by name, e.g. /markets/{id}/live). */
  routes: string[];
  /** While /positions/liquidatable is measured, every live market gets a new snapshot this often (s); 0: the index does not move. */
  markEvery: number;
  /** Write V8 CPU profiles of the three server processes under this folder. */
  profileDir?: string;
  /** Measure GET /stream instead of the routes (stream-bench.ts). */
  stream: boolean;
  subscribers: number;
  streamRate: number;
}

const USAGE = `Usage: npm run bench:market [-- options]
  --preset bench|demo     data to load (default bench: 100 markets, 1M positions, 10M snapshots)
  --seed <text>           simulator seed (default 42)
  --duration <s>          measured seconds per route and server (default 10, at most 60)
  --warmup <s>            unmeasured seconds before each (default 2, at most 10)
  --rounds <n>            measured runs per route and server, interleaved; medians are reported (default 1, at most 5)
  --connections <n>       concurrent connections (default 16, at most 64)
  --reload                load the preset again even if an earlier run loaded it
  --route <name>          only this route, e.g. /markets/{id}/live (repeatable)
  --mark-every <s>        while /positions/liquidatable or /markets/{id}/candles is measured, a new snapshot for every live market this often, and a position written every second (default 5; 0: no writes)
  --profile <dir>         write CPU profiles of the three servers (node --cpu-prof) into <dir>/{service,bare,pg}
  --stream                measure GET /stream instead: subscribers on one replica, a writer committing trades, commit -> wire latency and CPU per delivered event, against a bare LISTEN fan-out
  --subscribers <n>       with --stream: open streams (default 1000, at most 5000)
  --stream-rate <n>       with --stream: trades committed per second, one per statement (default 20, at most 1000), for --duration seconds`;

function parseOptions(argv: string[]): Options {
  const options: Options = {
    preset: 'bench',
    seed: '42',
    duration: 10,
    warmup: 2,
    rounds: 1,
    connections: 16,
    reload: false,
    routes: [],
    markEvery: 5,
    stream: false,
    subscribers: 1000,
    streamRate: 20,
  };
  const bounded = (name: string, raw: string | undefined, min: number, max: number): number => {
    const value = Number(raw);
    if (!Number.isInteger(value) || value < min || value > max) throw new Error(`--${name} must be an integer from ${min} to ${max}\n${USAGE}`);
    return value;
  };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (arg === '--reload') options.reload = true;
    else if (arg === '--preset') options.preset = argv[++i] ?? '';
    else if (arg === '--seed') options.seed = argv[++i] ?? '';
    else if (arg === '--duration') options.duration = bounded('duration', argv[++i], 1, 60);
    else if (arg === '--warmup') options.warmup = bounded('warmup', argv[++i], 0, 10);
    else if (arg === '--rounds') options.rounds = bounded('rounds', argv[++i], 1, 5);
    else if (arg === '--connections') options.connections = bounded('connections', argv[++i], 1, 64);
    else if (arg === '--route') options.routes.push(argv[++i] ?? '');
    else if (arg === '--mark-every') options.markEvery = bounded('mark-every', argv[++i], 0, 60);
    else if (arg === '--profile') options.profileDir = argv[++i];
    else if (arg === '--stream') options.stream = true;
    else if (arg === '--subscribers') options.subscribers = bounded('subscribers', argv[++i], 1, 5000);
    else if (arg === '--stream-rate') options.streamRate = bounded('stream-rate', argv[++i], 1, 1000);
    else throw new Error(`Unknown argument ${arg}\n${USAGE}`);
  }
  if (!['bench', 'demo'].includes(options.preset)) throw new Error(`--preset must be bench or demo\n${USAGE}`);
  return options;
}

/** Starts a server process and waits for its GET /health; its output goes to a log file under .dev-data. */
async function startServer(name: string, args: string[], port: number, env: NodeJS.ProcessEnv): Promise<ManagedProcess> {
  const logFile = join(DEV_DATA, `bench-market-${name}.log`);
  const server = spawnManaged(process.execPath, args, { cwd: REPO_ROOT, env: { ...process.env, ...env }, logFile });
  const died = server.exited.then((code) => {
    throw new Error(`${name} exited with code ${code} while starting (see ${logFile})`);
  });
  died.catch(() => undefined);
  await Promise.race([
    waitUntil(`${name} on port ${port}`, async () => (await fetch(`http://127.0.0.1:${port}/health`)).ok, { timeoutMs: 60_000, intervalMs: 200 }),
    died,
  ]);
  return server;
}

/** CPU seconds (user + system) a process has used so far; undefined off Linux. */
function cpuSeconds(pid: number | undefined): number | undefined {
  if (pid === undefined) return undefined;
  try {
    const text = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = text.slice(text.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return undefined;
  }
}

async function textAndHeaders(url: string, headers: Record<string, string>): Promise<{ body: string; headers: string[] }> {
  const response = await fetch(url, { headers });
  return { body: await response.text(), headers: [...response.headers.keys()] };
}

async function load(url: string, headers: Record<string, string>, seconds: number, connections: number) {
  return autocannon({ url, connections, duration: seconds, timeout: 10, headers });
}

/**
 * Waits until the server answers /health promptly twice in a row: a run that ends leaves
 * the requests in flight to finish (seconds of them for the pg handler's liquidation
 * candidates), and they must not be billed to the next run.
 */
async function settle(base: string, indexUrl: string): Promise<void> {
  const deadline = Date.now() + 60_000;
  let prompt = 0;
  while (prompt < 2 && Date.now() < deadline) {
    const started = Date.now();
    await fetch(`${base}/health`)
      .then((r) => r.arrayBuffer())
      .catch(() => undefined);
    prompt = Date.now() - started < 50 ? prompt + 1 : 0;
    if (prompt < 2) await new Promise((resolve) => setTimeout(resolve, 100));
  }
  // Nor may statements still running in Postgres for the run that ended.
  const client = new Client({ connectionString: indexUrl });
  await client.connect();
  try {
    for (;;) {
      const { rows } = await client.query<{ n: string }>(`SELECT count(*) AS n FROM pg_stat_activity WHERE state = 'active' AND pid <> pg_backend_pid()`);
      if (Number(rows[0].n) === 0 || Date.now() > deadline) break;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  } finally {
    await client.end();
  }
}

/** What a route's measurement does right around its measured load (not its warm-up): a memo route's writes and its refresh figures. */
interface AroundLoad {
  before(): Promise<void>;
  /** The figures to add, given the requests completed and the server's CPU over the load (ms). */
  after(completed: number, cpuMs: number | undefined): Promise<Partial<Measurement>>;
}

async function measure(
  base: string,
  path: string,
  headers: Record<string, string>,
  pid: number | undefined,
  options: Options & { indexUrl: string },
  around?: AroundLoad,
): Promise<Measurement> {
  if (options.warmup > 0) {
    await load(base + path, headers, options.warmup, options.connections);
    await settle(base, options.indexUrl);
  }
  await around?.before();
  const cpuBefore = cpuSeconds(pid);
  const result = await load(base + path, headers, options.duration, options.connections);
  const cpuAfter = cpuSeconds(pid);
  const completed = result['2xx'];
  const cpuMs = cpuBefore !== undefined && cpuAfter !== undefined ? (cpuAfter - cpuBefore) * 1000 : undefined;
  const added = (await around?.after(completed, cpuMs)) ?? {};
  await settle(base, options.indexUrl);
  return {
    rps: completed / result.duration,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts + result.non2xx,
    cpuMsPerRequest: cpuMs !== undefined && completed > 0 ? cpuMs / completed : undefined,
    ...added,
  };
}

/**
 * A memo route's service run: the index moves during the load (live-writes.ts), and the refreshes'
 * figures come from the service's /metrics around it; the worker thread's CPU is taken out of the
 * process's to give the request thread's CPU per request.
 */
function liveAround(writes: LiveWrites, metricsBase: string): AroundLoad {
  let before: Awaited<ReturnType<typeof readMetrics>>;
  return {
    async before() {
      before = await readMetrics(metricsBase);
      writes.start();
    },
    async after(completed, cpuMs) {
      const refresh = refreshFigures(before, await readMetrics(metricsBase));
      const result = await writes.stop();
      const requestCpuMsPerRequest =
        cpuMs !== undefined && refresh.cpuMs !== undefined && completed > 0 ? Math.max(0, cpuMs - refresh.cpuMs) / completed : undefined;
      return { requestCpuMsPerRequest, live: { refresh, writes: result } };
    },
  };
}

/** A kept-answer route's service run: the index moves during the load, so kept pages are read again as they would be in production. */
function writesAround(writes: LiveWrites): AroundLoad {
  return {
    async before() {
      writes.start();
    },
    async after() {
      await writes.stop();
      return {};
    },
  };
}

async function main(): Promise<void> {
  const options = parseOptions(process.argv.slice(2));
  const stopping: (() => Promise<unknown>)[] = [];
  const stopAll = async () => {
    while (stopping.length > 0)
      await stopping
        .pop()?.()
        .catch(() => undefined);
  };
  process.once('SIGINT', () => void stopAll().finally(() => process.exit(130)));
  const work = mkdtempSync(join(tmpdir(), 'bench-market-'));
  stopping.push(async () => rmSync(work, { recursive: true, force: true }));
  try {
    const data = await prepareBenchData({ preset: options.preset, seed: options.seed, dataDir: join(DEV_DATA, 'bench-postgres'), reload: options.reload });
    stopping.push(() => data.pg.stop());
    const ageMinutes = Math.round((Date.now() / 1000 - data.end) / 60);
    console.log(
      `Data: ${data.preset} preset, seed ${data.seed}, ${data.rows.markets} markets, ${data.rows.positions} positions (${data.openPositions} open), ` +
        `${data.rows.snapshots} snapshots; ${data.reused ? 'loaded by an earlier run' : 'loaded now'}, last snapshot ${ageMinutes} min ago`,
    );

    // The service: the built app, stores on the bench Postgres, an admin key of our own (or ADMIN_API_KEYS).
    const adminKey = process.env['ADMIN_API_KEYS']?.split(',')[0]?.trim() || `mdk_bench_admin_${randomBytes(24).toString('base64url')}`;
    const servicePort = await getFreePort();
    const metricsPort = await getFreePort();
    const profile = (name: string) => (options.profileDir ? ['--cpu-prof', `--cpu-prof-dir=${join(options.profileDir, name)}`] : []);
    const service = await startServer(
      'service',
      [...profile('service'), '--enable-source-maps', join(REPO_ROOT, 'dist', 'apps', 'market-data', 'main.js')],
      servicePort,
      {
        NODE_ENV: 'production',
        MARKET_DATA_HOST: '127.0.0.1',
        MARKET_DATA_PORT: String(servicePort),
        // Metrics on (their cost is part of the run), on a free port: the default may be taken on a shared machine; the liquidation candidates' refresh figures are read there.
        METRICS_PORT: String(metricsPort),
        INDEX_DATABASE_URL: data.indexUrl,
        SOURCE_DATABASE_URL: data.sourceUrl,
        MARKET_DATA_DATABASE_URL: data.keysUrl,
        ADMIN_API_KEYS: adminKey,
        // Required trust anchors; the bench makes no developer-token calls.
        JWT_JWKS_FILE: DEV_JWT.jwksFile,
        JWT_ISSUER: DEV_JWT.issuer,
        JWT_AUDIENCE: DEV_JWT.audience,
        // The limiter still counts every request (its cost is measured) but never refuses one.
        API_KEY_RATE_LIMIT: '1000000000',
      },
    );
    stopping.push(() => service.stop());
    const serviceBase = `http://127.0.0.1:${servicePort}`;
    const metricsBase = `http://127.0.0.1:${metricsPort}`;
    const created = await fetch(`${serviceBase}/admin/keys`, {
      method: 'POST',
      headers: { 'x-api-key': adminKey, 'content-type': 'application/json' },
      body: JSON.stringify({ name: `bench-market ${new Date().toISOString()}` }),
    });
    if (created.status !== 200) throw new Error(`POST /admin/keys answered ${created.status}: ${await created.text()}`);
    const botKey = ((await created.json()) as { key: string }).key;
    const headers = { 'x-api-key': botKey };

    // What to ask for: the market with the most open interest, and the holder of a position from the middle of the history.
    const client = new Client({ connectionString: data.indexUrl });
    await client.connect();
    const market = (
      await client.query<{ perp_address: string }>(
        'SELECT perp_address FROM markets WHERE ema_amm_price_x96 IS NOT NULL ORDER BY open_interest_long + open_interest_short DESC, perp_address LIMIT 1',
      )
    ).rows[0].perp_address.toLowerCase();
    const holder = (await client.query<{ holder: string }>('SELECT holder FROM positions WHERE id >= (SELECT max(id) / 2 FROM positions) ORDER BY id LIMIT 1'))
      .rows[0].holder;
    const positionId = (await client.query<{ id: string }>('SELECT id FROM positions WHERE perp_address = $1 ORDER BY id LIMIT 1', [market])).rows[0].id;
    // The holder of a trade from the middle of the history, for the fills.
    const trader = (
      await client.query<{ holder: string }>(
        'SELECT p.holder FROM trades t JOIN positions p ON p.perp_address = t.perp_address AND p.id = t.pos_id WHERE t.id >= (SELECT max(id) / 2 FROM trades) ORDER BY t.id LIMIT 1',
      )
    ).rows[0].holder;
    await client.end();

    if (options.stream) {
      await benchStream({ options, data, market, positionId, servicePort, adminKey, service, profile, stopping });
      return;
    }

    const allRoutes: RouteResult[] = [
      { route: '/markets', path: '/markets', kind: 'db' },
      { route: '/markets/{id}', path: `/markets/${market}`, kind: 'cached' },
      { route: '/markets/{id}/live', path: `/markets/${market}/live`, kind: 'cached' },
      { route: '/markets/{id}/stats', path: `/markets/${market}/stats`, kind: 'cached' },
      { route: '/markets/{id}/snapshots', path: `/markets/${market}/snapshots`, kind: 'db' },
      // 1000 one-minute candles a page (the newest), from the rollup the writers keep.
      // Kept pages (read again after any write of the market's candles): measured while a snapshot of
      // every live market lands each --mark-every seconds, so the figure includes the pages read again.
      { route: '/markets/{id}/candles', path: `/markets/${market}/candles?resolution=1m&limit=1000`, kind: 'cached', p99TargetMs: 50, writesDuringLoad: true },
      { route: '/positions?holder=', path: `/positions?holder=${holder}`, kind: 'db' },
      { route: '/trades?holder=', path: `/trades?holder=${trader}`, kind: 'db' },
      { route: '/positions/liquidatable', path: '/positions/liquidatable', kind: 'memo' },
      // No key, no store, no cache: the framework's own cost per request, beside the same bytes from bare Fastify.
      { route: '/health (reference)', path: '/health', kind: 'reference' },
    ];
    const routes = allRoutes.filter((r) => options.routes.length === 0 || options.routes.includes(r.route));
    if (routes.length === 0) throw new Error(`No route matches ${options.routes.join(', ')}`);

    // The service's real answers, which ceiling (a) replays and ceiling (b) must reproduce.
    const captures: CapturedResponse[] = [];
    for (const route of routes) {
      const response = await fetch(serviceBase + route.path, { headers });
      const body = Buffer.from(await response.arrayBuffer());
      if (response.status !== 200) throw new Error(`${route.path} answered ${response.status}: ${body.toString()}`);
      const kept: Record<string, string> = {};
      response.headers.forEach((value, name) => {
        if (!HOP_HEADERS.has(name)) kept[name] = value;
      });
      captures.push({ path: route.path, status: response.status, headers: kept, bodyBase64: body.toString('base64') });
      route.bytes = body.length;
    }
    const capturesFile = join(work, 'captures.json');
    writeFileSync(capturesFile, JSON.stringify(captures));

    const [barePort, pgPort] = [await getFreePort(), await getFreePort()];
    const bare = await startServer('bare', [...profile('bare'), '-r', REGISTER, join(__dirname, 'bare-ceiling-server.ts')], barePort, {
      NODE_ENV: 'production',
      CAPTURES: capturesFile,
      PORT: String(barePort),
    });
    stopping.push(() => bare.stop());
    const pgCeiling = await startServer('pg', [...profile('pg'), '-r', REGISTER, join(__dirname, 'pg-ceiling-server.ts')], pgPort, {
      NODE_ENV: 'production',
      INDEX_DATABASE_URL: data.indexUrl,
      PORT: String(pgPort),
    });
    stopping.push(() => pgCeiling.stop());
    const bareBase = `http://127.0.0.1:${barePort}`;
    const pgBase = `http://127.0.0.1:${pgPort}`;

    // Same work: the bare server must give the same bytes, the pg handler the same JSON.
    for (const [i, route] of routes.entries()) {
      const expected = Buffer.from(captures[i].bodyBase64, 'base64');
      const fromBare = Buffer.from(await (await fetch(bareBase + route.path, { headers })).arrayBuffer());
      if (!fromBare.equals(expected)) throw new Error(`bare ceiling: ${route.path} differs from the service's bytes`);
      const fromPg = await textAndHeaders(pgBase + route.path, headers);
      // A fresh service answer: liquidation candidates carry is_stale against the wall clock.
      const again = await textAndHeaders(serviceBase + route.path, headers);
      route.pgSame = fromPg.body === again.body ? 'bytes' : isDeepStrictEqual(JSON.parse(fromPg.body), JSON.parse(again.body)) ? 'json' : 'differs';
      const names = (headers: string[]) =>
        headers
          .filter((h) => !HOP_HEADERS.has(h) && h !== 'x-request-id')
          .sort()
          .join(', ');
      if (names(fromPg.headers) !== names(again.headers)) {
        console.warn(`pg ceiling: ${route.path} sends the headers ${names(fromPg.headers)}, the service ${names(again.headers)}`);
      }
      if (route.pgSame === 'differs') console.warn(`pg ceiling: ${route.path} does not give the service's answer: its figures are not comparable`);
    }

    // The machine may be shared: the load average (1, 5, 15 min) goes with every figure.
    const loads = () =>
      loadavg()
        .map((x) => x.toFixed(2))
        .join(' / ');
    const loadBefore = loads();
    const [load1] = loadavg();
    if (load1 > 1)
      console.warn(`Load average ${loadBefore} on ${cpus().length} cores before measuring: other work shares this machine, the figures will be noisy`);

    // The memo route: the index's writer, and one refresh in which every live market moves, measured alone.
    const memo = routes.find((r) => r.kind === 'memo');
    const writes =
      memo || routes.some((r) => r.writesDuringLoad)
        ? await LiveWrites.prepare({ indexUrl: data.indexUrl, serviceBase, headers, markEverySeconds: options.markEvery })
        : undefined;
    if (writes) stopping.push(() => writes.close());
    if (memo && writes && writes.liveMarkets > 0) {
      const before = await readMetrics(metricsBase);
      const delay = await writes.markOnce();
      // Served: the refresh that read it has been counted (with any unchanged one beside it).
      memo.fullRefresh = refreshFigures(before, await readMetrics(metricsBase));
      console.log(
        `${memo.route}: a snapshot for each of the ${writes.liveMarkets} live markets, served ${delay === null ? 'not within 10 s (or no market with candidates to watch)' : `after ${delay} ms`}`,
      );
    }
    const total = routes.length * 3 * options.rounds * (options.warmup + options.duration);
    console.log(
      `\nMeasuring ${routes.length} routes x (service, bare, pg) x ${options.rounds} round(s): ${options.connections} connections, ${options.warmup} s warm-up + ${options.duration} s each, about ${Math.ceil(total / 60)} min`,
    );
    for (const route of routes) {
      const runs: Record<'service' | 'bare' | 'pg', Measurement[]> = { service: [], bare: [], pg: [] };
      const measuring = { ...options, indexUrl: data.indexUrl };
      for (let round = 0; round < options.rounds; round++) {
        const around = !writes
          ? undefined
          : route.kind === 'memo'
            ? liveAround(writes, metricsBase)
            : route.writesDuringLoad
              ? writesAround(writes)
              : undefined;
        runs.service.push(await measure(serviceBase, route.path, headers, service.child.pid, measuring, around));
        runs.bare.push(await measure(bareBase, route.path, headers, bare.child.pid, measuring));
        runs.pg.push(await measure(pgBase, route.path, headers, pgCeiling.child.pid, measuring));
      }
      route.service = medianOf(runs.service);
      route.bare = medianOf(runs.bare);
      route.pg = medianOf(runs.pg);
      route.runs = runs;
      const each = (list: Measurement[]) => list.map((m) => m.rps.toFixed(m.rps < 10 ? 1 : 0)).join('/');
      console.log(`  ${route.route}: req/s per round: service ${each(runs.service)}, bare ${each(runs.bare)}, pg ${each(runs.pg)} (load average ${loads()})`);
    }

    const machine = `${cpus().length} cores, Node ${process.version}, load average (1 / 5 / 15 min) before ${loadBefore}, after ${loads()}`;
    console.log(
      `\nbench:market, ${data.preset} preset (seed ${data.seed}), ${options.connections} connections, ${options.rounds} x ${options.duration} s per route and server (medians), ${machine}, ${new Date().toISOString().slice(0, 10)}\n`,
    );
    console.log(formatTable(routes));
    const memoLines = formatMemo(routes);
    if (memoLines.length > 0) console.log(`\n${memoLines.join('\n')}`);
    const verdicts = evaluateTargets(routes);
    console.log('\nTargets');
    for (const v of verdicts) console.log(`  ${v.pass ? 'PASS' : 'FAIL'}  ${v.text}`);
    const resultsFile = join(DEV_DATA, `bench-market-${data.preset}.json`);
    writeFileSync(
      resultsFile,
      `${JSON.stringify({ date: new Date().toISOString(), machine, options, data: { ...data, pg: undefined }, market, holder, routes, verdicts }, null, 2)}\n`,
    );
    console.log(`\nFigures written to ${resultsFile}; logs in .dev-data/bench-market-*.log`);
  } finally {
    await stopAll();
  }
}

/**
 * --stream: the service's GET /stream with `--subscribers` clients (the admin key: a bot key may hold 5), a writer
 * committing `--stream-rate` trades a second for `--duration` s, then the same against the bare LISTEN fan-out.
 */
async function benchStream(run: {
  options: Options;
  data: Awaited<ReturnType<typeof prepareBenchData>>;
  market: string;
  positionId: string;
  servicePort: number;
  adminKey: string;
  service: ManagedProcess;
  profile: (name: string) => string[];
  stopping: (() => Promise<unknown>)[];
}): Promise<void> {
  const { options, data } = run;
  const loads = () =>
    loadavg()
      .map((x) => x.toFixed(2))
      .join(' / ');
  const loadBefore = loads();
  const ceilingPort = await getFreePort();
  const ceiling = await startServer(
    'stream-ceiling',
    [...run.profile('stream-ceiling'), '-r', REGISTER, join(__dirname, 'stream-ceiling-server.ts')],
    ceilingPort,
    {
      NODE_ENV: 'production',
      INDEX_DATABASE_URL: data.indexUrl,
      PORT: String(ceilingPort),
    },
  );
  run.stopping.push(() => ceiling.stop());
  const common = {
    subscribers: options.subscribers,
    indexUrl: data.indexUrl,
    market: run.market,
    positionId: run.positionId,
    ratePerSecond: options.streamRate,
    seconds: options.duration,
  };
  console.log(`
Stream: ${options.subscribers} subscribers, ${options.streamRate} trades/s for ${options.duration} s, one replica, then the bare LISTEN fan-out (load average ${loadBefore})`);
  const cpuOf = (pid: number | undefined) => () => {
    const s = cpuSeconds(pid);
    return s === undefined ? undefined : s * 1000;
  };
  const serviceRuns: StreamRun[] = [];
  const ceilingRuns: StreamRun[] = [];
  for (let round = 0; round < options.rounds; round++) {
    serviceRuns.push(
      await runStreamLoad({
        ...common,
        port: run.servicePort,
        path: '/stream?channels=trades',
        headers: { 'x-api-key': run.adminKey },
        cpuMs: cpuOf(run.service.child.pid),
      }),
    );
    console.log(`  ${formatStreamRun('service', serviceRuns[round])} (load average ${loads()})`);
    ceilingRuns.push(await runStreamLoad({ ...common, port: ceilingPort, path: '/stream', headers: {}, cpuMs: cpuOf(ceiling.child.pid) }));
    console.log(`  ${formatStreamRun('bare', ceilingRuns[round])} (load average ${loads()})`);
  }
  const machine = `${cpus().length} cores, Node ${process.version}, load average (1 / 5 / 15 min) before ${loadBefore}, after ${loads()}`;
  console.log(`
bench:market --stream, ${new Date().toISOString().slice(0, 10)}, ${machine}`);
  const worstP99 = Math.max(...serviceRuns.map((r) => r.p99));
  const complete = serviceRuns.every((r) => r.delivered === r.expected);
  const ratios = serviceRuns.map((r, i) => (r.cpuMsPerDelivered ?? NaN) / (ceilingRuns[i].cpuMsPerDelivered ?? NaN));
  const verdicts = [
    { pass: worstP99 < 100, text: `commit -> wire p99 ${worstP99.toFixed(1)} ms with ${options.subscribers} subscribers (target < 100 ms)` },
    { pass: complete, text: `every event reached every subscriber (${serviceRuns.map((r) => `${r.delivered}/${r.expected}`).join(', ')})` },
  ];
  console.log(`  CPU per delivered event, service / bare: ${ratios.map((r) => `${r.toFixed(1)}x`).join(', ')}`);
  for (const v of verdicts) console.log(`  ${v.pass ? 'PASS' : 'FAIL'}  ${v.text}`);
  const resultsFile = join(DEV_DATA, `bench-market-stream-${data.preset}.json`);
  writeFileSync(resultsFile, `${JSON.stringify({ date: new Date().toISOString(), machine, options, serviceRuns, ceilingRuns, ratios, verdicts }, null, 2)}\n`);
  console.log(`\nFigures written to ${resultsFile}`);
}

// A missed target is a finding, not a failure of the command: exit 0 whenever the run completed.
main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  },
);
