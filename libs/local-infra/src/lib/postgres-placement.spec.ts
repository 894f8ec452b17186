import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { blockedFolder, ensureRuntimeDir, PostgresPlacementError, PostgresUser, reachableInstallation } from './postgres-placement';
import { startPostgres } from './postgres-server';

const NOBODY: PostgresUser = { name: 'nobody', uid: 65534, gid: 65534 };

/** A fake file system: folder -> [mode, uid, gid]. */
function fakeStat(tree: Record<string, [number, number, number]>) {
  return (path: string) => {
    const entry = tree[path];
    if (!entry) throw Object.assign(new Error(`ENOENT ${path}`), { code: 'ENOENT' });
    const [mode, uid, gid] = entry;
    return { mode: 0o040000 | mode, uid, gid, isDirectory: () => true };
  };
}

describe('where Postgres can run as nobody', () => {
  it('names the first folder nobody cannot traverse, with its mode and owner', () => {
    const stat = fakeStat({ '/': [0o755, 0, 0], '/root': [0o700, 0, 0], '/root/clone': [0o755, 0, 0], '/root/clone/node_modules': [0o755, 0, 0] });
    expect(blockedFolder('/root/clone/node_modules', NOBODY, stat)).toEqual({
      folder: '/root',
      reason: 'mode 0700, owner uid 0, group gid 0: nobody (uid 65534) may not traverse it',
    });
  });

  it('lets through a folder searchable by others, by nobody as owner, or by its group', () => {
    const stat = fakeStat({ '/': [0o755, 0, 0], '/srv': [0o711, 0, 0], '/srv/own': [0o700, 65534, 0], '/srv/own/group': [0o710, 0, 65534] });
    expect(blockedFolder('/srv/own/group/not-yet-created/deeper', NOBODY, stat)).toBeUndefined();
    // The owner's bits decide for the owner, even when others' would allow more.
    const ownerOnly = fakeStat({ '/': [0o755, 0, 0], '/odd': [0o075, 65534, 0] });
    expect(blockedFolder('/odd', NOBODY, ownerOnly)?.folder).toBe('/odd');
  });

  const asRoot = typeof process.getuid === 'function' && process.getuid() === 0 ? describe : describe.skip;

  asRoot('as root, on real folders', () => {
    let scratch: string;
    let install: string;
    beforeEach(() => {
      scratch = mkdtempSync(join(tmpdir(), 'pg-placement-'));
      chmodSync(scratch, 0o755);
      // A checkout under a private (0700) folder, holding an installation like the package's native/.
      const home = join(scratch, 'home');
      mkdirSync(home, { mode: 0o700 });
      chmodSync(home, 0o700);
      install = join(home, 'clone', 'native');
      mkdirSync(join(install, 'bin'), { recursive: true });
      mkdirSync(join(install, 'lib'), { recursive: true });
      writeFileSync(join(install, 'bin', 'postgres'), '#!/bin/sh\necho postgres\n', { mode: 0o700 });
      writeFileSync(join(install, 'lib', 'libpq.so.5.18'), 'lib', { mode: 0o600 });
      symlinkSync('libpq.so.5.18', join(install, 'lib', 'libpq.so.5'));
    });
    afterEach(() => rmSync(scratch, { recursive: true, force: true }));

    it('copies the binaries once into the runtime folder, readable and runnable by others, links kept', () => {
      const runtime = join(scratch, 'runtime');
      const placed = reachableInstallation(install, '18.4', NOBODY, runtime);
      expect(placed).toBe(join(runtime, 'postgres-18.4'));
      expect(blockedFolder(join(placed, 'bin'), NOBODY)).toBeUndefined();
      expect(statSync(runtime).mode & 0o777).toBe(0o755);
      expect(statSync(join(placed, 'bin', 'postgres')).mode & 0o777).toBe(0o755);
      expect(statSync(join(placed, 'lib', 'libpq.so.5.18')).mode & 0o777).toBe(0o644);
      expect(readFileSync(join(placed, 'lib', 'libpq.so.5'), 'utf8')).toBe('lib');
      // Once: a second start reuses the copy.
      writeFileSync(join(placed, 'marker'), '');
      expect(reachableInstallation(install, '18.4', NOBODY, runtime)).toBe(placed);
      expect(existsSync(join(placed, 'marker'))).toBe(true);
      // The user's folder keeps its mode.
      expect(statSync(join(scratch, 'home')).mode & 0o777).toBe(0o700);
    });

    it('uses an installation nobody can reach where it is', () => {
      chmodSync(join(scratch, 'home'), 0o755);
      expect(reachableInstallation(install, '18.4', NOBODY, join(scratch, 'runtime'))).toBe(install);
      expect(existsSync(join(scratch, 'runtime'))).toBe(false);
    });

    it('refuses a runtime folder nobody cannot reach, naming it, the reason and the fix', () => {
      const runtime = join(scratch, 'home', 'runtime');
      let error: unknown;
      try {
        reachableInstallation(install, '18.4', NOBODY, runtime);
      } catch (caught) {
        error = caught;
      }
      expect(error).toBeInstanceOf(PostgresPlacementError);
      const message = (error as Error).message;
      expect(message).toContain(`cannot reach its binaries in ${install}`);
      expect(message).toContain(`${join(scratch, 'home')} (mode 0700, owner uid 0`);
      expect(message).toContain('Fix: set POSTGRES_RUNTIME_DIR (or TMPDIR) to a folder every user can traverse');
      expect(existsSync(runtime)).toBe(false);
    });

    it('refuses to start on an existing cluster folder nobody cannot reach, rather than move its data', async () => {
      const dataDir = join(scratch, 'home', 'data');
      mkdirSync(dataDir);
      await expect(startPostgres({ dataDir, runtimeDir: join(scratch, 'runtime') })).rejects.toThrow(
        new RegExp(`cannot reach the data folder ${dataDir}: ${join(scratch, 'home')} \\(mode 0700.*Fix: delete ${dataDir}`),
      );
    });

    it('refuses a runtime folder someone else could write to', () => {
      const runtime = join(scratch, 'planted');
      mkdirSync(runtime);
      chmodSync(runtime, 0o777);
      expect(() => ensureRuntimeDir(runtime, NOBODY, 'Why.')).toThrow(/not a folder owned by uid 0 and writable by it alone \(mode 0777/);
      const link = join(scratch, 'link');
      symlinkSync(scratch, link);
      expect(() => ensureRuntimeDir(link, NOBODY, 'Why.')).toThrow(/a symlink/);
    });
  });
});
