import { Counter, Histogram } from 'prom-client';
import type { RefreshParts, RefreshStats } from './candidate-refresh';

/** Metric label of each part of a refresh (RefreshParts). */
const PART_LABELS: Record<keyof RefreshParts, string> = {
  sqlMarkets: 'sql_markets',
  sqlPositions: 'sql_positions',
  decode: 'decode',
  mark: 'mark',
  takers: 'takers',
  makers: 'makers',
  format: 'format',
  sort: 'sort',
};

/**
 * What the candidates worker's refreshes cost (names are read by bench:market): how many, their
 * wall time, the worker thread's CPU and where the time went. Their age is the `candidates`
 * cache's refresh age (cache-metrics.ts).
 */
export const candidateMetrics = {
  refreshes: new Counter({
    name: 'market_data_candidates_refreshes_total',
    help: 'Refreshes of the liquidation candidates by result: moved (some market re-evaluated), unchanged, failed',
    labelNames: ['result'] as const,
  }),
  duration: new Histogram({
    name: 'market_data_candidates_refresh_duration_seconds',
    help: 'Wall time of a refresh of the liquidation candidates, by result',
    labelNames: ['result'] as const,
    buckets: [0.002, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5],
  }),
  cpu: new Counter({
    name: 'market_data_candidates_refresh_cpu_seconds_total',
    help: "CPU time of the candidates worker's thread (Linux; 10 ms ticks)",
  }),
  parts: new Counter({
    name: 'market_data_candidates_refresh_part_seconds_total',
    help: 'Wall time of the refreshes by part: sql_markets, sql_positions, decode, mark, takers, makers, format, sort',
    labelNames: ['part'] as const,
  }),
  markets: new Counter({ name: 'market_data_candidates_markets_evaluated_total', help: 'Markets re-evaluated because their inputs moved' }),
  positions: new Counter({
    name: 'market_data_candidates_positions_evaluated_total',
    help: 'Positions evaluated by the refreshes, by kind (taker, maker)',
    labelNames: ['kind'] as const,
  }),
};

export function recordRefresh(result: 'moved' | 'unchanged' | 'failed', stats: RefreshStats | undefined): void {
  candidateMetrics.refreshes.labels(result).inc();
  if (!stats) return;
  candidateMetrics.duration.labels(result).observe(stats.wallMs / 1000);
  for (const [part, ms] of Object.entries(stats.parts)) candidateMetrics.parts.labels(PART_LABELS[part as keyof RefreshParts]).inc(ms / 1000);
  candidateMetrics.markets.inc(stats.moved);
  candidateMetrics.positions.labels('taker').inc(stats.takers);
  candidateMetrics.positions.labels('maker').inc(stats.makers);
}

export function recordRefreshCpu(ms: number): void {
  candidateMetrics.cpu.inc(ms / 1000);
}
