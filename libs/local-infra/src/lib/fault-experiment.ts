/** One answer seen during a fault experiment; status 0 when no HTTP answer came at all. */
export interface ObservedCall {
  startedAt: number;
  endedAt: number;
  status: number;
}

export interface FaultExperiment {
  /** Named in the report, e.g. `Postgres SIGSTOP`. */
  fault: string;
  /** One request to the service; resolves with its HTTP status (0 when none). */
  call: () => Promise<number>;
  inject: () => Promise<void> | void;
  heal: () => Promise<void> | void;
  /** Concurrent callers, each calling again as soon as (plus `pauseMs`) its last call ended. */
  concurrency?: number;
  pauseMs?: number;
  /** Load before the fault, so calls are in flight when it strikes. */
  warmupMs?: number;
  faultMs?: number;
  /** Give up waiting for recovery after this long (then `recoveryMs` is undefined). */
  recoverWithinMs?: number;
  /** Statuses that mean "served" (recovery); the rest count as failures. */
  ok?: (status: number) => boolean;
}

export interface FaultTimings {
  fault: string;
  calls: number;
  /** How many answers of each status, over the whole experiment. */
  statuses: Record<string, number>;
  /** From the fault to the first failure answer (a 5xx other than 500, or none), ms. */
  firstFailureMs?: number;
  /** From healing to the first served answer to a call started after it, ms. */
  recoveryMs?: number;
  /** The longest answer of the experiment, ms. */
  longestMs: number;
  /** The status of that longest answer (0: no answer). */
  longestStatus: number;
  /** Median answer time of the calls started during the fault, ms. */
  p50FaultMs: number;
  observed: ObservedCall[];
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function median(values: number[]): number {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor((sorted.length - 1) / 2)];
}

/**
 * Loads a service, injects a fault (a stopped Postgres, a hung RPC node), keeps loading,
 * heals it and waits for the service to serve again, recording every answer: what the fault
 * tests assert on and what `npm run bench:faults` prints. No restart of the service is involved.
 */
export async function runFaultExperiment(experiment: FaultExperiment): Promise<FaultTimings> {
  const {
    concurrency = 6,
    pauseMs = 20,
    warmupMs = 300,
    faultMs = 3_000,
    recoverWithinMs = 15_000,
    ok = (status) => status >= 200 && status < 300,
  } = experiment;
  const observed: ObservedCall[] = [];
  let running = true;
  const worker = async () => {
    while (running) {
      const startedAt = Date.now();
      const status = await experiment.call().catch(() => 0);
      observed.push({ startedAt, endedAt: Date.now(), status });
      await sleep(pauseMs);
    }
  };
  const workers = Array.from({ length: concurrency }, () => worker());
  await sleep(warmupMs);
  const injectedAt = Date.now();
  await experiment.inject();
  await sleep(faultMs);
  const healedAt = Date.now();
  await experiment.heal();
  let recoveredAt: number | undefined;
  while (Date.now() - healedAt < recoverWithinMs) {
    recoveredAt = observed
      .filter((c) => c.startedAt >= healedAt && ok(c.status))
      .map((c) => c.endedAt)
      .sort((a, b) => a - b)[0];
    if (recoveredAt !== undefined) break;
    await sleep(25);
  }
  running = false;
  await Promise.all(workers);

  const statuses: Record<string, number> = {};
  for (const c of observed) statuses[String(c.status)] = (statuses[String(c.status)] ?? 0) + 1;
  const failures = observed.filter((c) => c.endedAt >= injectedAt && !ok(c.status)).map((c) => c.endedAt);
  const durations = observed.map((c) => c.endedAt - c.startedAt);
  const longest = observed.reduce<ObservedCall | undefined>((a, c) => (a && a.endedAt - a.startedAt >= c.endedAt - c.startedAt ? a : c), undefined);
  return {
    fault: experiment.fault,
    calls: observed.length,
    statuses,
    firstFailureMs: failures.length > 0 ? Math.min(...failures) - injectedAt : undefined,
    recoveryMs: recoveredAt === undefined ? undefined : recoveredAt - healedAt,
    longestMs: Math.max(0, ...durations),
    longestStatus: longest?.status ?? 0,
    p50FaultMs: median(observed.filter((c) => c.startedAt >= injectedAt && c.startedAt < healedAt).map((c) => c.endedAt - c.startedAt)),
    observed,
  };
}

/** One line per experiment, for the bench and for a failing test's message. */
export function describeFaultTimings(service: string, t: FaultTimings): string {
  const ms = (value: number | undefined) => (value === undefined ? 'never' : `${value} ms`);
  const statuses = Object.entries(t.statuses)
    .map(([status, count]) => `${status}x${count}`)
    .join(' ');
  return `${service} | ${t.fault} | first failure ${ms(t.firstFailureMs)} | recovery ${ms(t.recoveryMs)} | longest ${t.longestMs} ms (${t.longestStatus}) | p50 during fault ${t.p50FaultMs} ms | ${t.calls} calls: ${statuses}`;
}

/**
 * What a fault experiment did wrong, if anything (empty: all is well): a 500 or no answer at
 * all, an answer later than `boundMs` plus `marginMs`, no failure answer (the fault went
 * unseen), or no recovery. Each line carries the timings, for the test's failure message.
 */
export function faultProblems(service: string, t: FaultTimings, { boundMs, marginMs }: { boundMs: number; marginMs: number }): string[] {
  const report = describeFaultTimings(service, t);
  const problems: string[] = [];
  if (t.statuses['500'] || t.statuses['0']) problems.push(`a 500 or no answer: ${report}`);
  if (t.longestMs > boundMs + marginMs) problems.push(`an answer took ${t.longestMs} ms, over ${boundMs} + ${marginMs} ms: ${report}`);
  if (t.firstFailureMs === undefined) problems.push(`the fault was never answered as one: ${report}`);
  if (t.recoveryMs === undefined) problems.push(`no recovery: ${report}`);
  return problems;
}
