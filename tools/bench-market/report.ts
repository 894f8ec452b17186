/**
 * bench:market's figures, its table and its targets: cached >= 50 % of bare, DB >= 70 % of
 * hand-written pg, and for /positions/liquidatable (a memo refreshed in the background) p99 < 50 ms,
 * CPU per request of the request thread within 3x the bare ceiling's, a change of the index served
 * within 2 s, the same answer as the hand-written full computation; its refreshes' cost printed beside.
 */
import type { LiveWritesResult } from './live-writes';
import type { RefreshFigures } from './service-metrics';

export interface Measurement {
  /** Completed 2xx responses per second. */
  rps: number;
  /** Latency percentiles in milliseconds (autocannon's 1 ms resolution). */
  p50: number;
  p99: number;
  /** Errors, timeouts and non-2xx answers: a run with any is not a valid figure. */
  errors: number;
  /** CPU time of the server process per request, when /proc can tell. */
  cpuMsPerRequest?: number;
  /** A memo route: the same without its background refreshes' CPU (the worker thread's), i.e. what the request thread spends per request. */
  requestCpuMsPerRequest?: number;
  /** A memo route: its refreshes during the run, and the writes that moved the index meanwhile. */
  live?: { refresh: RefreshFigures; writes: LiveWritesResult };
}

export interface RouteResult {
  route: string;
  path: string;
  /**
   * `cached`: memoised in the service (detail, live, stats), judged against the bare ceiling;
   * `db`: against the pg handler; `memo`: an answer kept by a background refresh
   * (/positions/liquidatable), judged on its p99, its CPU per request against the bare ceiling's,
   * its freshness, and answering what the pg handler computes from scratch; `reference`: no
   * target, shown against the bare ceiling (GET /health: what the framework alone costs per request).
   */
  kind: 'cached' | 'db' | 'memo' | 'reference';
  /** A latency target of its own besides the kind's (the candles: p99 under 50 ms at 16 connections, issue 22). */
  p99TargetMs?: number;
  /** The index moves while the service is measured (live-writes.ts), so a kept answer is read again as in production. */
  writesDuringLoad?: boolean;
  bytes?: number;
  /** How the pg handler's answer compared with the service's. */
  pgSame?: 'bytes' | 'json' | 'differs';
  service?: Measurement;
  bare?: Measurement;
  pg?: Measurement;
  /** Every measured run, when there were several rounds. */
  runs?: Record<'service' | 'bare' | 'pg', Measurement[]>;
  /** A memo route: one refresh in which every live market moved, measured alone before the load. */
  fullRefresh?: RefreshFigures;
}

const median = (values: number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
};

/** Each figure's median over the rounds (errors: their sum). */
export function medianOf(runs: Measurement[]): Measurement {
  const cpu = runs.map((r) => r.cpuMsPerRequest).filter((x): x is number => x !== undefined);
  const requestCpu = runs.map((r) => r.requestCpuMsPerRequest).filter((x): x is number => x !== undefined);
  return {
    rps: median(runs.map((r) => r.rps)),
    p50: median(runs.map((r) => r.p50)),
    p99: median(runs.map((r) => r.p99)),
    errors: runs.reduce((sum, r) => sum + r.errors, 0),
    cpuMsPerRequest: cpu.length ? median(cpu) : undefined,
    requestCpuMsPerRequest: requestCpu.length ? median(requestCpu) : undefined,
  };
}

export interface Verdict {
  route: string;
  pass: boolean;
  text: string;
}

/**
 * cachedCpuVsBare: a cached read (logs and metrics on) costs at most this many times the bare ceiling's CPU per request (issue 14, item 7).
 * memo*: /positions/liquidatable (issue 25): p99, the request thread's CPU per request against the bare ceiling's, and how late a change of the index may be served.
 */
export const TARGETS = { cachedVsBare: 0.5, dbVsPg: 0.7, cachedCpuVsBare: 2, memoP99Ms: 50, memoCpuVsBare: 3, memoServedWithinMs: 2_000 };

const ceilingOf = (r: RouteResult): Measurement | undefined => (r.kind === 'db' ? r.pg : r.bare);
const ratio = (r: RouteResult): number | undefined => {
  const ceiling = ceilingOf(r);
  return r.service && ceiling && ceiling.rps > 0 ? r.service.rps / ceiling.rps : undefined;
};
const pct = (x: number | undefined) => (x === undefined ? '-' : x > 10 ? `${Math.round(x)}x` : `${Math.round(x * 100)} %`);
const rps = (m: Measurement | undefined) => (m ? `${m.rps < 10 ? m.rps.toFixed(1) : Math.round(m.rps)}${m.errors ? ` (${m.errors} errors)` : ''}` : '-');
// Three places: a cached read costs a few hundredths of a millisecond, and two places hide a 2x difference.
const ms = (x: number | undefined) => (x === undefined ? '-' : x.toFixed(3));

