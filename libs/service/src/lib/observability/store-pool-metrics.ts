import type { Pool } from 'pg';
import { Gauge } from 'prom-client';
import type { DataSource } from 'typeorm';
import type { PostgresDriver } from 'typeorm/driver/postgres/PostgresDriver';
import type { StoreConnection } from '@perp/store';

/** The stores whose pools the gauges read at scrape time (a store joins when its app starts, leaves when it closes). */
const watched = new Set<StoreConnection>();

/** `Index store` -> `index`: a short, fixed label per store. */
export const storeLabel = (store: StoreConnection): string => store.label.replace(/ store$/i, '').toLowerCase();

/** The pg pool behind a TypeORM data source, once it has connected (before: none, and no connection is opened for a scrape). */
function poolOf(source: DataSource): Pool | undefined {
  if (!source.isInitialized) return undefined;
  return (source.driver as PostgresDriver).master as Pool | undefined;
}

function eachPool(visit: (store: string, pool: Pool) => void): void {
  for (const store of watched) {
    const pool = poolOf(store.currentDataSource);
    if (pool) visit(storeLabel(store), pool);
  }
}

/** Read at scrape time from pg's own counters: nothing runs per query. */
export const storePoolMetrics = {
  connections: new Gauge({
    name: 'db_pool_connections',
    help: 'Postgres pool connections per store, by state (in_use, idle)',
    labelNames: ['store', 'state'] as const,
    collect() {
      this.reset();
      eachPool((store, pool) => {
        this.set({ store, state: 'in_use' }, pool.totalCount - pool.idleCount);
        this.set({ store, state: 'idle' }, pool.idleCount);
      });
    },
  }),
  waiting: new Gauge({
    name: 'db_pool_waiting_requests',
    help: 'Queries waiting for a Postgres pool connection, per store',
    labelNames: ['store'] as const,
    collect() {
      this.reset();
      eachPool((store, pool) => this.set({ store }, pool.waitingCount));
    },
  }),
};

/** Adds the stores to the pool gauges; returns the function that removes them (on app close). */
export function watchStorePools(stores: readonly StoreConnection[]): () => void {
  for (const store of stores) watched.add(store);
  return () => {
    for (const store of stores) watched.delete(store);
  };
}
