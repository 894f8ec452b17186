import { DEV_JWT } from '@perp/auth';
import { DEV_DEFAULTS, devDatabaseUrl } from '@perp/dev-defaults';
import { ANVIL_DEV_KEYS } from '@perp/settings';

/**
 * A complete environment for both services on the dev stack's defaults: every required
 * setting (databases, chain, secrets, trust anchors) and ALLOW_DEV_KEYS=true, as the dev
 * stack passes them. For the dev stack and tests only; `overrides` win (an empty string
 * unsets a variable). The services themselves have no default for any of these.
 */
export function devServiceEnv(overrides: Record<string, string> = {}): Record<string, string> {
  return {
    INDEX_DATABASE_URL: devDatabaseUrl(DEV_DEFAULTS.databases.index),
    SOURCE_DATABASE_URL: devDatabaseUrl(DEV_DEFAULTS.databases.source),
    MARKET_DATA_DATABASE_URL: devDatabaseUrl(DEV_DEFAULTS.databases.marketData),
    BEACON_OPS_DATABASE_URL: devDatabaseUrl(DEV_DEFAULTS.databases.beaconOps),
    RPC_URL: DEV_DEFAULTS.rpcUrl,
    ADMIN_API_KEYS: DEV_DEFAULTS.adminApiKey,
    JWT_JWKS_FILE: DEV_JWT.jwksFile,
    JWT_ISSUER: DEV_JWT.issuer,
    JWT_AUDIENCE: DEV_JWT.audience,
    BEACON_OPS_ACCESS_TOKENS: DEV_DEFAULTS.beaconOpsAccessToken,
    // Account 0 deploys the dev contracts and stays out of the pool, so it never races the pool for a nonce.
    WALLET_PRIVATE_KEYS: ANVIL_DEV_KEYS.slice(1, 9).join(','),
    SIGNER_PRIVATE_KEY: ANVIL_DEV_KEYS[9],
    ALLOW_DEV_KEYS: 'true',
    ...overrides,
  };
}
