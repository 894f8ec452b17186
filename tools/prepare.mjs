#!/usr/bin/env node
// Runs before the npm scripts that execute TypeScript from the repository (`npm start`, the
// benchmarks, prove...): installs from the lockfile when needed, then has Nx build (or find in
// its cache) what the script imports or spawns, e.g. `node tools/prepare.mjs tools:dev-stack-deps`.
// Everything it prints goes to stderr, so a script whose stdout is its result (prove) stays clean.
import { spawnSync } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const toStderr = { cwd: root, stdio: ['ignore', 2, 2] };

function run(command, args, env = process.env) {
  const result = spawnSync(command, args, { ...toStderr, env });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

run(process.execPath, [join(root, 'tools', 'ensure-deps.mjs')]);
const target = process.argv[2];
if (target) {
  // No daemon: `npm start` and Ctrl-C must leave no process behind.
  const env = { ...process.env, NX_DAEMON: 'false', NX_TUI: 'false', NX_NO_CLOUD: 'true' };
  run(join(root, 'node_modules', '.bin', 'nx'), ['run', target, '--outputStyle=static'], env);
}
