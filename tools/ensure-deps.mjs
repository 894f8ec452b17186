#!/usr/bin/env node
// Runs before `npm start` and `npm test`: installs from the lockfile when node_modules is
// missing or was installed from another lockfile, so both commands work on a fresh clone.
// Only Node built-ins here: nothing is installed yet when this runs.
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { execSync } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const lockfile = join(root, 'package-lock.json');
const stamp = join(root, 'node_modules', '.installed-lock-sha256');
const wanted = createHash('sha256').update(readFileSync(lockfile)).digest('hex');
const installed = existsSync(stamp) ? readFileSync(stamp, 'utf8').trim() : '';

if (installed !== wanted) {
  console.log(existsSync(join(root, 'node_modules')) ? 'package-lock.json changed: reinstalling...' : 'Installing dependencies from package-lock.json...');
  // Not `npm ci`: the registry reachable here lacks other platforms' optional binaries
  // (anvil for macOS, Jest's resolver bindings...), so npm never records them in the lock and
  // `npm ci` then refuses it as out of sync. `npm install --no-save` installs exactly the
  // locked versions (integrity-checked) and never rewrites the lockfile.
  execSync('npm install --no-save --no-audit --no-fund', { cwd: root, stdio: 'inherit' });
  writeFileSync(stamp, `${wanted}\n`);
}
