import { Client } from 'pg';

/** The group role the API reads both stores as: SELECT only, no login of its own. */
export const READER_ROLE = 'market_data_reader';

/**
 * Statements that give READER_ROLE read access to the current database, including tables
 * later migrations create (default privileges of the migrating role). The role is
 * cluster-wide and both stores may share a cluster, so creation tolerates a concurrent twin.
 */
export function grantReaderStatements(): string[] {
  return [
    `DO $$ BEGIN
       IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = '${READER_ROLE}') THEN
         CREATE ROLE "${READER_ROLE}" NOLOGIN;
       END IF;
     EXCEPTION WHEN duplicate_object OR unique_violation THEN NULL;
     END $$`,
    `DO $$ BEGIN EXECUTE format('GRANT CONNECT ON DATABASE %I TO "${READER_ROLE}"', current_database()); END $$`,
    `GRANT USAGE ON SCHEMA public TO "${READER_ROLE}"`,
    `GRANT SELECT ON ALL TABLES IN SCHEMA public TO "${READER_ROLE}"`,
    `ALTER DEFAULT PRIVILEGES IN SCHEMA public GRANT SELECT ON TABLES TO "${READER_ROLE}"`,
  ];
}

/** The reverse; the role itself is dropped only when no other database still grants it anything. */
export function revokeReaderStatements(): string[] {
  return [
    `ALTER DEFAULT PRIVILEGES IN SCHEMA public REVOKE SELECT ON TABLES FROM "${READER_ROLE}"`,
    `REVOKE SELECT ON ALL TABLES IN SCHEMA public FROM "${READER_ROLE}"`,
    `REVOKE USAGE ON SCHEMA public FROM "${READER_ROLE}"`,
    `DO $$ BEGIN EXECUTE format('REVOKE CONNECT ON DATABASE %I FROM "${READER_ROLE}"', current_database()); END $$`,
    `DO $$ BEGIN
       DROP ROLE IF EXISTS "${READER_ROLE}";
     EXCEPTION WHEN dependent_objects_still_exist THEN NULL;
     END $$`,
  ];
}

/**
 * Creates (or updates the password of) a LOGIN role that is a member of READER_ROLE and
 * whose sessions are read-only by default: the credentials the API is deployed with.
 * Needs a role with CREATEROLE, i.e. the migrating role, not the API.
 */
export async function ensureReaderLogin(url: string, login: string, password: string): Promise<void> {
  if (!/^[a-z_][a-z0-9_]{0,62}$/.test(login)) throw new Error(`Invalid role name: ${login}`);
  if (password.length < 12) throw new Error('The reader password must have at least 12 characters');
  const client = new Client({ connectionString: url });
  await client.connect();
  try {
    const literal = client.escapeLiteral(password);
    const exists = await client.query('SELECT 1 FROM pg_roles WHERE rolname = $1', [login]);
    if (exists.rowCount === 0) {
      await client.query(`CREATE ROLE "${login}" LOGIN PASSWORD ${literal}`);
    } else {
      await client.query(`ALTER ROLE "${login}" LOGIN PASSWORD ${literal}`);
    }
    await client.query(`GRANT "${READER_ROLE}" TO "${login}"`);
    await client.query(`ALTER ROLE "${login}" SET default_transaction_read_only = on`);
  } finally {
    await client.end();
  }
}
