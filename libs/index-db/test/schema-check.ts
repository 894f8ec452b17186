import { Client } from 'pg';
import { DataSource } from 'typeorm';
import { PostgresServer, startTestPostgres } from '@perp/local-infra';
import { migrateStore } from '../src/lib/run-migrations';
import { schemaDrift, SchemaDrift } from '../src/lib/schema-drift';
import { storeDataSourceOptions, StoreName } from '../src/lib/store-options';

export const STORES: StoreName[] = ['index', 'source'];

/** Applies a store's migrations to an empty database of `server`, then diffs the entities against it. */
export async function driftAfterMigrations(server: PostgresServer, store: StoreName): Promise<SchemaDrift> {
  const database = `drift_${store}`;
  await server.createDatabase(database);
  await migrateStore(store, server.url(database));
  const source = new DataSource(storeDataSourceOptions(store, server.url(database), { name: `drift-${store}` }));
  await source.initialize();
  try {
    return await schemaDrift(source);
  } finally {
    await source.destroy();
    await dropDatabase(server, database);
  }
}

/** Leaves the server as found: the database (and with it its grants to the cluster-wide reader role) goes. */
async function dropDatabase(server: PostgresServer, database: string): Promise<void> {
  const client = new Client({ connectionString: server.url() });
  await client.connect();
  try {
    await client.query(`DROP DATABASE IF EXISTS "${database}" WITH (FORCE)`);
  } finally {
    await client.end();
  }
}

/** Drift of every store on a throw-away Postgres. */
export async function checkAllStores(): Promise<Record<StoreName, SchemaDrift>> {
  const server = await startTestPostgres();
  try {
    const result = {} as Record<StoreName, SchemaDrift>;
    for (const store of STORES) result[store] = await driftAfterMigrations(server, store);
    return result;
  } finally {
    await server.stop();
  }
}
