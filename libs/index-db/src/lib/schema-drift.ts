import { DataSource } from 'typeorm';

export interface SchemaDrift {
  /** SQL TypeORM would run to make the database match the entities. Empty when they agree. */
  up: string[];
  down: string[];
}

/**
 * What `migration:generate` would write for this data source: the entities compared with
 * the live schema (after the migrations). Anything here means entities and migrations disagree.
 */
export async function schemaDrift(dataSource: DataSource): Promise<SchemaDrift> {
  const log = await dataSource.driver.createSchemaBuilder().log();
  return {
    up: log.upQueries.map((q) => q.query),
    down: log.downQueries.map((q) => q.query),
  };
}
