import { Counter } from 'prom-client';

/**
 * Publish gating, on prom-client's default registry (`/metrics`). `rule`: heartbeat (an unchanged
 * value within the heartbeat), min_interval (a publish within the floor). `reason` of a gate that
 * failed and so published: journal (the last publish could not be read).
 */
export const gatingMetrics = {
  gated: new Counter({ name: 'beacon_ops_gated_updates_total', help: 'Updates not sent by publish gating, by rule', labelNames: ['rule'] }),
  failures: new Counter({
    name: 'beacon_ops_gate_failures_total',
    help: 'Gate decisions that failed (the update was sent), by reason',
    labelNames: ['reason'],
  }),
};
