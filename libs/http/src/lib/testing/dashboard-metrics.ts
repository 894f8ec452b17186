import { readFileSync } from 'node:fs';

const SERIES_SUFFIXES = ['_bucket', '_sum', '_count'];
const PROMQL_WORDS = new Set(['sum', 'by', 'rate', 'histogram_quantile', 'le', 'without', 'avg', 'max', 'min', 'irate', 'increase', 'on', 'ignoring']);

/** Every metric a Grafana dashboard's Prometheus queries name (words followed by a selector `{` or a range `[`). */
export function dashboardMetricNames(dashboardFile: string): string[] {
  const dashboard = JSON.parse(readFileSync(dashboardFile, 'utf8')) as { panels: { targets?: { expr: string }[] }[] };
  const names = new Set<string>();
  for (const panel of dashboard.panels) {
    for (const { expr } of panel.targets ?? []) {
      for (const match of expr.matchAll(/\b([a-zA-Z_:][a-zA-Z0-9_:]*)\s*[{[]/g)) if (!PROMQL_WORDS.has(match[1])) names.add(match[1]);
    }
  }
  return [...names].sort();
}

/**
 * The dashboard's metrics that a Prometheus text exposition lacks: a name counts as present
 * when its family is declared (`# TYPE`), a histogram's `_bucket`/`_sum`/`_count` when its
 * family is a histogram. Labelled series appear only once observed; the family is the contract.
 */
export function missingMetrics(names: readonly string[], exposition: string): string[] {
  const types = new Map<string, string>();
  for (const match of exposition.matchAll(/^# TYPE (\S+) (\S+)$/gm)) types.set(match[1], match[2]);
  return names.filter((name) => {
    if (types.has(name)) return false;
    const suffix = SERIES_SUFFIXES.find((s) => name.endsWith(s));
    return !(suffix && types.get(name.slice(0, -suffix.length)) === 'histogram');
  });
}
