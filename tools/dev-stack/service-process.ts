import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { ManagedProcess, spawnManaged, waitUntil } from '@perp/local-infra';
import { REPO_ROOT } from './dev-settings';

const COLORS = { 'market-data': '\x1b[36m', 'beacon-ops': '\x1b[35m' } as const;
export type AppName = keyof typeof COLORS;

/** Builds both apps through Nx (cached: a second start skips unchanged builds). */
export function buildApps(apps: AppName[]): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn('npx', ['nx', 'run-many', '-t', 'build', '-p', ...apps, '--outputStyle=static'], {
      cwd: REPO_ROOT,
      stdio: ['ignore', 'inherit', 'inherit'],
      env: { ...process.env, NX_DAEMON: 'false' },
    });
    child.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`build failed with exit code ${code}`))));
  });
}

/** Runs a built app with its output prefixed by its name, and waits for /health. */
export async function startApp(name: AppName, port: number, env: NodeJS.ProcessEnv): Promise<ManagedProcess> {
  const app = spawnManaged(process.execPath, ['--enable-source-maps', join(REPO_ROOT, 'dist', 'apps', name, 'main.js')], {
    cwd: REPO_ROOT,
    env,
  });
  const prefix = `${COLORS[name]}[${name}]\x1b[0m `;
  for (const stream of [app.child.stdout, app.child.stderr]) {
    if (stream) createInterface({ input: stream }).on('line', (line) => process.stdout.write(`${prefix}${line}\n`));
  }
  const died = app.exited.then((code) => {
    throw new Error(`${name} exited with code ${code} before it was healthy`);
  });
  died.catch(() => undefined);
  await Promise.race([
    waitUntil(`${name} /health`, async () => (await fetch(`http://127.0.0.1:${port}/health`)).ok, { timeoutMs: 60_000, intervalMs: 250 }),
    died,
  ]);
  return app;
}
