import { Counter, Gauge } from 'prom-client';

/**
 * The indexer's metrics, in prom-client's default registry (served by /metrics with the process
 * metrics). Created once per process: tests run several indexers in one.
 */
export const indexerMetrics = {
  headBlock: new Gauge({ name: 'indexer_head_block', help: 'Latest block number the node reported' }),
  cursorBlock: new Gauge({ name: 'indexer_cursor_block', help: 'Last block whose rows are all in the index store' }),
  lagBlocks: new Gauge({ name: 'indexer_lag_blocks', help: 'Blocks between the cursor and head - CONFIRMATIONS' }),
  lagSeconds: new Gauge({ name: 'indexer_lag_seconds', help: "Head block's timestamp minus the cursor block's" }),
  active: new Gauge({ name: 'indexer_active', help: '1 while this replica holds the writer lock, 0 on standby' }),
  storeUp: new Gauge({ name: 'indexer_store_up', help: '1 while the index store answers' }),
  rpcUp: new Gauge({ name: 'indexer_rpc_up', help: '1 while the chain node answers' }),
  logWindow: new Gauge({ name: 'indexer_log_window_blocks', help: 'Current eth_getLogs window, in blocks' }),
  blocksWritten: new Counter({ name: 'indexer_blocks_written_total', help: 'Block transactions committed (blocks with logs, and window ends)' }),
  logsHandled: new Counter({ name: 'indexer_logs_handled_total', help: 'Logs handed to a handler and committed', labelNames: ['handler'] }),
  reorgs: new Counter({ name: 'indexer_reorgs_total', help: 'Reorgs rewound' }),
  headRereads: new Counter({
    name: 'indexer_head_rereads_total',
    help: 'Blocks read at the head whose reads ran again because the head moved under them (CONFIRMATIONS=0)',
  }),
  rewoundBlocks: new Counter({ name: 'indexer_rewound_blocks_total', help: 'Blocks dropped by rewinds' }),
  windowShrinks: new Counter({ name: 'indexer_log_window_shrinks_total', help: 'eth_getLogs calls refused for their size (window halved)' }),
  errors: new Counter({ name: 'indexer_errors_total', help: 'Failed steps, retried with backoff', labelNames: ['kind'] }),
};
