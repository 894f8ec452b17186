/**
 * Defaults shared by the services' settings and the dev stack, so `npm start` works with no
 * configuration and prints the credentials the services actually accept. The secrets here
 * are for a local machine only: production sets its own through the environment.
 */
export const DEV_DEFAULTS = {
  postgresPort: 54320,
  rpcUrl: 'http://127.0.0.1:8545',
  marketDataPort: 8001,
  beaconOpsPort: 8000,
  adminApiKey: 'mdk_dev_admin_key_for_local_use_only_000000',
  beaconOpsAccessToken: 'dev-beacon-ops-token-for-local-use-only',
  databases: { index: 'perp_index', source: 'perp_source', marketData: 'market_data', beaconOps: 'beacon_ops' },
} as const;

export function devDatabaseUrl(database: string): string {
  return `postgres://postgres@127.0.0.1:${DEV_DEFAULTS.postgresPort}/${database}`;
}