export function formatTable(routes: RouteResult[]): string {
  const head = ['route', 'service req/s', 'p50 ms', 'p99 ms', 'bare req/s (a)', 'pg req/s (b)', 'ratio', 'cpu ms/req service / ceiling', 'body bytes'];
  const rows = routes.map((r) => [
    r.route,
    rps(r.service),
    String(r.service?.p50 ?? '-'),
    String(r.service?.p99 ?? '-'),
    `${rps(r.bare)} (p99 ${r.bare?.p99 ?? '-'})`,
    `${rps(r.pg)} (p99 ${r.pg?.p99 ?? '-'})${r.pgSame === 'differs' ? ' !' : ''}`,
    `${pct(ratio(r))} of ${r.kind === 'db' ? '(b)' : '(a)'}`,
    r.kind === 'memo' && r.service?.requestCpuMsPerRequest !== undefined && r.service.cpuMsPerRequest !== undefined
      ? `${ms(r.service.requestCpuMsPerRequest)} (+${ms(r.service.cpuMsPerRequest - r.service.requestCpuMsPerRequest)} refresh) / ${ms(ceilingOf(r)?.cpuMsPerRequest)}`
      : `${ms(r.service?.cpuMsPerRequest)} / ${ms(ceilingOf(r)?.cpuMsPerRequest)}`,
    String(r.bytes ?? '-'),
  ]);
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((row) => row[i].length)));
  const line = (cells: string[]) => `| ${cells.map((c, i) => c.padEnd(widths[i])).join(' | ')} |`;
  return [line(head), `|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`, ...rows.map(line)].join('\n');
}

const fixed = (x: number | undefined, digits = 1) => (x === undefined ? '-' : x.toFixed(digits));

/** A memo route's refreshes: one alone in which every live market moved, then those during each measured run, and how late the writes were served. */
export function formatMemo(routes: RouteResult[]): string[] {
  const lines: string[] = [];
  for (const r of routes.filter((route) => route.kind === 'memo')) {
    const parts = (figures: RefreshFigures) =>
      figures.perMoved
        ? Object.entries(figures.perMoved.partsMs)
            .map(([part, value]) => `${part} ${fixed(value)}`)
            .join(', ')
        : '-';
    const full = r.fullRefresh;
    if (full?.perMoved) {
      lines.push(
        `${r.route}: a refresh in which every live market moved (${fixed(full.perMoved.markets, 0)} markets, ${fixed(full.perMoved.takers, 0)} takers, ${fixed(full.perMoved.makers, 0)} makers): ` +
          `${fixed(full.wallMs.moved)} ms wall, ${fixed(full.cpuMs, 0)} ms of the worker's CPU (unchanged refreshes beside it: ${full.refreshes.unchanged}); ms by part: ${parts(full)}`,
      );
    }
    for (const [i, run] of (r.runs?.service ?? (r.service ? [r.service] : [])).entries()) {
      if (!run.live) continue;
      const { refresh, writes } = run.live;
      const total = refresh.refreshes.moved + refresh.refreshes.unchanged + refresh.refreshes.failed;
      const seen = writes.delaysMs.filter((d): d is number => d !== null);
      lines.push(
        `  run ${i + 1}: snapshot rounds ${writes.markRounds} (${writes.liveMarkets} live markets each), position writes ${writes.positionWrites}; ` +
          `refreshes ${total} (${refresh.refreshes.moved} moved, ${refresh.refreshes.unchanged} unchanged, ${refresh.refreshes.failed} failed), ` +
          `wall ${fixed(refresh.wallMs.moved)} ms per moved and ${fixed(refresh.wallMs.unchanged)} ms per unchanged refresh, ` +
          `worker CPU ${fixed(refresh.cpuMs, 0)} ms = ${fixed(refresh.cpuMsPerRefresh)} ms per refresh; ` +
          `snapshot rounds served after ${seen.length ? seen.map((d) => String(d)).join(', ') : '-'} ms${writes.delaysMs.length > seen.length ? ` (${writes.delaysMs.length - seen.length} not within 10 s)` : ''}`,
      );
    }
  }
  return lines;
}

