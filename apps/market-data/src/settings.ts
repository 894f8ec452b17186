import { DEV_JWT, SUPPORTED_JWT_ALGORITHMS, DEFAULT_JWT_ALGORITHMS } from '@perp/auth';
import {
  DEV_DEFAULTS,
  devDatabaseUrl,
  httpUrl,
  integer,
  InvalidSettingsError,
  list,
  loadSettings,
  oneOf,
  optional,
  port,
  postgresUrl,
  setting,
  Settings,
} from '@perp/service';

/** Defaults are the dev stack's (see DEV_DEFAULTS, DEV_JWT); every one is overridable by its variable. */
export const marketDataSettingsSpec = {
  host: setting('MARKET_DATA_HOST', String, { default: '0.0.0.0' }),
  port: setting('MARKET_DATA_PORT', port, { default: String(DEV_DEFAULTS.marketDataPort) }),
  indexDatabaseUrl: setting('INDEX_DATABASE_URL', postgresUrl, { default: devDatabaseUrl(DEV_DEFAULTS.databases.index) }),
  sourceDatabaseUrl: setting('SOURCE_DATABASE_URL', postgresUrl, { default: devDatabaseUrl(DEV_DEFAULTS.databases.source) }),
  keysDatabaseUrl: setting('MARKET_DATA_DATABASE_URL', postgresUrl, { default: devDatabaseUrl(DEV_DEFAULTS.databases.marketData) }),
  adminApiKeys: setting('ADMIN_API_KEYS', list(String, { min: 1 }), { default: DEV_DEFAULTS.adminApiKey, secret: true }),
  /** The identity provider's JWKS; when set, JWT_JWKS_FILE must not be. */
  jwtJwksUrl: setting('JWT_JWKS_URL', optional(httpUrl), { default: '' }),
  /** A JWKS file, used when JWT_JWKS_URL is unset; relative paths are from the working directory. */
  jwtJwksFile: setting('JWT_JWKS_FILE', String, { default: DEV_JWT.jwksFile }),
  jwtIssuer: setting('JWT_ISSUER', String, { default: DEV_JWT.issuer }),
  jwtAudience: setting('JWT_AUDIENCE', String, { default: DEV_JWT.audience }),
  jwtAlgorithms: setting('JWT_ALGORITHMS', list(oneOf(...SUPPORTED_JWT_ALGORITHMS), { min: 1 }), { default: DEFAULT_JWT_ALGORITHMS.join(',') }),
  jwtClockToleranceSeconds: setting('JWT_CLOCK_TOLERANCE_SECONDS', integer({ min: 0, max: 300 }), { default: '30' }),
  /** How often the in-memory last-used times of API keys are written, in one batched UPDATE. */
  apiKeyLastUsedFlushMs: setting('API_KEY_LAST_USED_FLUSH_MS', integer({ min: 100, max: 3_600_000 }), { default: '10000' }),
  /** How long a verified key stays cached; also the bound on how late another replica sees a revocation. 0 disables. */
  apiKeyCacheTtlMs: setting('API_KEY_CACHE_TTL_MS', integer({ min: 0, max: 5_000 }), { default: '1000' }),
  /** Liquidation candidates: margin_ratio <= liq_margin_ratio * (1 + buffer) (DESIGN §4), 1e6-scaled (0.10 -> 100000). */
  candidateBufferE6: setting('CANDIDATE_BUFFER', fractionE6({ max: 10 }), { default: '0.10' }),
  /** A candidate's is_stale: its mark snapshot is older than this many seconds (DESIGN §4). */
  staleAfterSeconds: setting('STALE_AFTER_SECONDS', integer({ min: 0, max: 31_536_000 }), { default: '300' }),
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
  const settings = loadSettings(marketDataSettingsSpec, env);
  // Two key sources would leave it unclear which one signs the tokens: refuse to guess.
  if (settings.jwtJwksUrl !== undefined && env['JWT_JWKS_FILE']?.trim()) {
    throw new InvalidSettingsError(['JWT_JWKS_URL and JWT_JWKS_FILE are both set: set only one']);
  }
  return settings;
}
