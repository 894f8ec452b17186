import { Counter, Gauge } from 'prom-client';

/** The stream's figures on /metrics (bench:market reads events and deliveries to report CPU per delivered event). */
export const streamMetrics = {
  connections: new Gauge({ name: 'market_data_stream_connections', help: 'Open /stream connections on this replica' }),
  events: new Counter({
    name: 'market_data_stream_events_total',
    help: 'Events published to the subscribers of this replica, by channel',
    labelNames: ['channel'] as const,
  }),
  deliveries: new Counter({
    name: 'market_data_stream_deliveries_total',
    help: 'Events written to a subscriber (one event to n subscribers counts n), by channel',
    labelNames: ['channel'] as const,
  }),
  refused: new Counter({ name: 'market_data_stream_refused_total', help: 'Streams refused by the per-key connection limit' }),
  cut: new Counter({ name: 'market_data_stream_slow_consumers_cut_total', help: 'Streams closed because their backlog passed STREAM_BUFFER_BYTES' }),
  resets: new Counter({
    name: 'market_data_stream_resets_total',
    help: 'Reset messages sent on connect or after a Last-Event-ID outside the window',
    labelNames: ['reason'] as const,
  }),
  skippedHoles: new Counter({ name: 'market_data_stream_skipped_holes_total', help: 'Holes in the change ids skipped after STREAM_GAP_WAIT_MS' }),
  readFailures: new Counter({ name: 'market_data_stream_read_failures_total', help: 'Failed reads of the change table (the reader reconnects)' }),
};
