import { DEV_DEFAULTS, devDatabaseUrl, list, loadSettings, port, postgresUrl, setting, Settings } from '@perp/service';

/** Defaults are the dev stack's (see DEV_DEFAULTS); every one is overridable by its variable. */
export const marketDataSettingsSpec = {
  host: setting('MARKET_DATA_HOST', String, { default: '0.0.0.0' }),
  port: setting('MARKET_DATA_PORT', port, { default: String(DEV_DEFAULTS.marketDataPort) }),
  indexDatabaseUrl: setting('INDEX_DATABASE_URL', postgresUrl, { default: devDatabaseUrl(DEV_DEFAULTS.databases.index) }),
  sourceDatabaseUrl: setting('SOURCE_DATABASE_URL', postgresUrl, { default: devDatabaseUrl(DEV_DEFAULTS.databases.source) }),
  keysDatabaseUrl: setting('MARKET_DATA_DATABASE_URL', postgresUrl, { default: devDatabaseUrl(DEV_DEFAULTS.databases.marketData) }),
  adminApiKeys: setting('ADMIN_API_KEYS', list(String, { min: 1 }), { default: DEV_DEFAULTS.adminApiKey, secret: true }),
};

export type MarketDataSettings = Settings<typeof marketDataSettingsSpec>;
export const MARKET_DATA_SETTINGS = Symbol('MARKET_DATA_SETTINGS');

export function loadMarketDataSettings(env: NodeJS.ProcessEnv = process.env): MarketDataSettings {
  return loadSettings(marketDataSettingsSpec, env);
}
