import { copyFileSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Lockfile, pruneLockfile } from './prune-lockfile';
import { runtimeRequires } from './runtime-requires';

export const REPO_ROOT = join(__dirname, '..', '..');
export const BUNDLE_APPS = ['market-data', 'beacon-ops', 'indexer'] as const;
export type BundleApp = (typeof BUNDLE_APPS)[number];

/** Where `nx run <app>:bundle` writes (the target's `outputs`). */
export function bundleDir(app: string, repoRoot = REPO_ROOT): string {
  return join(repoRoot, 'dist', 'bundles', app);
}

export interface BundleSummary {
  dir: string;
  dependencies: Record<string, string>;
  /** Packages the entry files require that the build's generated package.json left out (tslib, from importHelpers). */
  addedRequires: string[];
  lockedPackages: number;
}

interface RootPackage {
  license?: string;
  engines?: Record<string, string>;
  overrides?: Record<string, unknown>;
  allowScripts?: Record<string, boolean>;
}

/** The entries of a root `overrides` or `allowScripts` that name a package the bundle installs (npm reads both only from the install root). */
function forInstalled<T>(section: Record<string, T> | undefined, installed: Set<string>): Record<string, T> | undefined {
  const kept = Object.entries(section ?? {}).filter(([key]) => installed.has(key.replace(/(.)@[^@]*$/, '$1')));
  return kept.length > 0 ? Object.fromEntries(kept) : undefined;
}

function readJson<T>(path: string): T {
  return JSON.parse(readFileSync(path, 'utf8')) as T;
}

/**
 * The built entry files: main.js, and any other entry the app starts itself (market-data's
 * candidates-worker.js, loaded by a worker thread from beside main.js).
 */
function entryFiles(built: string): string[] {
  return readdirSync(built)
    .filter((file) => file.endsWith('.js'))
    .sort();
}

/**
 * A deployable folder: the built main.js (and the app's other entries) with their source maps, a package.json naming what the
 * app loads at run time, and a lockfile pruned to exactly those, so `npm ci --omit=dev` in a
 * folder holding only the bundle installs the workspace's tested versions. The dependencies
 * are the build's generated list (the project graph's imports, which also catches packages
 * loaded by name at run time: pg by TypeORM, @fastify/static by Swagger) plus every package
 * main.js requires that the list lacks; each must be installed at the workspace's top level.
 */
export function makeBundle(app: BundleApp, repoRoot = REPO_ROOT): BundleSummary {
  const built = join(repoRoot, 'dist', 'apps', app);
  for (const file of ['main.js', 'main.js.map', 'package.json']) {
    if (!existsSync(join(built, file))) throw new Error(`${join(built, file)} is missing: run \`nx build ${app}\` first`);
  }
  const rootLock = readJson<Lockfile>(join(repoRoot, 'package-lock.json'));
  const rootPackage = readJson<RootPackage>(join(repoRoot, 'package.json'));
  const appPackage = readJson<{ name: string; version: string; description?: string }>(join(repoRoot, 'apps', app, 'package.json'));
  const generated = readJson<{ dependencies?: Record<string, string> }>(join(built, 'package.json'));

  const entries = entryFiles(built);
  const requires = [...new Set(entries.flatMap((file) => runtimeRequires(readFileSync(join(built, file), 'utf8'))))].sort();
  const names = new Set([...Object.keys(generated.dependencies ?? {}), ...requires]);
  const dependencies: Record<string, string> = {};
  for (const name of [...names].sort()) {
    const version = rootLock.packages[`node_modules/${name}`]?.version;
    if (!version) throw new Error(`${app} loads ${name}, which is not installed at the workspace's top level (root package-lock.json)`);
    dependencies[name] = version;
  }

  const identity = { name: appPackage.name, version: appPackage.version };
  const rootExtras = { ...(rootPackage.license ? { license: rootPackage.license } : {}), ...(rootPackage.engines ? { engines: rootPackage.engines } : {}) };
  const lock = pruneLockfile(rootLock, { ...identity, dependencies }, rootExtras);
  // The root's overrides keep the workspace's tested versions where a dependency's own range
  // disagrees (content-disposition under @fastify/static): the pruned lockfile holds those.
  const installed = new Set(Object.keys(lock.packages).map((path) => path.slice(path.lastIndexOf('node_modules/') + 'node_modules/'.length)));
  const overrides = forInstalled(rootPackage.overrides, installed);
  const allowScripts = forInstalled(rootPackage.allowScripts, installed);
  const manifest = {
    ...identity,
    private: true,
    ...(appPackage.description ? { description: appPackage.description } : {}),
    main: 'main.js',
    scripts: { start: 'node --enable-source-maps main.js', migrate: 'node main.js migrate' },
    ...rootExtras,
    dependencies,
    ...(overrides ? { overrides } : {}),
    ...(allowScripts ? { allowScripts } : {}),
  };

  const dir = bundleDir(app, repoRoot);
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  for (const file of entries) {
    copyFileSync(join(built, file), join(dir, file));
    if (existsSync(join(built, `${file}.map`))) copyFileSync(join(built, `${file}.map`), join(dir, `${file}.map`));
  }
  writeFileSync(join(dir, 'package.json'), `${JSON.stringify(manifest, null, 2)}\n`);
  writeFileSync(join(dir, 'package-lock.json'), `${JSON.stringify(lock, null, 2)}\n`);
  return {
    dir,
    dependencies,
    addedRequires: requires.filter((name) => !(name in (generated.dependencies ?? {}))),
    lockedPackages: Object.keys(lock.packages).length - 1,
  };
}
