import { setting } from './settings';
import { integer } from './setting-parsers';

/** Shared by every service with a Postgres store (see StoreConnection and postgresPoolOptions). */
export const storeSettingsSpec = {
  /** How long a request waits for a store that does not answer before 503; also each pool's statement and connect timeout. */
  storeTimeoutMs: setting('STORE_TIMEOUT_MS', integer({ min: 100, max: 60_000 }), { default: '1000' }),
};
