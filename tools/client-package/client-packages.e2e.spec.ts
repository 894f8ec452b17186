import { execFile } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { ensureDevSigningKey, getFreePort, ManagedProcess, PostgresServer, startAnvil, startTestPostgres, type AnvilNode } from '@perp/local-infra';
import { PRESETS, runSimulation } from '@perp/market-sim';
import { devServiceEnv } from '@perp/service';
import { beaconOpsAccounts, deployDevContracts, type DevContracts } from '../dev-stack/deploy-contracts';
import { startApp } from '../dev-stack/service-process';
import { buildClientPackage } from './build-client-package';

const run = promisify(execFile);
const ROOT = join(__dirname, '..', '..');
const TSC = join(ROOT, 'node_modules', 'typescript', 'bin', 'tsc');
const API_KEY = 'client-packages-test-admin-key-0123456789';
const LIBS = ['market-data-client', 'beacon-ops-client'];

/** A bot as its author writes it: the packages by name, strict types, real calls, figures printed as one JSON line. */
const BOT = `import { createMarketDataClient, MarketDataApiError, type Schemas } from '@perp-city/market-data-client';
import { createBeaconOpsClient } from '@perp-city/beacon-ops-client';

async function main(): Promise<void> {
  const [marketDataUrl, apiKey, beaconOpsUrl] = process.argv.slice(2);
  const md = createMarketDataClient({ baseUrl: marketDataUrl, apiKey });
  const page = await md.listMarkets({ sort: 'open_interest', limit: 2 });
  const first: Schemas['MarketDto'] = page.items[0];
  const candidates = await md.getLiquidatablePositions({ limit: 1 });
  let missing = '';
  try {
    await md.getMarket('0x00000000000000000000000000000000000000aa');
  } catch (error) {
    if (error instanceof MarketDataApiError) missing = error.code + ' ' + error.status;
  }
  const bo = createBeaconOpsClient({ baseUrl: beaconOpsUrl });
  const info = await bo.getServiceInfo();
  const ready = await bo.getReadiness();
  console.log(JSON.stringify({
    markets_total: page.total,
    top_market: { perp_address: first.perp_address, open_interest_long: first.open_interest_long, mark_price: first.mark_price },
    candidates_total: candidates.total,
    missing,
    beacon_ops: { chain_id: info.chain_id, registry: info.contracts.registry, ready: ready?.status },
  }));
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
`;

/** Calls the types must refuse: a number for an address, a string for a limit, an operation that does not exist. */
const WRONG = `import { createMarketDataClient } from '@perp-city/market-data-client';
import { createBeaconOpsClient } from '@perp-city/beacon-ops-client';
const md = createMarketDataClient({ baseUrl: 'http://127.0.0.1:1' });
void md.getMarket(42);
void md.listMarkets({ limit: 'ten' });
void createBeaconOpsClient({ baseUrl: 'http://127.0.0.1:1' }).updateBeacon({ beacon_address: 7 });
`;

const tsconfig = (compilerOptions: Record<string, unknown>) =>
  JSON.stringify({
    compilerOptions: {
      strict: true,
      target: 'es2022',
      lib: ['es2022', 'dom'],
      // The bot's own machine has @types/node; here the workspace's copy stands in for it.
      typeRoots: [join(ROOT, 'node_modules', '@types')],
      types: ['node'],
      outDir: 'out',
      ...compilerOptions,
    },
    include: ['*.ts'],
  });

/** The tarball `npm pack --silent` printed (its last line). */
function packed(dir: string, stdout: string): string {
  const name = stdout.trim().split('\n').pop();
  if (!name?.endsWith('.tgz')) throw new Error(`npm pack printed no tarball: ${stdout}`);
  return join(dir, name);
}

/** Compiles the folder; a failure carries tsc's diagnostics (printed on stdout). */
const tsc = (dir: string) =>
  run(process.execPath, [TSC, '-p', dir], { cwd: dir }).then(
    () => undefined,
    (error: { stdout?: string; message?: string }) => {
      throw new Error(`tsc -p ${dir} failed:\n${error.stdout || error.message}`);
    },
  );
const tscErrors = (dir: string) =>
  run(process.execPath, [TSC, '-p', dir], { cwd: dir }).then(
    () => 'compiled',
    (error: { stdout?: string }) => error.stdout ?? '',
  );

/**
 * Timeouts: the four tsc runs took 112 s, the whole file 226 s, on 2 cores at load 19 (67 s of CPU).
 *
 * The typed clients as a bot outside this repository gets them: each lib built by its build
 * target's script and `npm pack`ed, the tarballs installed offline into an empty folder, a bot
 * compiled with the workspace's tsc --strict against the installed types (ESM under nodenext,
 * CJS under node16, plus the bundler and classic node10 resolutions) and run against a real
 * market-data (the simulator's small preset in Postgres) and a real beacon-ops (on anvil).
 */
