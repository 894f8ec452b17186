/** bench:indexer's arithmetic (unit-tested in report.spec.ts) and its text report. */

/** Nearest-rank percentile: the smallest value with at least p % of the values at or below it. */
export function percentile(values: readonly number[], p: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))];
}

export interface Spread {
  count: number;
  p50: number;
  p99: number;
  max: number;
  mean: number;
}

export function spread(values: readonly number[]): Spread {
  return {
    count: values.length,
    p50: percentile(values, 50),
    p99: percentile(values, 99),
    max: values.length ? Math.max(...values) : Number.NaN,
    mean: values.length ? values.reduce((sum, v) => sum + v, 0) / values.length : Number.NaN,
  };
}

/** Per second, from a count and milliseconds. */
export const perSecond = (count: number, ms: number): number => (ms > 0 ? (count * 1000) / ms : Number.NaN);

/** Milliseconds of CPU per unit, from seconds of CPU. */
export const msPer = (cpuSeconds: number | undefined, units: number): number =>
  cpuSeconds !== undefined && units > 0 ? (cpuSeconds * 1000) / units : Number.NaN;

/**
 * Records, from a poll of the node's block number, the moment each block was first reported: a
 * poll that finds the head moved from h to h' dates every block of (h, h'] at that moment.
 */
export class FirstSeen {
  readonly at = new Map<number, number>();
  private head = -1;

  observe(head: number, now: number): void {
    if (this.head < 0) this.head = head - 1;
    for (let n = this.head + 1; n <= head; n++) this.at.set(n, now);
    this.head = Math.max(this.head, head);
  }
}

/**
 * The lag of each block of `blocks`: from the moment the node first reported it to the first
 * commit of a cursor at or past it (`commits` in the order they arrived: a cursor only moves
 * forward, and a block committed in a later window's transaction counts from that one).
 * Blocks without either moment are left out (`missing` counts them).
 */
export function blockLags(
  blocks: readonly number[],
  seen: ReadonlyMap<number, number>,
  commits: readonly { block: number; at: number }[],
): { lags: { block: number; ms: number }[]; missing: number } {
  const lags: { block: number; ms: number }[] = [];
  let missing = 0;
  let c = 0;
  for (const block of [...blocks].sort((a, b) => a - b)) {
    while (c < commits.length && commits[c].block < block) c++;
    const seenAt = seen.get(block);
    if (c >= commits.length || seenAt === undefined) {
      missing++;
      continue;
    }
    lags.push({ block, ms: commits[c].at - seenAt });
  }
  return { lags, missing };
}

/**
 * The block ranges of `windows` (in the order they were read) that no earlier one covered: a
 * follower that re-reads the watches after a new market starts its next window over the blocks
 * it had already fetched.
 */
export function freshRanges(windows: readonly { from: number; to: number }[]): { from: number; to: number }[] {
  const fresh: { from: number; to: number }[] = [];
  let covered = -1;
  for (const w of windows) {
    const from = Math.max(w.from, covered + 1);
    if (from <= w.to) fresh.push({ from, to: w.to });
    covered = Math.max(covered, w.to);
  }
  return fresh;
}

/** `a` over `b` as "N x" (how many times the ceiling's cost or time `a` is). */
export const times = (a: number, b: number): string => (b > 0 && Number.isFinite(a) ? `${(a / b).toFixed(a / b < 10 ? 2 : 1)} x` : '-');

export const fixed = (x: number | undefined, digits = 0): string =>
  x === undefined || !Number.isFinite(x) ? '-' : x.toLocaleString('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits });

/** A Markdown table (pads cells so it also reads as text). */
export function table(head: string[], rows: string[][]): string {
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((row) => row[i].length)));
  const line = (cells: string[]) => `| ${cells.map((c, i) => c.padEnd(widths[i])).join(' | ')} |`;
  return [line(head), `| ${widths.map((w) => '-'.repeat(w)).join(' | ')} |`, ...rows.map(line)].join('\n');
}

/** prom-client's text format: `name{labels} value` lines, summed by name over their labels. */
export function metricTotals(text: string): Record<string, number> {
  const totals: Record<string, number> = {};
  for (const line of text.split('\n')) {
    const match = /^([a-zA-Z_:][\w:]*)(\{[^}]*\})?\s+(\S+)/.exec(line);
    if (!match) continue;
    const key = match[2] ? `${match[1]}${match[2]}` : match[1];
    totals[key] = Number(match[3]);
    if (match[2]) totals[match[1]] = (totals[match[1]] ?? 0) + Number(match[3]);
  }
  return totals;
}
