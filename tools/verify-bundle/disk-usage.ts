import { lstatSync, readdirSync } from 'node:fs';
import { join } from 'node:path';

/** Bytes a folder takes on disk (allocated blocks, like `du`), each hard-linked file once. */
export function diskUsage(dir: string, seen = new Set<string>()): number {
  let total = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    const stat = lstatSync(path);
    const id = `${stat.dev}:${stat.ino}`;
    if (seen.has(id)) continue;
    seen.add(id);
    total += stat.blocks * 512;
    if (entry.isDirectory()) total += diskUsage(path, seen);
  }
  return total;
}

export function megabytes(bytes: number): string {
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}
