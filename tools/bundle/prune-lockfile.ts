/** The parts of an npm lockfile (v2/v3) that pruning reads and writes. */
export interface LockPackage {
  version?: string;
  resolved?: string;
  integrity?: string;
  link?: boolean;
  dev?: boolean;
  optional?: boolean;
  devOptional?: boolean;
  peer?: boolean;
  extraneous?: boolean;
  dependencies?: Record<string, string>;
  optionalDependencies?: Record<string, string>;
  peerDependencies?: Record<string, string>;
  peerDependenciesMeta?: Record<string, { optional?: boolean }>;
  [field: string]: unknown;
}

export interface Lockfile {
  name?: string;
  version?: string;
  lockfileVersion: number;
  requires?: boolean;
  packages: Record<string, LockPackage>;
}

/** Where Node (and npm) finds `name` when required from the package installed at `from` ('' is the root). */
export function resolveInLock(packages: Record<string, LockPackage>, from: string, name: string): string | undefined {
  let base = from;
  for (;;) {
    const candidate = base ? `${base}/node_modules/${name}` : `node_modules/${name}`;
    if (packages[candidate]) return candidate;
    if (!base) return undefined;
    const nested = base.lastIndexOf('/node_modules/');
    base = nested === -1 ? '' : base.slice(0, nested);
  }
}

/** The edges npm installs from a package: its dependencies, its optional ones, and its peers that are not optional. */
function edges(entry: LockPackage): { name: string; optional: boolean }[] {
  const optionalPeers = entry.peerDependenciesMeta ?? {};
  return [
    ...Object.keys(entry.dependencies ?? {}).map((name) => ({ name, optional: false })),
    ...Object.keys(entry.optionalDependencies ?? {}).map((name) => ({ name, optional: true })),
    ...Object.keys(entry.peerDependencies ?? {})
      .filter((name) => !optionalPeers[name]?.optional)
      .map((name) => ({ name, optional: false })),
  ];
}

/**
 * A lockfile holding exactly what installing `dependencies` from the root lockfile installs,
 * at the same paths, versions and integrity hashes, so `npm ci --omit=dev` in a folder with
 * that package.json reproduces the workspace's tested tree and nothing else. The dev/peer
 * flags of the workspace are recomputed: everything kept is a production dependency, optional
 * only when every path to it passes an optional edge. Throws when a required edge has no
 * entry (npm would then resolve it afresh, and `npm ci` refuses).
 */
export function pruneLockfile(
  root: Lockfile,
  manifest: { name: string; version: string; dependencies: Record<string, string> },
  rootEntryExtras: Partial<LockPackage> = {},
): Lockfile {
  const { packages } = root;
  const reach = (optionalEdges: boolean): Set<string> => {
    const seen = new Set<string>();
    const queue: { from: string; name: string; optional: boolean }[] = Object.keys(manifest.dependencies).map((name) => ({ from: '', name, optional: false }));
    for (let edge = queue.shift(); edge; edge = queue.shift()) {
      if (edge.optional && !optionalEdges) continue;
      const path = resolveInLock(packages, edge.from, edge.name);
      if (!path) {
        if (edge.optional) continue; // another platform's binary: npm skips it too
        throw new Error(`${edge.name}, required by ${edge.from || manifest.name}, has no entry in the root package-lock.json`);
      }
      if (seen.has(path)) continue;
      seen.add(path);
      for (const next of edges(packages[path])) queue.push({ from: path, ...next });
    }
    return seen;
  };
  const required = reach(false);
  const all = reach(true);

  const pruned: Record<string, LockPackage> = {
    '': { name: manifest.name, version: manifest.version, ...rootEntryExtras, dependencies: manifest.dependencies },
  };
  for (const path of Object.keys(packages)) {
    if (!all.has(path)) continue;
    const { dev: _dev, optional: _optional, devOptional: _devOptional, peer: _peer, extraneous: _extraneous, ...entry } = packages[path];
    pruned[path] = required.has(path) ? entry : { ...entry, optional: true };
  }
  return { name: manifest.name, version: manifest.version, lockfileVersion: 3, requires: true, packages: pruned };
}
