import { readdirSync, readFileSync } from 'node:fs';

/** Linux clock ticks per second (USER_HZ), which /proc/<pid>/stat counts in. */
const TICKS_PER_SECOND = 100;

interface Stat {
  pid: number;
  ppid: number;
  /** utime + stime of the process itself (all its threads). */
  own: number;
  /** cutime + cstime: its children that exited and were waited for. */
  reaped: number;
}

function stat(pid: number): Stat | undefined {
  try {
    const text = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name (field 2) may hold spaces: fields are counted after its closing parenthesis.
    const f = text.slice(text.lastIndexOf(')') + 2).split(' ');
    return { pid, ppid: Number(f[1]), own: Number(f[11]) + Number(f[12]), reaped: Number(f[13]) + Number(f[14]) };
  } catch {
    return undefined;
  }
}

/** CPU seconds (user + system) one process has used so far; undefined once it is gone (or off Linux). */
export function processCpuSeconds(pid: number | undefined): number | undefined {
  const s = pid === undefined ? undefined : stat(pid);
  return s && s.own / TICKS_PER_SECOND;
}

/**
 * CPU seconds of a server and its children so far: the root's own time, its live children's (a
 * Postgres backend, the WAL writer...), and what its exited children used (the postmaster waits
 * for each backend, so a closed connection's CPU stays counted).
 */
export function treeCpuSeconds(rootPid: number): number | undefined {
  const root = stat(rootPid);
  if (!root) return undefined;
  let ticks = root.own + root.reaped;
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    const child = stat(Number(name));
    if (child?.ppid === rootPid) ticks += child.own + child.reaped;
  }
  return ticks / TICKS_PER_SECOND;
}
