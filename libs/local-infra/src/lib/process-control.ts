import { readdirSync, readFileSync } from 'node:fs';

/** The pids whose parent is `pid` (Linux /proc), e.g. a postmaster's backends. */
export function childPids(pid: number): number[] {
  const children: number[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      // Field 4 of /proc/PID/stat is the parent pid; the name (field 2) may hold spaces, so parse after its ')'.
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const parent = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      if (parent === pid) children.push(Number(entry));
    } catch {
      // The process ended while we looked.
    }
  }
  return children;
}

function signal(pid: number, name: NodeJS.Signals): void {
  try {
    process.kill(pid, name);
  } catch {
    // Already gone.
  }
}

const suspended = new Set<number>();
let resumeOnExit = false;

/**
 * Freezes a server the way a stalled disk or a network partition looks to its clients:
 * SIGSTOP to `pid` (first, so it forks nothing new) and to each of its children. Only ever
 * for a process this test started (pass the pid of our own child). A frozen server is
 * resumed if this process exits first, so that nothing stays stopped behind a failed test.
 */
export function suspendProcessTree(pid: number): void {
  signal(pid, 'SIGSTOP');
  for (const child of childPids(pid)) signal(child, 'SIGSTOP');
  suspended.add(pid);
  if (!resumeOnExit) {
    resumeOnExit = true;
    process.once('exit', () => {
      for (const frozen of suspended) resumeProcessTree(frozen);
    });
  }
}

/** Undoes suspendProcessTree: SIGCONT to the children, then to `pid`. */
export function resumeProcessTree(pid: number): void {
  for (const child of childPids(pid)) signal(child, 'SIGCONT');
  signal(pid, 'SIGCONT');
  suspended.delete(pid);
}
