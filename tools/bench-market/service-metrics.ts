/**
 * The service's own figures of its liquidation candidates' refreshes, read from its Prometheus
 * /metrics (apps/market-data positions/candidate-metrics.ts) before and after a measured run.
 */

/** Samples by metric name and label text (`{part="decode"}`, or '' without labels). */
export type MetricSamples = Map<string, number>;

export async function readMetrics(metricsBase: string): Promise<MetricSamples> {
  const text = await (await fetch(`${metricsBase}/metrics`)).text();
  const samples: MetricSamples = new Map();
  for (const line of text.split('\n')) {
    if (line.startsWith('#') || line.trim() === '') continue;
    const match = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(\{[^}]*\})?\s+(\S+)/.exec(line);
    if (match) samples.set(`${match[1]}${match[2] ?? ''}`, Number(match[3]));
  }
  return samples;
}

const PARTS = ['sql_markets', 'sql_positions', 'decode', 'mark', 'takers', 'makers', 'format', 'sort'] as const;

export interface RefreshFigures {
  /** Refreshes during the run, by result: moved (some market re-evaluated), unchanged, failed. */
  refreshes: { moved: number; unchanged: number; failed: number };
  /** Mean wall time of a refresh, ms, by result. */
  wallMs: { moved?: number; unchanged?: number };
  /** The worker thread's CPU during the run, ms (Linux), and per refresh. */
  cpuMs?: number;
  cpuMsPerRefresh?: number;
  /** Per moved refresh: markets re-evaluated, positions evaluated, and the wall time of each part, ms (sql_markets: per refresh, every one reads the inputs). */
  perMoved?: { markets: number; takers: number; makers: number; partsMs: Record<(typeof PARTS)[number], number> };
}

/** What the refreshes between two readings of /metrics cost. */
export function refreshFigures(before: MetricSamples, after: MetricSamples): RefreshFigures {
  const delta = (name: string) => (after.get(name) ?? 0) - (before.get(name) ?? 0);
  const count = (result: string) => delta(`market_data_candidates_refreshes_total{result="${result}"}`);
  const refreshes = { moved: count('moved'), unchanged: count('unchanged'), failed: count('failed') };
  const mean = (result: string) => {
    const n = delta(`market_data_candidates_refresh_duration_seconds_count{result="${result}"}`);
    return n > 0 ? (delta(`market_data_candidates_refresh_duration_seconds_sum{result="${result}"}`) * 1000) / n : undefined;
  };
  const total = refreshes.moved + refreshes.unchanged + refreshes.failed;
  const cpuMs = after.has('market_data_candidates_refresh_cpu_seconds_total') ? delta('market_data_candidates_refresh_cpu_seconds_total') * 1000 : undefined;
  const figures: RefreshFigures = {
    refreshes,
    wallMs: { moved: mean('moved'), unchanged: mean('unchanged') },
    cpuMs,
    cpuMsPerRefresh: cpuMs !== undefined && total > 0 ? cpuMs / total : undefined,
  };
  if (refreshes.moved > 0) {
    const per = (name: string) => delta(name) / refreshes.moved;
    const part = (name: (typeof PARTS)[number]) =>
      (delta(`market_data_candidates_refresh_part_seconds_total{part="${name}"}`) * 1000) / (name === 'sql_markets' ? total : refreshes.moved);
    figures.perMoved = {
      markets: per('market_data_candidates_markets_evaluated_total'),
      takers: per('market_data_candidates_positions_evaluated_total{kind="taker"}'),
      makers: per('market_data_candidates_positions_evaluated_total{kind="maker"}'),
      partsMs: Object.fromEntries(PARTS.map((name) => [name, part(name)])) as Record<(typeof PARTS)[number], number>,
    };
  }
  return figures;
}

/** The age of the candidates the service serves now (its `candidates` cache's refresh age), ms. */
export function candidatesAgeMs(samples: MetricSamples): number | undefined {
  const seconds = samples.get('market_data_cache_refresh_age_seconds{cache="candidates"}');
  return seconds === undefined ? undefined : seconds * 1000;
}
