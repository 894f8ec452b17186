import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { dependencyCycles, dependencyPath, longestChain, ProjectGraphJson } from './graph-paths';

const ROOT = join(__dirname, '..', '..');
const APPS = ['market-data', 'beacon-ops', 'indexer'] as const;
const run = promisify(execFile);

/** Nx as CI runs it: no daemon, no cloud, no terminal UI. */
async function nx(...args: string[]): Promise<string> {
  const env = { ...process.env, NX_DAEMON: 'false', NX_NO_CLOUD: 'true', NX_TUI: 'false' };
  const { stdout } = await run(process.execPath, [require.resolve('nx/bin/nx'), ...args], { cwd: ROOT, env, maxBuffer: 64 << 20 });
  return stdout;
}

/** Every ordered pair of distinct apps. */
const PAIRS = APPS.flatMap((from) => APPS.filter((to) => to !== from).map((to) => [from, to] as [string, string]));

// Each app must be deployable alone: a change to one must not mark another affected.
describe('project graph: the three apps are independent', () => {
  let edges: ProjectGraphJson['graph']['dependencies'];
  let nodes: Record<string, { data?: { root?: string; tags?: string[] } }>;
  const affected = new Map<string, string[]>();

  beforeAll(async () => {
    const dir = mkdtempSync(join(tmpdir(), 'project-graph-'));
    try {
      // One graph computation; the affected queries below reuse Nx's cached graph.
      await nx('graph', `--file=${join(dir, 'graph.json')}`);
      const { graph } = JSON.parse(readFileSync(join(dir, 'graph.json'), 'utf8')) as ProjectGraphJson;
      edges = graph.dependencies;
      nodes = graph.nodes as typeof nodes;
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
    for (const app of APPS) affected.set(app, JSON.parse(await nx('show', 'projects', '--affected', `--files=apps/${app}/src/main.ts`, '--json')));
  }, 300_000);

  it('knows every app', () => {
    expect(Object.keys(edges)).toEqual(expect.arrayContaining([...APPS]));
  });

  it('has no dependency cycle', () => {
    expect(dependencyCycles(edges)).toEqual([]);
  });

  // Issue 23: a lib that pulled others above it made them stack five floors deep. Counted over
  // the libs production code may import (not type:testing: local-infra, market-sim, whose edges
  // come from tests).
  it('stacks its libraries at most three floors deep', () => {
    const runtime = (name: string) => nodes[name]?.data?.root?.startsWith('libs/') && !nodes[name]?.data?.tags?.includes('type:testing');
    const libs = new Set(Object.keys(edges).filter(runtime));
    expect(libs.size).toBeGreaterThan(10);
    const chain = longestChain(edges, libs);
    expect({ chain: chain.join(' -> '), floors: Math.min(chain.length, 3) }).toEqual({ chain: chain.join(' -> '), floors: chain.length });
  });

  it.each(PAIRS)('has no path from %s to %s, through any project', (from, to) => {
    expect(dependencyPath(edges, from, to)).toBeUndefined();
  });

  it.each(PAIRS)('a change to apps/%s/src/main.ts affects that app and not %s', (app, other) => {
    expect(affected.get(app)).toContain(app);
    expect(affected.get(app)).not.toContain(other);
  });
});

describe('graph paths', () => {
  const edges = { a: [{ target: 'b', type: 'static' }], b: [{ target: 'c', type: 'static' }], c: [], d: [{ target: 'a', type: 'implicit' }] };

  it('finds the shortest path, and none against the edges', () => {
    expect(dependencyPath(edges, 'd', 'c')).toEqual(['d', 'a', 'b', 'c']);
    expect(dependencyPath(edges, 'c', 'a')).toBeUndefined();
  });

  it('measures the longest chain within a set of projects', () => {
    expect(longestChain(edges, new Set(['a', 'b', 'c']))).toEqual(['a', 'b', 'c']);
    expect(longestChain(edges, new Set(['a', 'c', 'd']))).toEqual(['d', 'a']);
  });

  it('names each project on a cycle', () => {
    expect(dependencyCycles(edges)).toEqual([]);
    expect(dependencyCycles({ ...edges, c: [{ target: 'a', type: 'static' }] })).toEqual(['a -> b -> c -> a', 'b -> c -> a -> b', 'c -> a -> b -> c']);
  });
});
