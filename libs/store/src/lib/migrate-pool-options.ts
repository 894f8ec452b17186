/** Connection settings of a migrate command: a dead database fails it in seconds, and no statement timeout cuts a long migration short. */
export const MIGRATE_POOL_OPTIONS = { max: 2, connectionTimeoutMillis: 10_000 };