describe('client packages (npm pack, install, compile, run)', () => {
  let pg: PostgresServer;
  let anvil: AnvilNode;
  let contracts: DevContracts;
  let marketData: ManagedProcess;
  let beaconOps: ManagedProcess;
  let work: string;
  let marketDataUrl: string;
  let beaconOpsUrl: string;
  let consumer: string;

  beforeAll(async () => {
    work = mkdtempSync(join(tmpdir(), 'client-packages-'));
    chmodSync(work, 0o755);
    const packing = (async () => {
      const tarballs = await Promise.all(
        LIBS.map(async (lib) => {
          const built = await buildClientPackage(lib, join(work, 'build', lib));
          const { stdout } = await run('npm', ['pack', built, '--pack-destination', work, '--silent'], { cwd: work });
          return packed(work, stdout);
        }),
      );
      // npm ci caches tarballs but not the registry's metadata, so `npm install --offline` cannot
      // resolve openapi-fetch's range on a fresh machine: its tarball (and its one dependency's)
      // is packed from the workspace's node_modules, the very versions the workspace tested.
      for (const dep of ['openapi-fetch', 'openapi-typescript-helpers']) {
        const { stdout } = await run('npm', ['pack', join(ROOT, 'node_modules', dep), '--pack-destination', work, '--silent'], { cwd: work });
        tarballs.push(packed(work, stdout));
      }
      consumer = join(work, 'bot');
      mkdirSync(consumer);
      writeFileSync(join(consumer, 'package.json'), JSON.stringify({ name: 'a-bot', private: true }));
      await run('npm', ['install', '--offline', '--no-audit', '--no-fund', '--ignore-scripts', ...tarballs], { cwd: consumer });
    })();

    const env = devServiceEnv();
    [pg, anvil] = await Promise.all([startTestPostgres(['perp_index', 'perp_source', 'market_data', 'beacon_ops']), startAnvil()]);
    const preset = PRESETS['small'];
    const end = Math.floor(Date.now() / 1000 / preset.intervalSeconds) * preset.intervalSeconds;
    await runSimulation({ preset, seed: '5', end, indexUrl: pg.url('perp_index'), sourceUrl: pg.url('perp_source') });
    contracts = await deployDevContracts({ rpcUrl: anvil.url, ...beaconOpsAccounts(env) });
    const [mdPort, boPort] = [await getFreePort(), await getFreePort()];
    const common = { ...env, PATH: process.env['PATH'] ?? '', METRICS_PORT: 'off', LOG_LEVEL: 'warn' };
    [marketData, beaconOps] = await Promise.all([
      startApp('market-data', mdPort, {
        ...common,
        INDEX_DATABASE_URL: pg.url('perp_index'),
        SOURCE_DATABASE_URL: pg.url('perp_source'),
        MARKET_DATA_DATABASE_URL: pg.url('market_data'),
        ADMIN_API_KEYS: API_KEY,
        JWT_JWKS_FILE: ensureDevSigningKey(join(work, 'keys')).files.jwks,
        MARKET_DATA_PORT: String(mdPort),
      }),
      startApp('beacon-ops', boPort, {
        ...common,
        ...contracts.env,
        BEACON_OPS_DATABASE_URL: pg.url('beacon_ops'),
        RPC_URL: anvil.url,
        BEACON_OPS_PORT: String(boPort),
      }),
    ]);
    marketDataUrl = `http://127.0.0.1:${mdPort}`;
    beaconOpsUrl = `http://127.0.0.1:${boPort}`;
    await packing;
  }, 300_000);

  afterAll(async () => {
    await Promise.all([marketData?.stop(), beaconOps?.stop()]);
    await Promise.all([anvil?.stop(), pg?.stop()]);
    if (work) rmSync(work, { recursive: true, force: true });
  });

  it('each package holds ESM, CJS, both declarations and only its runtime dependency', () => {
    const workspace = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8'));
    for (const lib of LIBS) {
      const installed = join(consumer, 'node_modules', '@perp-city', lib);
      const pkg = JSON.parse(readFileSync(join(installed, 'package.json'), 'utf8'));
      expect(pkg).toMatchObject({ name: `@perp-city/${lib}`, version: JSON.parse(readFileSync(join(ROOT, 'libs', lib, 'package.json'), 'utf8')).version });
      expect(pkg.dependencies).toEqual({ 'openapi-fetch': workspace.dependencies['openapi-fetch'] });
      expect(readdirSync(installed).sort()).toEqual(['README.md', 'cjs', 'esm', 'package.json']);
      expect(readFileSync(join(installed, 'esm', 'index.js'), 'utf8')).toMatch(/from '\.\/lib\/[\w-]+\.js'/);
      expect(readFileSync(join(installed, 'cjs', 'index.js'), 'utf8')).toMatch(/require\("\.\/lib\/[\w-]+"\)/);
    }
  });

  it('a strict TypeScript bot compiles against the installed types (ESM, CJS, bundler, node10) and prints real data', async () => {
    const variants = {
      esm: { type: 'module', compilerOptions: { module: 'nodenext', moduleResolution: 'nodenext' } },
      cjs: { type: 'commonjs', compilerOptions: { module: 'node16', moduleResolution: 'node16' } },
      bundler: { type: 'module', compilerOptions: { module: 'esnext', moduleResolution: 'bundler', noEmit: true } },
      node10: { type: 'commonjs', compilerOptions: { module: 'commonjs', moduleResolution: 'node10', noEmit: true } },
    };
    for (const [name, variant] of Object.entries(variants)) {
      const dir = join(consumer, name);
      mkdirSync(dir);
      writeFileSync(join(dir, 'package.json'), JSON.stringify({ type: variant.type }));
      writeFileSync(join(dir, 'tsconfig.json'), tsconfig(variant.compilerOptions));
      writeFileSync(join(dir, 'bot.ts'), BOT);
    }
    await Promise.all(Object.keys(variants).map((name) => tsc(join(consumer, name))));
    expect(readFileSync(join(consumer, 'esm', 'out', 'bot.js'), 'utf8')).toMatch(/^import .* from '@perp-city\/market-data-client';$/m);
    expect(readFileSync(join(consumer, 'cjs', 'out', 'bot.js'), 'utf8')).toContain('require("@perp-city/market-data-client")');

    const expected = await expectedFigures();
    for (const name of ['esm', 'cjs']) {
      const { stdout } = await run(process.execPath, [join(consumer, name, 'out', 'bot.js'), marketDataUrl, API_KEY, beaconOpsUrl], {
        cwd: join(consumer, name),
      });
      expect(JSON.parse(stdout)).toEqual(expected);
    }
  }, 300_000);

  it('a wrong call does not compile', async () => {
    const dir = join(consumer, 'wrong');
    mkdirSync(dir);
    writeFileSync(join(dir, 'package.json'), JSON.stringify({ type: 'module' }));
    writeFileSync(join(dir, 'tsconfig.json'), tsconfig({ module: 'nodenext', moduleResolution: 'nodenext', noEmit: true }));
    writeFileSync(join(dir, 'wrong.ts'), WRONG);
    const errors = await tscErrors(dir);
    expect(errors).toMatch(/wrong\.ts\(4,19\): error TS2345: Argument of type 'number' is not assignable to parameter of type 'string'/);
    expect(errors).toMatch(/wrong\.ts\(5,23\): error TS2322: Type 'string' is not assignable to type 'number'/);
    expect(errors).toMatch(/wrong\.ts\(6,\d+\): error TS2322: Type 'number' is not assignable to type 'string'/);
    expect(errors.match(/error TS/g)).toHaveLength(3);
  }, 120_000);

  /** What the bot must print, read here without the packages: the services' own answers and the deployment. */
  async function expectedFigures() {
    const get = async <T>(url: string, headers: Record<string, string> = {}) => (await (await fetch(url, { headers })).json()) as T;
    type Market = { perp_address: string; open_interest_long: string; mark_price: string | null };
    const page = await get<{ total: number; items: Market[] }>(`${marketDataUrl}/markets?sort=open_interest&limit=2`, { 'X-API-Key': API_KEY });
    const candidates = await get<{ total: number }>(`${marketDataUrl}/positions/liquidatable?limit=1`, { 'X-API-Key': API_KEY });
    const ready = await get<{ status: string }>(`${beaconOpsUrl}/ready`);
    expect(ready.status).toBe('ready');
    expect(page.total).toBe(PRESETS['small'].markets);
    return {
      markets_total: page.total,
      top_market: { perp_address: page.items[0].perp_address, open_interest_long: page.items[0].open_interest_long, mark_price: page.items[0].mark_price },
      candidates_total: candidates.total,
      missing: 'not_found 404',
      beacon_ops: {
        chain_id: String(contracts.chainId),
        registry: contracts.addresses.registry.toLowerCase(),
        ready: ready.status,
      },
    };
  }
});
