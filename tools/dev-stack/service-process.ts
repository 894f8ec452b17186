import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { ManagedProcess, spawnManaged, waitUntil } from '@perp/local-infra';
import { REPO_ROOT } from './dev-settings';

const COLORS = { 'market-data': '\x1b[36m', 'beacon-ops': '\x1b[35m', indexer: '\x1b[33m' } as const;
export type AppName = keyof typeof COLORS;

/** Runs a built app with its output prefixed by its name, and waits for /health. */
export async function startApp(name: AppName, port: number, env: NodeJS.ProcessEnv): Promise<ManagedProcess> {
  const main = join(REPO_ROOT, 'dist', 'apps', name, 'main.js');
  // `npm start` builds it first (tools/prepare.mjs); running this file directly does not.
  if (!existsSync(main)) throw new Error(`${main} is missing: start the stack with \`npm start\`, which builds the apps first`);
  const app = spawnManaged(process.execPath, ['--enable-source-maps', main], {
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
