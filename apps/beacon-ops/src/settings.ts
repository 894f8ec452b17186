import { DEV_DEFAULTS, devDatabaseUrl, httpUrl, list, loadSettings, port, postgresUrl, secretToken, setting, Settings } from '@perp/service';

/** Defaults are the dev stack's (see DEV_DEFAULTS); every one is overridable by its variable. */
export const beaconOpsSettingsSpec = {
  host: setting('BEACON_OPS_HOST', String, { default: '0.0.0.0' }),
  port: setting('BEACON_OPS_PORT', port, { default: String(DEV_DEFAULTS.beaconOpsPort) }),
  rpcUrl: setting('RPC_URL', httpUrl, { default: DEV_DEFAULTS.rpcUrl }),
  databaseUrl: setting('BEACON_OPS_DATABASE_URL', postgresUrl, { default: devDatabaseUrl(DEV_DEFAULTS.databases.beaconOps) }),
  accessTokens: setting('BEACON_OPS_ACCESS_TOKENS', list(secretToken({ minLength: 16 }), { min: 1 }), {
    default: DEV_DEFAULTS.beaconOpsAccessToken,
    secret: true,
  }),
};

export type BeaconOpsSettings = Settings<typeof beaconOpsSettingsSpec>;
export const BEACON_OPS_SETTINGS = Symbol('BEACON_OPS_SETTINGS');

export function loadBeaconOpsSettings(env: NodeJS.ProcessEnv = process.env): BeaconOpsSettings {
  return loadSettings(beaconOpsSettingsSpec, env);
}
