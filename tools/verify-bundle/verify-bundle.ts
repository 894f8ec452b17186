import { chmodSync, cpSync, existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { PostgresServer, startPostgres, waitUntil } from '@perp/local-infra';
import { bundleDir, BundleApp } from '../bundle/make-bundle';
import { AppTarget, PreparedTarget } from './app-target';
import { beaconOpsTarget } from './beacon-ops-target';
import { BundleProcess } from './bundle-process';
import { diskUsage } from './disk-usage';
import { httpCall } from './http-call';
import { indexerTarget } from './indexer-target';
import { marketDataTarget } from './market-data-target';
import { strongSecret } from './strong-secret';
import { check, VerifyError } from './verify-error';

const TARGETS: Record<BundleApp, AppTarget> = { 'market-data': marketDataTarget, 'beacon-ops': beaconOpsTarget, indexer: indexerTarget };
const NPM_CI_TIMEOUT_MS = 300_000;
const MIGRATE_TIMEOUT_MS = 120_000;
const HEALTH_TIMEOUT_MS = 60_000;
const READY_TIMEOUT_MS = 30_000;

export interface VerifyReport {
  app: BundleApp;
  bundleBytes: number;
  installedBytes: number;
  /** Milliseconds per step, in order. */
  timings: [string, number][];
  checks: string[];
  /** What `node main.js migrate` printed, first and second run. */
  migrateOutput: string[];
}

/**
 * What a deploy does, with no Docker: the bundle alone in an empty folder, `npm ci --omit=dev`,
 * a fresh Postgres (and for beacon-ops a fresh anvil with the contracts), `node main.js migrate`
 * twice (the second applies nothing), then `node main.js` with production settings only, /health,
 * /ready and real authenticated requests. Everything started is stopped and every temp folder
 * removed, whatever happens; a failure throws VerifyError with the failing process's output.
 */
export async function verifyBundle(app: BundleApp, options: { bundle?: string; log?: (line: string) => void } = {}): Promise<VerifyReport> {
  const log = options.log ?? (() => undefined);
  const source = options.bundle ?? bundleDir(app);
  for (const file of ['main.js', 'package.json', 'package-lock.json']) {
    check(existsSync(join(source, file)), `${join(source, file)} is missing: run \`npx nx run ${app}:bundle\` first`);
  }
  const timings: [string, number][] = [];
  const timed = async <T>(step: string, work: () => Promise<T>): Promise<T> => {
    const started = Date.now();
    log(`${app}: ${step}...`);
    const result = await work();
    timings.push([step, Date.now() - started]);
    return result;
  };

  // World-traversable, so that Postgres (run as `nobody` when we are root) reaches its cluster.
  const root = mkdtempSync(join(tmpdir(), `verify-bundle-${app}-`));
  chmodSync(root, 0o755);
  const appDir = join(root, 'app');
  const home = join(root, 'home');
  mkdirSync(home);
  let postgres: PostgresServer | undefined;
  let prepared: PreparedTarget | undefined;
  let service: BundleProcess | undefined;
  try {
    cpSync(source, appDir, { recursive: true });
    const bundleBytes = diskUsage(appDir);
    await timed('npm ci --omit=dev', () => npmCi(appDir));
    const installedBytes = diskUsage(appDir);

    const target = TARGETS[app];
    const password = strongSecret();
    postgres = await timed('start Postgres', async () => {
      const server = await startPostgres({ dataDir: join(root, 'postgres'), ephemeral: true, logFile: join(root, 'postgres.log') });
      // Trust authentication ignores it, but the URLs carry a password as production's do: the output must mask it.
      for (const database of target.databases) await server.createDatabase(database);
      return server;
    });
    const server = postgres;
    const url = (database: string) => server.url(database).replace('postgres@', `postgres:${password}@`);
    prepared = await timed(app === 'market-data' ? 'start identity provider' : 'start anvil, deploy contracts', () => target.prepare({ server, url }, root));

    // Only production settings: nothing inherited from this shell.
    const env: NodeJS.ProcessEnv = { NODE_ENV: 'production', PATH: `${dirname(process.execPath)}:/usr/bin:/bin`, HOME: home, ...prepared.env };
    const first = await timed('node main.js migrate', () => migrate(appDir, env));
    checkMigrateOutput(first, target.stores, password, 'applied');
    const second = await timed('node main.js migrate (again)', () => migrate(appDir, env));
    checkMigrateOutput(second, target.stores, password, 'up to date');

    const base = `http://127.0.0.1:${prepared.port}`;
    service = new BundleProcess(process.execPath, ['--enable-source-maps', 'main.js'], { cwd: appDir, env });
    const running = service;
    await timed('boot to /health', () => healthy(running, base));
    await timed('/ready', async () => {
      let last = '';
      await waitUntil(
        `${app} /ready`,
        async () => {
          const ready = await httpCall(`${base}/ready`);
          last = `${ready.status} ${ready.text}`;
          return ready.status === 200;
        },
        { timeoutMs: READY_TIMEOUT_MS, intervalMs: 250 },
      ).catch(() => {
        throw new VerifyError(`${app} /ready did not answer 200 within ${READY_TIMEOUT_MS / 1000} s (last: ${last})`, running.output);
      });
    });
    const prep = prepared;
    const checks = await timed('authenticated requests', () =>
      prep.exercise(base).catch((error: unknown) => {
        // A timeout or a refused connection says little alone: show what the service logged.
        if (error instanceof VerifyError && error.output) throw error;
        throw new VerifyError(`${app} request failed: ${error instanceof Error ? error.message : String(error)}`, running.output);
      }),
    );
    const stoppedInTime = await timed('stop (SIGTERM)', () => running.stop());
    check(stoppedInTime, `${app} did not exit within 10 s of SIGTERM`, running.output);
    check(!running.output.includes(password), `${app}'s output shows the database password`, running.output);
    return {
      app,
      bundleBytes,
      installedBytes,
      timings,
      checks: ['migrate: every store applied, then up to date; password masked', '/health 200, /ready 200', ...checks, 'stopped on SIGTERM'],
      migrateOutput: [first, second].flatMap((output) => output.trimEnd().split('\n')),
    };
  } finally {
    await service?.stop(5_000);
    await prepared?.stop().catch(() => undefined);
    await postgres?.stop().catch(() => undefined);
    rmSync(root, { recursive: true, force: true });
  }
}

async function npmCi(cwd: string): Promise<void> {
  // The install itself uses this machine's npm configuration (registry, cache), as a build stage would.
  const npm = new BundleProcess('npm', ['ci', '--omit=dev', '--no-audit', '--no-fund'], { cwd, env: { ...process.env, NODE_ENV: 'production' } });
  const code = await npm.finished('npm ci', NPM_CI_TIMEOUT_MS).catch((error: Error) => {
    throw new VerifyError(error.message, npm.output);
  });
  check(code === 0, `npm ci --omit=dev exited with ${code} in a folder holding only the bundle`, npm.output);
}

async function migrate(cwd: string, env: NodeJS.ProcessEnv): Promise<string> {
  const run = new BundleProcess(process.execPath, ['main.js', 'migrate'], { cwd, env });
  const code = await run.finished('node main.js migrate', MIGRATE_TIMEOUT_MS).catch((error: Error) => {
    throw new VerifyError(error.message, run.output);
  });
  check(code === 0, `node main.js migrate exited with ${code}`, run.output);
  return run.output;
}

/** Each store on its own line: `applied ...` on a fresh database, `up to date` on the second run; the URL password masked. */
function checkMigrateOutput(output: string, stores: number, password: string, expected: 'applied' | 'up to date'): void {
  const lines = output.split('\n').filter((line) => /^\S+ migrate: .+ \(postgres:\/\/.+\): /.test(line));
  check(lines.length === stores, `node main.js migrate reported ${lines.length} stores, expected ${stores}`, output);
  const wrong = lines.filter((line) => (expected === 'applied' ? !/\): applied \S/.test(line) : !line.endsWith('): up to date')));
  check(wrong.length === 0, `node main.js migrate: expected every store "${expected}"${expected === 'up to date' ? ' on the second run' : ''}`, output);
  check(
    !output.includes(password) && lines.every((line) => line.includes(':***@')),
    'node main.js migrate must print database URLs with the password masked',
    output,
  );
}

async function healthy(service: BundleProcess, base: string): Promise<void> {
  const died = service.exited.then((code) => {
    throw new VerifyError(`node main.js exited with ${code} before /health answered`, service.output);
  });
  died.catch(() => undefined);
  await Promise.race([
    waitUntil('/health', async () => (await httpCall(`${base}/health`, { timeoutMs: 2_000 })).status === 200, {
      timeoutMs: HEALTH_TIMEOUT_MS,
      intervalMs: 200,
    }).catch((error: Error) => {
      throw new VerifyError(error.message, service.output);
    }),
    died,
  ]);
}
