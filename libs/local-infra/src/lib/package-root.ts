import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';

/**
 * Folder of an installed package. Some binary packages declare `exports` without
 * `./package.json` (Node then refuses that subpath) and some have no entry point at all,
 * so try both ways in.
 */
export function packageRoot(name: string): string {
  try {
    return dirname(require.resolve(`${name}/package.json`));
  } catch {
    let dir = dirname(require.resolve(name));
    while (!isPackageFolder(dir, name)) {
      const parent = dirname(dir);
      if (parent === dir) throw new Error(`Cannot locate the folder of package ${name}`);
      dir = parent;
    }
    return dir;
  }
}

function isPackageFolder(dir: string, name: string): boolean {
  const manifest = join(dir, 'package.json');
  return existsSync(manifest) && (JSON.parse(readFileSync(manifest, 'utf8')) as { name?: string }).name === name;
}
