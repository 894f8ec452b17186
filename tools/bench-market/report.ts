/** bench:market's figures, its table and its targets (the issue's: cached >= 50 % of bare, DB >= 70 % of hand-written pg, liquidatable p99 < 50 ms). */

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
}

export interface RouteResult {
  route: string;
  path: string;
  /**
   * `cached`: memoised in the service (detail, live, stats), judged against the bare ceiling;
   * `db`: against the pg handler; `reference`: no target, shown against the bare ceiling
   * (GET /health: what the framework alone costs per request).
   */
  kind: 'cached' | 'db' | 'reference';
  bytes?: number;
  /** How the pg handler's answer compared with the service's. */
  pgSame?: 'bytes' | 'json' | 'differs';
  service?: Measurement;
  bare?: Measurement;
  pg?: Measurement;
  /** Every measured run, when there were several rounds. */
  runs?: Record<'service' | 'bare' | 'pg', Measurement[]>;
}

const median = (values: number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
};

/** Each figure's median over the rounds (errors: their sum). */
export function medianOf(runs: Measurement[]): Measurement {
  const cpu = runs.map((r) => r.cpuMsPerRequest).filter((x): x is number => x !== undefined);
  return {
    rps: median(runs.map((r) => r.rps)),
    p50: median(runs.map((r) => r.p50)),
    p99: median(runs.map((r) => r.p99)),
    errors: runs.reduce((sum, r) => sum + r.errors, 0),
    cpuMsPerRequest: cpu.length ? median(cpu) : undefined,
  };
}

export interface Verdict {
  route: string;
  pass: boolean;
  text: string;
}

/** cachedCpuVsBare: a cached read (logs and metrics on) costs at most this many times the bare ceiling's CPU per request (issue 14, item 7). */
export const TARGETS = { cachedVsBare: 0.5, dbVsPg: 0.7, liquidatableP99Ms: 50, cachedCpuVsBare: 2 };

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
    `${ms(r.service?.cpuMsPerRequest)} / ${ms(ceilingOf(r)?.cpuMsPerRequest)}`,
    String(r.bytes ?? '-'),
  ]);
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((row) => row[i].length)));
  const line = (cells: string[]) => `| ${cells.map((c, i) => c.padEnd(widths[i])).join(' | ')} |`;
  return [line(head), `|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`, ...rows.map(line)].join('\n');
}

export function evaluateTargets(routes: RouteResult[]): Verdict[] {
  const verdicts: Verdict[] = [];
  for (const r of routes) {
    if (r.kind === 'reference') continue;
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
  const liquidatable = routes.find((r) => r.route === '/positions/liquidatable');
  if (liquidatable?.service) {
    verdicts.push({
      route: liquidatable.route,
      pass: liquidatable.service.errors === 0 && liquidatable.service.p99 < TARGETS.liquidatableP99Ms,
      text: `/positions/liquidatable p99: ${liquidatable.service.p99} ms (target < ${TARGETS.liquidatableP99Ms} ms)`,
    });
  }
  return verdicts;
}