export function evaluateTargets(routes: RouteResult[]): Verdict[] {
  const verdicts: Verdict[] = [];
  for (const r of routes) {
    if (r.kind === 'reference' || r.kind === 'memo') continue;
    const value = ratio(r);
    const target = r.kind === 'cached' ? TARGETS.cachedVsBare : TARGETS.dbVsPg;
    // Errors of the ceiling (timeouts of an overloaded handler) do not void the comparison: its completed requests still count.
    const invalid = !r.service || r.service.errors > 0 || !ceilingOf(r) || (r.kind === 'db' && r.pgSame === 'differs');
    verdicts.push({
      route: r.route,
      pass: !invalid && value !== undefined && value >= target,
      text: `${r.route}: ${pct(value)} of ${r.kind === 'cached' ? 'the bare ceiling (a)' : 'the hand-written pg handler (b)'} (target >= ${pct(target)})${invalid ? ' [invalid run: service errors, or the pg handler gives another answer]' : ''}`,
    });
  }
  for (const r of routes.filter((route) => route.kind === 'cached')) {
    const service = r.service?.cpuMsPerRequest;
    const bare = r.bare?.cpuMsPerRequest;
    const times = service !== undefined && bare !== undefined && bare > 0 ? service / bare : undefined;
    verdicts.push({
      route: r.route,
      pass: times !== undefined && times <= TARGETS.cachedCpuVsBare,
      text: `${r.route}: CPU per request ${ms(service)} ms, ${times === undefined ? '-' : `${times.toFixed(1)}x`} the bare ceiling's ${ms(bare)} ms (target <= ${TARGETS.cachedCpuVsBare}x)`,
    });
  }
  for (const r of routes.filter((route) => route.p99TargetMs !== undefined)) {
    const p99 = r.service?.p99;
    verdicts.push({
      route: r.route,
      pass: p99 !== undefined && !r.service?.errors && p99 < (r.p99TargetMs as number),
      text: `${r.route} p99: ${p99 ?? '-'} ms (target < ${r.p99TargetMs} ms; the bare replay of the same bytes: p99 ${r.bare?.p99 ?? '-'} ms)`,
    });
  }
  for (const r of routes.filter((route) => route.kind === 'memo')) verdicts.push(...memoVerdicts(r));
  return verdicts;
}

/** Every service run of a memo route must hold each target (the worst run is the figure), not only their median. */
function memoVerdicts(r: RouteResult): Verdict[] {
  const runs = r.runs?.service ?? (r.service ? [r.service] : []);
  const errors = runs.reduce((sum, m) => sum + m.errors, 0);
  const worstP99 = Math.max(...runs.map((m) => m.p99));
  const bare = r.bare?.cpuMsPerRequest;
  const requestCpu = runs.map((m) => m.requestCpuMsPerRequest);
  const worstCpu = requestCpu.some((x) => x === undefined) ? undefined : Math.max(...(requestCpu as number[]));
  const times = worstCpu !== undefined && bare !== undefined && bare > 0 ? worstCpu / bare : undefined;
  const delays = runs.flatMap((m) => m.live?.writes.delaysMs ?? []);
  const seen = delays.filter((d): d is number => d !== null);
  const latest = seen.length ? Math.max(...seen) : undefined;
  const failed = runs.reduce((sum, m) => sum + (m.live?.refresh.refreshes.failed ?? 0), 0);
  return [
    {
      route: r.route,
      pass: runs.length > 0 && errors === 0 && worstP99 < TARGETS.memoP99Ms,
      text: `${r.route} p99: ${runs.map((m) => m.p99).join(', ')} ms (target < ${TARGETS.memoP99Ms} ms in every run)${errors ? ` [${errors} errors]` : ''}`,
    },
    {
      route: r.route,
      pass: times !== undefined && times <= TARGETS.memoCpuVsBare,
      text: `${r.route}: CPU per request of the request thread ${requestCpu.map((x) => ms(x)).join(', ')} ms, ${times === undefined ? '-' : `${times.toFixed(1)}x`} the bare ceiling's ${ms(bare)} ms for the same bytes (target <= ${TARGETS.memoCpuVsBare}x; the refreshes' CPU is printed above)`,
    },
    {
      route: r.route,
      pass: delays.length > 0 && seen.length === delays.length && latest !== undefined && latest <= TARGETS.memoServedWithinMs && failed === 0,
      text:
        delays.length === 0
          ? `${r.route}: how late a change is served: not measured (no writes: --mark-every 0, or no live market)`
          : `${r.route}: a new mark snapshot served ${seen.length < delays.length ? `${delays.length - seen.length} time(s) not within 10 s, else ` : ''}within ${latest ?? '-'} ms of its commit (target <= ${TARGETS.memoServedWithinMs} ms)${failed ? `; ${failed} refreshes failed` : ''}`,
    },
    {
      route: r.route,
      pass: r.pgSame !== undefined && r.pgSame !== 'differs',
      text: `${r.route}: the answer ${r.pgSame === 'differs' ? 'differs from' : r.pgSame === undefined ? 'was not compared with' : 'equals'} the hand-written full computation (pg handler, from scratch per request)`,
    },
  ];
}
