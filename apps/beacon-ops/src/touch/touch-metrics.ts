import { Counter, Histogram } from 'prom-client';

/**
 * Touch after update, on prom-client's default registry (`/metrics`). The names are a contract
 * with docker/grafana/beacon-ops.json. `reason` is a fixed set:
 * - market_data: the perps of a beacon could not be read (the last answer, or none, was used);
 * - send: the pool sent nothing (no payable wallet, all busy, chain down, refused);
 * - timeout: sent, its receipt not within RECEIPT_TIMEOUT_MS (the journal settles it later);
 * - reverted: the batch transaction reverted (no perp of it touched);
 * - perp: a perp of a mined batch left no log and had not accrued at that block's time (its touch() reverted).
 * A perp that left no log because it had accrued in that second already is no failure: perpsAlreadyCurrent.
 */
export const touchMetrics = {
  perpsSent: new Counter({ name: 'beacon_ops_touch_perps_sent_total', help: 'Perps sent a touch() in a Multicall3 batch' }),
  perpsPerBatch: new Histogram({
    name: 'beacon_ops_touch_batch_perps',
    help: 'Perps per touch batch transaction',
    buckets: [1, 2, 5, 10, 20, 50, 100, 200],
  }),
  failures: new Counter({ name: 'beacon_ops_touch_failures_total', help: 'Touch failures, by reason', labelNames: ['reason'] }),
  perpsAlreadyCurrent: new Counter({
    name: 'beacon_ops_touch_perps_already_current_total',
    help: 'Perps of a mined touch batch that had already accrued at its block time (a trade or touch in the same second): nothing to do',
  }),
};
