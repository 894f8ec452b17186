import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { nextVersion } from './next-version';

export interface ReleasePlan {
  /** The app or lib (its folder's name). */
  app: string;
  from: string;
  to: string;
  tag: string;
  /** The version file, relative to the repository root. */
  file: string;
}

function git(root: string, ...args: string[]): string {
  return execFileSync('git', args, { cwd: root, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] }).trimEnd();
}

/** What carries its own version: each app (apps/<app>/package.json, its deployable bundle) and each published lib (libs/<lib>/package.json, its npm package). */
export function releasableProjects(root: string): Map<string, string> {
  const projects = new Map<string, string>();
  for (const kind of ['apps', 'libs']) {
    const dir = join(root, kind);
    if (!existsSync(dir)) continue;
    for (const name of readdirSync(dir).sort()) {
      if (existsSync(join(dir, name, 'package.json'))) projects.set(name, `${kind}/${name}/package.json`);
    }
  }
  return projects;
}

/** The names `release` accepts, sorted. */
export function releasableApps(root: string): string[] {
  return [...releasableProjects(root).keys()].sort();
}

/** What releasing `app` with `request` (patch, minor, major or x.y.z) would do; throws with the reason when it must not. */
export function planRelease(root: string, app: string, request: string): ReleasePlan {
  const file = releasableProjects(root).get(app);
  if (!file) throw new Error(`Unknown app or package ${JSON.stringify(app)}: expected one of ${releasableApps(root).join(', ')}`);
  // Only committed work is released: the tag must name exactly what was built and tested.
  const dirty = git(root, 'status', '--porcelain').split('\n').filter(Boolean);
  if (dirty.length > 0) {
    const shown = dirty.slice(0, 10).map((line) => `  ${line}`);
    if (dirty.length > 10) shown.push(`  ... and ${dirty.length - 10} more`);
    throw new Error(`The working tree has uncommitted changes; commit or stash them first:\n${shown.join('\n')}`);
  }
  const from = (JSON.parse(readFileSync(join(root, file), 'utf8')) as { version?: string }).version ?? '';
  const to = nextVersion(from, request);
  const tag = `${app}@${to}`;
  if (git(root, 'tag', '--list', tag) !== '') throw new Error(`The tag ${tag} already exists`);
  return { app, from, to, tag, file };
}

/** Writes the new version into the app's (or lib's) package.json only, commits that file and tags the commit. */
export function applyRelease(root: string, plan: ReleasePlan): void {
  const path = join(root, plan.file);
  const text = readFileSync(path, 'utf8');
  // Only the version value changes, so the file keeps its formatting.
  const updated = text.replace(/("version"\s*:\s*)"[^"]*"/, `$1"${plan.to}"`);
  writeFileSync(path, updated);
  git(root, 'add', '--', plan.file);
  git(root, 'commit', '--quiet', '-m', `Release ${plan.app} ${plan.to}`, '--', plan.file);
  git(root, 'tag', '--annotate', plan.tag, '--message', `${plan.app} ${plan.to}`);
}
