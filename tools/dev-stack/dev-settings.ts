import { join } from 'node:path';
import { DEV_DEFAULTS } from '@perp/dev-defaults';

export const REPO_ROOT = join(__dirname, '..', '..');

/** The dev stack's own knobs; the apps' settings pass through from the environment untouched. */
export function devStackSettings(env: NodeJS.ProcessEnv = process.env) {
  const dataDir = env['DEV_DATA_DIR'] ?? join(REPO_ROOT, '.dev-data');
  const postgresPort = Number(env['DEV_POSTGRES_PORT'] ?? DEV_DEFAULTS.postgresPort);
  const anvilPort = Number(env['ANVIL_PORT'] ?? new URL(DEV_DEFAULTS.rpcUrl).port);
  return {
    dataDir,
    postgresDir: join(dataDir, 'postgres'),
    postgresPort,
    anvilPort,
    /** An RPC_URL from the environment means "use that chain": no local anvil then. */
    externalRpcUrl: env['RPC_URL'],
    marketDataPort: Number(env['MARKET_DATA_PORT'] ?? DEV_DEFAULTS.marketDataPort),
    beaconOpsPort: Number(env['BEACON_OPS_PORT'] ?? DEV_DEFAULTS.beaconOpsPort),
    indexerPort: Number(env['INDEXER_PORT'] ?? DEV_DEFAULTS.indexerPort),
    /** DEV_LIVE_LOAD=false: the driven chain stays still (no trades, no index moves) while the stack runs. */
    liveLoad: (env['DEV_LIVE_LOAD'] ?? 'true').trim().toLowerCase() !== 'false',
    /** Milliseconds between two actions of the live load. */
    liveLoadIntervalMs: Number(env['DEV_LIVE_LOAD_INTERVAL_MS'] ?? 3000),
    /** Each app's METRICS_PORT (one variable per app here: the apps share the environment). */
    marketDataMetricsPort: Number(env['MARKET_DATA_METRICS_PORT'] ?? DEV_DEFAULTS.marketDataMetricsPort),
    beaconOpsMetricsPort: Number(env['BEACON_OPS_METRICS_PORT'] ?? DEV_DEFAULTS.beaconOpsMetricsPort),
  };
}

export type DevStackSettings = ReturnType<typeof devStackSettings>;
