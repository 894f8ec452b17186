export interface Run<T = string> {
  results: PromiseSettledResult<T>[];
  latenciesMs: number[];
  wallMs: number;
}

/** Several timed runs of one path as one: wall times add up, latencies pool. */
export function joinRuns<T>(runs: Run<T>[]): Run<T> {
  return {
    results: runs.flatMap((r) => r.results),
    latenciesMs: runs.flatMap((r) => r.latenciesMs),
    wallMs: runs.reduce((sum, r) => sum + r.wallMs, 0),
  };
}

/** Runs `count` jobs with at most `concurrency` at a time and times each one. */
export async function runBounded<T>(count: number, concurrency: number, job: (i: number) => Promise<T>): Promise<Run<T>> {
  const results: PromiseSettledResult<T>[] = new Array(count);
  const latenciesMs: number[] = new Array(count);
  let next = 0;
  const started = performance.now();
  const worker = async () => {
    for (let i = next++; i < count; i = next++) {
      const t0 = performance.now();
      try {
        results[i] = { status: 'fulfilled', value: await job(i) };
      } catch (reason) {
        results[i] = { status: 'rejected', reason };
      }
      latenciesMs[i] = performance.now() - t0;
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, count) }, worker));
  return { results, latenciesMs, wallMs: performance.now() - started };
}

export function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))];
}

export interface PathFigures {
  path: string;
  updates: number;
  confirmed: number;
  wallMs: number;
  perSecond: number;
  p50Ms: number;
  p99Ms: number;
  nonceErrors: number;
  failures: number;
}

export function figures(path: string, run: { latenciesMs: number[]; wallMs: number }, confirmed: number, nonceErrors: number): PathFigures {
  const updates = run.latenciesMs.length;
  return {
    path,
    updates,
    confirmed,
    wallMs: run.wallMs,
    perSecond: (confirmed / run.wallMs) * 1000,
    p50Ms: percentile(run.latenciesMs, 50),
    p99Ms: percentile(run.latenciesMs, 99),
    nonceErrors,
    failures: updates - confirmed,
  };
}
