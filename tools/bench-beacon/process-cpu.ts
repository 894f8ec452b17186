import { readdirSync, readFileSync } from 'node:fs';

/** Linux clock ticks per second (USER_HZ), which /proc/<pid>/stat counts in. */
const TICKS_PER_SECOND = 100;

interface ProcStat {
  pid: number;
  ppid: number;
  ticks: number;
}

function stat(pid: number): ProcStat | undefined {
  try {
    const text = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name (field 2) may hold spaces: fields are counted after its closing parenthesis.
    const fields = text.slice(text.lastIndexOf(')') + 2).split(' ');
    return { pid, ppid: Number(fields[1]), ticks: Number(fields[11]) + Number(fields[12]) };
  } catch {
    return undefined;
  }
}

function cmdline(pid: number): string {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').join(' ');
  } catch {
    return '';
  }
}

const allPids = (): number[] => {
  try {
    return readdirSync('/proc')
      .filter((name) => /^\d+$/.test(name))
      .map(Number);
  } catch {
    return [];
  }
};

/**
 * CPU time of the processes each path costs, read from /proc: unlike wall time, it does not
 * depend on what else the machine runs. Elsewhere than Linux every figure is 0.
 */
export class ProcessCpu {
  constructor(private readonly groups: Record<string, () => number[]>) {}

  /** Processes whose command line contains every one of `parts`, plus their children (Postgres backends). */
  static matching(...parts: string[]): () => number[] {
    return () => {
      const stats = allPids()
        .map(stat)
        .filter((s): s is ProcStat => s !== undefined);
      const roots = stats.filter((s) => parts.every((p) => cmdline(s.pid).includes(p))).map((s) => s.pid);
      return [...roots, ...stats.filter((s) => roots.includes(s.ppid)).map((s) => s.pid)];
    };
  }

  /** CPU seconds per group so far (exited processes no longer count: sample around a phase). */
  sample(): Record<string, number> {
    const seconds: Record<string, number> = {};
    for (const [name, pids] of Object.entries(this.groups)) {
      seconds[name] = name === 'bench client' ? processSeconds() : pids().reduce((sum, pid) => sum + (stat(pid)?.ticks ?? 0), 0) / TICKS_PER_SECOND;
    }
    return seconds;
  }
}

function processSeconds(): number {
  const usage = process.cpuUsage();
  return (usage.user + usage.system) / 1e6;
}

/** Milliseconds of CPU per update, by group, between two samples. */
export function cpuPerUpdate(before: Record<string, number>, after: Record<string, number>, updates: number): Record<string, number> {
  return Object.fromEntries(Object.keys(after).map((name) => [name, ((after[name] - (before[name] ?? 0)) * 1000) / updates]));
}
