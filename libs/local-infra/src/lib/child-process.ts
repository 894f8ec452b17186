import { ChildProcess, spawn, SpawnOptions } from 'node:child_process';
import { createWriteStream } from 'node:fs';

export interface ManagedProcess {
  readonly child: ChildProcess;
  readonly exited: Promise<number | null>;
  /** Sends `signal`, then SIGKILL after `graceMs`; resolves once the process is gone. */
  stop(signal?: NodeJS.Signals, graceMs?: number): Promise<void>;
}

/**
 * Spawns a long-running helper whose output goes to a log file (or nowhere), so a
 * crash can be diagnosed without flooding the terminal or the test output.
 */
export function spawnManaged(command: string, args: string[], options: SpawnOptions & { logFile?: string; killOnExit?: NodeJS.Signals } = {}): ManagedProcess {
  const { logFile, killOnExit = 'SIGTERM', ...spawnOptions } = options;
  const child = spawn(command, args, { ...spawnOptions, stdio: ['ignore', 'pipe', 'pipe'] });
  // A parent that exits without stopping its helpers (a crashed test worker, process.exit)
  // must not leave servers behind. Nothing can run on SIGKILL; a later start reclaims those.
  const reap = () => child.kill(killOnExit);
  process.once('exit', reap);
  child.once('exit', () => process.removeListener('exit', reap));
  if (logFile) {
    const log = createWriteStream(logFile, { flags: 'a' });
    child.stdout?.pipe(log);
    child.stderr?.pipe(log);
  } else {
    child.stdout?.resume();
    child.stderr?.resume();
  }
  const exited = new Promise<number | null>((resolve) => {
    child.once('exit', (code) => resolve(code));
    child.once('error', () => resolve(null));
  });
  let stopping: Promise<void> | undefined;
  return {
    child,
    exited,
    stop(signal: NodeJS.Signals = 'SIGTERM', graceMs = 10_000) {
      stopping ??= (async () => {
        if (child.exitCode !== null || child.signalCode !== null) return;
        child.kill(signal);
        const timer = setTimeout(() => child.kill('SIGKILL'), graceMs);
        await exited;
        clearTimeout(timer);
      })();
      return stopping;
    },
  };
}

export function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}
