import { Counter, Gauge, Histogram } from 'prom-client';

/**
 * The wallet pool's metrics, on prom-client's default registry (which `/metrics` exposes).
 * The names are a contract with docker/grafana/beacon-ops.json: rename both together.
 * Labels stay bounded: `wallet` is one of the pool's own addresses, `kind`/`reason` are fixed sets.
 */
export const poolMetrics = {
  /** Native balance per pool wallet, in ether (float: a dashboard figure, never an accounting one). */
  walletBalance: new Gauge({ name: 'beacon_ops_wallet_balance_eth', help: 'Native balance of each pool wallet, in ether', labelNames: ['wallet'] }),
  /** Transactions broadcast from a wallet and not yet confirmed or failed. */
  noncesInFlight: new Gauge({ name: 'beacon_ops_wallet_nonces_in_flight', help: 'Unconfirmed transactions per pool wallet', labelNames: ['wallet'] }),
  /** Journal rows not yet confirmed or failed, across all wallets and replicas. */
  journalPending: new Gauge({ name: 'beacon_ops_journal_pending_rows', help: 'Journal rows not yet confirmed or failed' }),
  /** From broadcast to receipt. */
  receiptLatency: new Histogram({
    name: 'beacon_ops_receipt_latency_seconds',
    help: 'Seconds from broadcast to receipt',
    buckets: [0.05, 0.1, 0.25, 0.5, 1, 2, 4, 8, 16, 32, 64],
  }),
  /** Gas used by mined transactions (success or revert). */
  gasUsed: new Counter({ name: 'beacon_ops_gas_used_total', help: 'Gas used by mined pool transactions' }),
  /** Fees paid by mined transactions, in wei (float). */
  feesPaid: new Counter({ name: 'beacon_ops_fees_paid_wei_total', help: 'Fees paid by mined pool transactions, in wei' }),
  /** Re-sends of a nonce with a fee bump (dropped or stuck transactions). */
  replaced: new Counter({ name: 'beacon_ops_transactions_replaced_total', help: 'Transactions re-sent with the same nonce and a higher fee' }),
  /** Transactions that ended failed, by reason: reverted | dropped | rejected | timeout. */
  failed: new Counter({ name: 'beacon_ops_transactions_failed_total', help: 'Pool transactions that ended failed', labelNames: ['reason'] }),
  /** The wallet's stored nonce had moved past the one this process signed with (mostly another replica's send): signed again (see WalletLanes). */
  nonceConflicts: new Counter({
    name: 'beacon_ops_nonce_conflicts_total',
    help: "Sends signed again because the wallet's stored nonce had moved on, mostly by another replica's send",
  }),
  /** RPC errors by kind: timeout | unavailable | nonce | rejected | other. */
  rpcErrors: new Counter({ name: 'beacon_ops_rpc_errors_total', help: 'RPC errors seen by the pool, by kind', labelNames: ['kind'] }),
};
