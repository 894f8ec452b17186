// A JSON file, keyed by the variable that moves each port, so `npm start` can check the
// ports with Node alone before anything is installed or built (tools/dev-stack/check-ports.mjs).
import DEV_PORTS from './dev-ports.json';

/**
 * What the dev stack passes to the services (see devServiceEnv), so `npm start` works with no
 * configuration and prints the credentials the services actually accept. The services take
 * only the ports as defaults: the secrets here are public, and a service refuses them unless
 * ALLOW_DEV_KEYS=true (dev-secrets.ts).
 */
export const DEV_DEFAULTS = {
  postgresPort: DEV_PORTS.DEV_POSTGRES_PORT,
  rpcUrl: `http://127.0.0.1:${DEV_PORTS.ANVIL_PORT}`,
  marketDataPort: DEV_PORTS.MARKET_DATA_PORT,
  beaconOpsPort: DEV_PORTS.BEACON_OPS_PORT,
  /** The indexer's /health, /ready and /metrics. */
  indexerPort: DEV_PORTS.INDEXER_PORT,
  /** Each service's /metrics listener (METRICS_PORT); the dev stack moves them with the variables of dev-ports.json. */
  marketDataMetricsPort: DEV_PORTS.MARKET_DATA_METRICS_PORT,
  beaconOpsMetricsPort: DEV_PORTS.BEACON_OPS_METRICS_PORT,
  adminApiKey: 'mdk_dev_admin_key_for_local_use_only_000000',
  beaconOpsAccessToken: 'dev-beacon-ops-token-for-local-use-only',
  databases: { index: 'perp_index', source: 'perp_source', marketData: 'market_data', beaconOps: 'beacon_ops' },
} as const;

export function devDatabaseUrl(database: string): string {
  return `postgres://postgres@127.0.0.1:${DEV_DEFAULTS.postgresPort}/${database}`;
}
