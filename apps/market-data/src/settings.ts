import { SUPPORTED_JWT_ALGORITHMS, DEFAULT_JWT_ALGORITHMS } from '@perp/auth';
import { DEV_DEFAULTS } from '@perp/dev-defaults';
import { corsSettingsSpec, observabilitySettingsSpec } from '@perp/service';
import {
  devKeyProblems,
  devKeysSettingsSpec,
  httpServerSettingsSpec,
  storeSettingsSpec,
  httpUrl,
  integer,
  list,
  loadSettings,
  oneOf,
  optional,
  port,
  postgresUrl,
  secretList,
  setting,
  Settings,
} from '@perp/settings';
import { rateLimitSettingsSpec } from './auth/rate-limit-settings';

/**
 * Every secret, trust anchor and database is required: no default could be right in production,
 * and a default database would let a misconfigured replica serve (or write keys to) the dev one.
 * The dev stack and tests pass them all (devServiceEnv in @perp/service).
 */
export const marketDataSettingsSpec = {
  ...httpServerSettingsSpec,
  ...storeSettingsSpec,
  /** LOG_LEVEL, LOG_FORMAT, METRICS_HOST, METRICS_PORT (/metrics apart from the API). */
  ...observabilitySettingsSpec({ metricsPort: DEV_DEFAULTS.marketDataMetricsPort }),
  host: setting('MARKET_DATA_HOST', String, { default: '0.0.0.0' }),
  port: setting('MARKET_DATA_PORT', port, { default: String(DEV_DEFAULTS.marketDataPort) }),
  indexDatabaseUrl: setting('INDEX_DATABASE_URL', postgresUrl),
  sourceDatabaseUrl: setting('SOURCE_DATABASE_URL', postgresUrl),
  keysDatabaseUrl: setting('MARKET_DATA_DATABASE_URL', postgresUrl),
  /** At least 32 characters each, distinct; comma-separated for rotation. */
  adminApiKeys: setting('ADMIN_API_KEYS', secretList(), { secret: true }),
  /** The identity provider's JWKS; exactly one of JWT_JWKS_URL and JWT_JWKS_FILE is set. */
  jwtJwksUrl: setting('JWT_JWKS_URL', optional(httpUrl), { default: '' }),
  /** A JWKS file; relative paths are from the working directory. */
  jwtJwksFile: setting('JWT_JWKS_FILE', optional(String), { default: '' }),
  jwtIssuer: setting('JWT_ISSUER', String),
  jwtAudience: setting('JWT_AUDIENCE', String),
  jwtAlgorithms: setting('JWT_ALGORITHMS', list(oneOf(...SUPPORTED_JWT_ALGORITHMS), { min: 1 }), { default: DEFAULT_JWT_ALGORITHMS.join(',') }),
  ...devKeysSettingsSpec,
  ...corsSettingsSpec,
  jwtClockToleranceSeconds: setting('JWT_CLOCK_TOLERANCE_SECONDS', integer({ min: 0, max: 300 }), { default: '30' }),
  /** How often the in-memory last-used times of API keys are written, in one batched UPDATE. */
  apiKeyLastUsedFlushMs: setting('API_KEY_LAST_USED_FLUSH_MS', integer({ min: 100, max: 3_600_000 }), { default: '10000' }),
  /** How long a verified key stays cached; also the bound on how late another replica sees a revocation. 0 disables. */
  apiKeyCacheTtlMs: setting('API_KEY_CACHE_TTL_MS', integer({ min: 0, max: 5_000 }), { default: '1000' }),
  /** Per-key and failed-authentication rate limits, the per-developer key limit. */
  ...rateLimitSettingsSpec,
  /** Liquidation candidates: margin_ratio <= liq_margin_ratio * (1 + buffer) (DESIGN §4), 1e6-scaled (0.10 -> 100000). */
  candidateBufferE6: setting('CANDIDATE_BUFFER', fractionE6({ max: 10 }), { default: '0.10' }),
  /** A candidate's is_stale: its mark snapshot is older than this many seconds (DESIGN §4). */
  staleAfterSeconds: setting('STALE_AFTER_SECONDS', integer({ min: 0, max: 31_536_000 }), { default: '300' }),
  /** GET /stream (stream/README.md): open streams per bot key on this replica; beyond it 429. */
  streamConnectionsPerKey: setting('STREAM_CONNECTIONS_PER_KEY', integer({ min: 1, max: 1_000 }), { default: '5' }),
  /** Open streams of all ADMIN_API_KEYS together on this replica. */
  streamAdminConnections: setting('STREAM_ADMIN_CONNECTIONS', integer({ min: 1, max: 100_000 }), { default: '2000' }),
  /** Bytes a stream may have queued behind its socket before the consumer is cut as too slow (at least a page of the change table: 1,000 events). */
  streamBufferBytes: setting('STREAM_BUFFER_BYTES', integer({ min: 1_048_576, max: 67_108_864 }), { default: '4194304' }),
  /** A comment line this often on an idle stream, so that proxies keep it open. */
  streamHeartbeatMs: setting('STREAM_HEARTBEAT_MS', integer({ min: 1_000, max: 120_000 }), { default: '15000' }),
  /** The change table is read on each notification and at least this often (a standby gets no NOTIFY). */
  streamPollMs: setting('STREAM_POLL_MS', integer({ min: 20, max: 60_000 }), { default: '1000' }),
  /** How long a hole in the event ids (a writer committing late) holds the events behind it back before it is skipped. */
  streamGapWaitMs: setting('STREAM_GAP_WAIT_MS', integer({ min: 0, max: 60_000 }), { default: '2000' }),
};

/** A non-negative decimal with at most 6 places, as an exact 1e6-scaled integer (what the candidate bounds take). */
function fractionE6({ max }: { max: number }): (raw: string) => number {
  return (raw) => {
    const match = /^(\d+)(?:\.(\d{1,6}))?$/.exec(raw);
    if (!match) throw new Error('must be a non-negative decimal with at most 6 decimal places');
    const value = Number(match[1]) * 1_000_000 + Number((match[2] ?? '').padEnd(6, '0'));
    if (value > max * 1_000_000) throw new Error(`must be at most ${max}`);
    return value;
  };
}

export type MarketDataSettings = Settings<typeof marketDataSettingsSpec>;
export const MARKET_DATA_SETTINGS = Symbol('MARKET_DATA_SETTINGS');

export function loadMarketDataSettings(env: NodeJS.ProcessEnv = process.env): MarketDataSettings {
  return loadSettings(marketDataSettingsSpec, env, (values) => {
    const problems = devKeyProblems(values.allowDevKeys, { ADMIN_API_KEYS: values.adminApiKeys }, env);
    // Two key sources would leave it unclear which one signs the tokens: refuse to guess.
    const sources = [env['JWT_JWKS_URL'], env['JWT_JWKS_FILE']].filter((raw) => raw?.trim()).length;
    if (sources === 0) problems.push('JWT_JWKS_URL or JWT_JWKS_FILE is required but not set');
    if (sources === 2) problems.push('JWT_JWKS_URL and JWT_JWKS_FILE are both set: set only one');
    return problems;
  });
}
