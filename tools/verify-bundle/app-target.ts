import type { PostgresServer } from '@perp/local-infra';

/** What verifying one app's bundle needs beyond the shared steps. */
export interface AppTarget {
  /** Databases to create on the fresh Postgres. */
  databases: string[];
  /** How many stores `node main.js migrate` reports. */
  stores: number;
  /** Starts what the app talks to (chain, identity provider) and returns its production settings. */
  prepare(postgres: { server: PostgresServer; url: (database: string) => string }, workDir: string): Promise<PreparedTarget>;
}

export interface PreparedTarget {
  /** Every setting the app reads in production, explicitly. */
  env: Record<string, string>;
  port: number;
  /** Real authenticated requests against the running app; returns one line per check. */
  exercise(baseUrl: string): Promise<string[]>;
  /** Stops what prepare started. */
  stop(): Promise<void>;
}
