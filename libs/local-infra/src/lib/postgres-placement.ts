import { randomBytes } from 'node:crypto';
import { chmodSync, cpSync, existsSync, lstatSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, Stats, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';

/** The unprivileged user Postgres runs as when we are root (Postgres refuses to run as root). */
export interface PostgresUser {
  name: string;
  uid: number;
  gid: number;
}

/** A folder on the way to a path that a user cannot pass, and why. */
export interface Blocked {
  folder: string;
  reason: string;
}

type StatFn = (path: string) => Pick<Stats, 'mode' | 'uid' | 'gid' | 'isDirectory'>;

const octal = (mode: number) => (mode & 0o7777).toString(8).padStart(4, '0');

/** Whether `user` may search (traverse) a folder with these owner, group and mode bits. */
function canSearch(stats: Pick<Stats, 'mode' | 'uid' | 'gid'>, user: PostgresUser): boolean {
  if (stats.uid === user.uid) return (stats.mode & 0o100) !== 0;
  if (stats.gid === user.gid) return (stats.mode & 0o010) !== 0;
  return (stats.mode & 0o001) !== 0;
}

/**
 * The first folder from `/` down to `path` (itself included when it exists) that `user` may not
 * traverse, or undefined when every one lets it through. Owner, group and other bits are read as
 * the kernel does for a user without supplementary groups (`nobody` has none).
 */
export function blockedFolder(path: string, user: PostgresUser, stat: StatFn = statSync): Blocked | undefined {
  const chain: string[] = [];
  for (let current = resolve(path); ; current = dirname(current)) {
    chain.unshift(current);
    if (dirname(current) === current) break;
  }
  for (const folder of chain) {
    let stats: ReturnType<StatFn>;
    try {
      stats = stat(folder);
    } catch {
      return undefined; // the rest does not exist yet: whoever creates it sets its modes
    }
    if (!stats.isDirectory()) continue;
    if (!canSearch(stats, user)) {
      return {
        folder,
        reason: `mode ${octal(stats.mode)}, owner uid ${stats.uid}, group gid ${stats.gid}: ${user.name} (uid ${user.uid}) may not traverse it`,
      };
    }
  }
  return undefined;
}

/** Refused to place Postgres where its user can reach it: the message names the folder, the reason and the fix. */
export class PostgresPlacementError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'PostgresPlacementError';
  }
}

/** Postgres runs as `nobody` when we are root; undefined when we are not root (it runs as us). */
export function postgresUser(passwd = '/etc/passwd'): PostgresUser | undefined {
  if (typeof process.getuid !== 'function' || process.getuid() !== 0) return undefined;
  const line = readFileSync(passwd, 'utf8')
    .split('\n')
    .find((l) => l.startsWith('nobody:'));
  if (!line)
    throw new PostgresPlacementError(
      'Running as root and there is no `nobody` user to run Postgres as (Postgres refuses to run as root): run as another user, or add `nobody`.',
    );
  const [, , uid, gid] = line.split(':');
  return { name: 'nobody', uid: Number(uid), gid: Number(gid) };
}

/**
 * The folder of the dev stack's own where, as root, Postgres' binaries (copied once) and the
 * clusters of checkouts `nobody` cannot reach are kept: `$POSTGRES_RUNTIME_DIR`, else
 * `<temp folder>/perp-city-postgres`.
 */
export function defaultRuntimeDir(env: NodeJS.ProcessEnv = process.env): string {
  return env['POSTGRES_RUNTIME_DIR'] || join(tmpdir(), 'perp-city-postgres');
}

const FIX = 'Fix: set POSTGRES_RUNTIME_DIR (or TMPDIR) to a folder every user can traverse, e.g. /tmp/perp-city-postgres, or run as a user other than root.';

/**
 * Creates (or checks) the runtime folder: a real folder owned by root, mode 0755, writable by
 * root alone (nobody else may plant binaries that root then starts), on a path `user` traverses.
 */
export function ensureRuntimeDir(dir: string, user: PostgresUser, why: string): string {
  const blocked = blockedFolder(dir, user);
  if (blocked) {
    throw new PostgresPlacementError(
      `${why} Postgres' binaries and data go to ${dir} instead, but ${user.name} cannot reach it either: ${blocked.folder} (${blocked.reason}). ${FIX}`,
    );
  }
  mkdirSync(dir, { recursive: true, mode: 0o755 });
  const stats = lstatSync(dir);
  const owner = typeof process.getuid === 'function' ? process.getuid() : 0;
  if (!stats.isDirectory() || stats.isSymbolicLink() || stats.uid !== owner || (stats.mode & 0o022) !== 0) {
    throw new PostgresPlacementError(
      `${why} Postgres' binaries and data go to ${dir} instead, but that is not a folder owned by uid ${owner} and writable by it alone ` +
        `(${stats.isSymbolicLink() ? 'a symlink' : `mode ${octal(stats.mode)}, owner uid ${stats.uid}`}): someone else could replace what root starts. ` +
        `Delete it or ${FIX.slice('Fix: '.length)}`,
    );
  }
  return dir;
}

/** Makes every folder and file of a copied tree readable (and folders and programs searchable/runnable) by others. */
function openToOthers(dir: string): void {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isSymbolicLink()) continue;
    const mode = statSync(path).mode;
    if (entry.isDirectory()) {
      chmodSync(path, 0o755);
      openToOthers(path);
    } else chmodSync(path, mode & 0o111 ? 0o755 : 0o644);
  }
}

/**
 * The Postgres installation folder (the one holding bin/, lib/, share/) as `user` can run it:
 * `installDir` itself when `user` reaches it, else a copy under the runtime folder, made once per
 * `version` (into a temporary name, then renamed: concurrent starts never see half a copy).
 */
export function reachableInstallation(installDir: string, version: string, user: PostgresUser | undefined, runtimeDir = defaultRuntimeDir()): string {
  if (!user) return installDir;
  const blocked = blockedFolder(join(installDir, 'bin'), user);
  if (!blocked) return installDir;
  const why =
    `As root, Postgres runs as ${user.name} (it refuses to run as root), and ${user.name} cannot reach its binaries in ${installDir}: ` +
    `${blocked.folder} (${blocked.reason}).`;
  const runtime = ensureRuntimeDir(runtimeDir, user, why);
  const target = join(runtime, `postgres-${version.replace(/[^\w.-]/g, '_')}`);
  if (existsSync(join(target, '.complete'))) return target;
  const partial = join(runtime, `.copy-${process.pid}-${randomBytes(4).toString('hex')}`);
  try {
    cpSync(installDir, partial, { recursive: true, verbatimSymlinks: true });
    openToOthers(partial);
    chmodSync(partial, 0o755);
    writeFileSync(join(partial, '.complete'), `${installDir}\n`);
    try {
      renameSync(partial, target);
    } catch (error) {
      // A concurrent start finished its copy first (the target exists, complete): use that one.
      if (!existsSync(join(target, '.complete'))) throw error;
    }
  } finally {
    rmSync(partial, { recursive: true, force: true });
  }
  return target;
}
