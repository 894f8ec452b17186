import { spawnSync, SpawnSyncReturns } from 'node:child_process';
import { join } from 'node:path';

const REGISTER = join(__dirname, '..', '..', '..', '..', 'tools', 'ts-register.js');

/** Runs a TypeScript entry point (an app's main.ts) to completion, as `npm start` would run it from source. */
export function runTsEntryPoint(entryPoint: string, env: NodeJS.ProcessEnv, timeoutMs = 60_000): SpawnSyncReturns<string> {
  return spawnSync(process.execPath, ['-r', REGISTER, entryPoint], { env: { ...process.env, ...env }, encoding: 'utf8', timeout: timeoutMs });
}
