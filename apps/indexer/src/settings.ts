import { LOG_LEVELS } from '@perp/http';
import { address, httpUrl, integer, list, loadSettings, oneOf, optional, postgresUrl, setting, Settings } from '@perp/settings';

/** The indexer's status port: market-data has 8001, beacon-ops 8000 (and their metrics 9464/9465). */
export const INDEXER_DEFAULT_PORT = 8002;

/**
 * The index store and the chain have no default: a default could only be the dev stack's, and an
 * indexer that wrote the dev chain into a production store (or the reverse) would serve wrong
 * prices. Everything else has a default that suits a production L2 node.
 */
export const indexerSettingsSpec = {
  /** /health, /ready and /metrics: one listener (the indexer has no public API, see README). */
  host: setting('INDEXER_HOST', String, { default: '0.0.0.0' }),
  /** 0: any free port (tests). */
  port: setting('INDEXER_PORT', integer({ min: 0, max: 65535 }), { default: String(INDEXER_DEFAULT_PORT) }),
  logLevel: setting('LOG_LEVEL', oneOf(...LOG_LEVELS), { default: 'info' }),
  logFormat: setting('LOG_FORMAT', oneOf('json', 'pretty'), { default: 'json' }),
  databaseUrl: setting('INDEX_DATABASE_URL', postgresUrl),
  /** user:password in the URL is sent as HTTP Basic authentication. */
  rpcUrl: setting('RPC_URL', httpUrl),
  /** Unset: whatever the node reports. Set: the indexer refuses a node on another chain. */
  chainId: setting('CHAIN_ID', optional(integer({ min: 1 })), { default: '' }),
  /**
   * The Perp City factories whose markets (PerpCreated, then every event of each Perp and its beacon) are indexed.
   * Empty: no Perp City market is followed (only the beacons of markets already in the store).
   */
  perpFactoryAddresses: setting('PERP_FACTORY_ADDRESSES', list(address), { default: '' }),
  /** The Uniswap v4 PoolManager of the markets' pools (fee growth by extsload); required with PERP_FACTORY_ADDRESSES. */
  poolManagerAddress: setting('POOL_MANAGER_ADDRESS', optional(address), { default: '' }),
  /** Multicall3, through which a market's views are read in one call pinned to a block (the canonical address by default). */
  multicall3Address: setting('MULTICALL3_ADDRESS', address, { default: '0xcA11bde05977b3631167028862bE2a173976CA11' }),
  /** First block indexed (the deployment block of the first factory): nothing before it is read. */
  startBlock: setting('START_BLOCK', integer({ min: 0 }), { default: '0' }),
  /** Blocks behind the head the indexer stays: it writes only blocks this deep (0 follows the head itself). */
  confirmations: setting('CONFIRMATIONS', integer({ min: 0, max: 10_000 }), { default: '12' }),
  /** Pause between two looks at the head once caught up. */
  pollIntervalMs: setting('POLL_INTERVAL_MS', integer({ min: 10, max: 600_000 }), { default: '2000' }),
  /** eth_getLogs block window on backfill: starts at the initial size, doubles on success, halves on "too many results" or a timeout. */
  logWindowInitialBlocks: setting('LOG_WINDOW_INITIAL_BLOCKS', integer({ min: 1 }), { default: '500' }),
  logWindowMinBlocks: setting('LOG_WINDOW_MIN_BLOCKS', integer({ min: 1 }), { default: '1' }),
  logWindowMaxBlocks: setting('LOG_WINDOW_MAX_BLOCKS', integer({ min: 1 }), { default: '5000' }),
  /** /ready answers 503 when the cursor is more than this many blocks behind head - CONFIRMATIONS. */
  maxLagBlocks: setting('MAX_LAG_BLOCKS', integer({ min: 0 }), { default: '50' }),
  /** Recent block hashes kept to find a fork point: a reorg deeper than this needs `node main.js reset`. */
  reorgHistoryBlocks: setting('REORG_HISTORY_BLOCKS', integer({ min: 2, max: 100_000 }), { default: '256' }),
  /** One JSON-RPC call's time limit (ethers' own default is 5 minutes). */
  rpcTimeoutMs: setting('RPC_TIMEOUT_MS', integer({ min: 100, max: 300_000 }), { default: '10000' }),
  /** One store statement's (and connection attempt's) time limit, checked by the client: a frozen server does not enforce its own. */
  storeTimeoutMs: setting('STORE_TIMEOUT_MS', integer({ min: 100, max: 600_000 }), { default: '10000' }),
  /** Retries of a failed RPC or store call wait from the first to the second, doubling. */
  retryMinMs: setting('RETRY_MIN_MS', integer({ min: 1 }), { default: '250' }),
  retryMaxMs: setting('RETRY_MAX_MS', integer({ min: 1 }), { default: '15000' }),
  /** How often a standby replica tries the writer lock. */
  lockRetryMs: setting('LOCK_RETRY_MS', integer({ min: 10, max: 600_000 }), { default: '1000' }),
};

export type IndexerSettings = Settings<typeof indexerSettingsSpec>;

export function loadIndexerSettings(env: NodeJS.ProcessEnv = process.env): IndexerSettings {
  return loadSettings(indexerSettingsSpec, env, (values) => {
    const problems: string[] = [];
    const { logWindowMinBlocks: min, logWindowMaxBlocks: max, logWindowInitialBlocks: initial, retryMinMs, retryMaxMs } = values;
    if (min !== undefined && max !== undefined && min > max) problems.push('LOG_WINDOW_MIN_BLOCKS must not exceed LOG_WINDOW_MAX_BLOCKS');
    if (min !== undefined && max !== undefined && initial !== undefined && (initial < min || initial > max)) {
      problems.push('LOG_WINDOW_INITIAL_BLOCKS must lie between LOG_WINDOW_MIN_BLOCKS and LOG_WINDOW_MAX_BLOCKS');
    }
    if (retryMinMs !== undefined && retryMaxMs !== undefined && retryMinMs > retryMaxMs) problems.push('RETRY_MIN_MS must not exceed RETRY_MAX_MS');
    if ((values.perpFactoryAddresses?.length ?? 0) > 0 && !values.poolManagerAddress)
      problems.push('POOL_MANAGER_ADDRESS is required with PERP_FACTORY_ADDRESSES');
    return problems;
  });
}
