import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PostgresServer, startPostgres } from './postgres-server';

/**
 * A throw-away Postgres for one test file, on a free port, with the databases asked for.
 * Its folder is world-traversable so that, as root, the server can run as `nobody`.
 */
export async function startTestPostgres(databases: string[] = []): Promise<PostgresServer> {
  const root = mkdtempSync(join(tmpdir(), 'perp-test-pg-'));
  chmodSync(root, 0o755);
  const server = await startPostgres({ dataDir: join(root, 'data'), ephemeral: true, logFile: join(root, 'postgres.log') });
  for (const name of databases) await server.createDatabase(name);
  return {
    ...server,
    async stop() {
      await server.stop();
      rmSync(root, { recursive: true, force: true });
    },
  };
}
