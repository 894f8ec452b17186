import { DEV_DEFAULTS, devDatabaseUrl } from '@perp/dev-defaults';

/** The stores' URLs from the environment, with the dev stack's databases as defaults. */
export function storeUrlsFromEnv(env: NodeJS.ProcessEnv = process.env): { index: string; source: string } {
  return {
    index: env['INDEX_DATABASE_URL'] ?? devDatabaseUrl(DEV_DEFAULTS.databases.index),
    source: env['SOURCE_DATABASE_URL'] ?? devDatabaseUrl(DEV_DEFAULTS.databases.source),
  };
}
