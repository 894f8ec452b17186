import { Gauge } from 'prom-client';
import { IndexStatusDto } from './index-status.dto';

/** Where the gauges read at scrape time (the app's IndexStatusService); none before the app starts. */
let source: (() => Promise<IndexStatusDto>) | undefined;

export function measureIndexStatus(read: () => Promise<IndexStatusDto>): void {
  source = read;
}

/**
 * The /index/status figures as gauges, read from the store at each scrape (a store that is down
 * leaves them absent, never stale). A scrape costs one /index/status read.
 */
let scrape: Promise<IndexStatusDto | undefined> | undefined;
function current(): Promise<IndexStatusDto | undefined> {
  // The three gauges of one scrape share one read.
  scrape ??= (source ? source().catch(() => undefined) : Promise.resolve(undefined)).finally(() => setImmediate(() => (scrape = undefined)));
  return scrape;
}

export const indexStatusMetrics = {
  blockNumber: new Gauge({
    name: 'market_data_index_block_number',
    help: 'Last block the indexer wrote completely, per chain',
    labelNames: ['chain_id'] as const,
    async collect() {
      this.reset();
      for (const c of (await current())?.chains ?? []) this.set({ chain_id: String(c.chain_id) }, c.block_number);
    },
  }),
  lag: new Gauge({
    name: 'market_data_index_lag_seconds',
    help: 'Age of the last indexed block (now - its timestamp), per chain',
    labelNames: ['chain_id'] as const,
    async collect() {
      this.reset();
      for (const c of (await current())?.chains ?? []) this.set({ chain_id: String(c.chain_id) }, c.lag_seconds);
    },
  }),
  snapshotAge: new Gauge({
    name: 'market_data_index_snapshot_age_seconds',
    help: "Age of each market's latest snapshot (markets with one)",
    labelNames: ['perp_address'] as const,
    async collect() {
      this.reset();
      for (const m of (await current())?.markets ?? []) if (m.snapshot_age_seconds !== null) this.set({ perp_address: m.perp_address }, m.snapshot_age_seconds);
    },
  }),
};
