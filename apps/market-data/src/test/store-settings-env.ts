import { DEV_JWT } from '@perp/auth';
import { DevSigningKey, PostgresServer } from '@perp/local-infra';

/**
 * The settings every market-data test app needs: its three stores on the test's own Postgres,
 * an admin key, and the test's signing key as the JWT trust anchor. `extra` adds the settings a
 * test is about (limits, timeouts) or overrides these.
 */
export function storeSettingsEnv(pg: PostgresServer, signing: DevSigningKey, adminKey: string, extra: Record<string, string> = {}): Record<string, string> {
  return {
    INDEX_DATABASE_URL: pg.url('perp_index'),
    SOURCE_DATABASE_URL: pg.url('perp_source'),
    MARKET_DATA_DATABASE_URL: pg.url('market_data'),
    ADMIN_API_KEYS: adminKey,
    JWT_JWKS_FILE: signing.files.jwks,
    JWT_ISSUER: DEV_JWT.issuer,
    JWT_AUDIENCE: DEV_JWT.audience,
    ...extra,
  };
}
