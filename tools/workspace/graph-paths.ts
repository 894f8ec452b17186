/** The part of `nx graph --file=<f>.json` that the checks read: each project's direct dependencies. */
export interface ProjectGraphJson {
  graph: { nodes: Record<string, unknown>; dependencies: Record<string, { target: string; type: string }[]> };
}

type Edges = ProjectGraphJson['graph']['dependencies'];

/** One shortest dependency path from `from` to `to` (both included), or undefined when there is none. */
export function dependencyPath(edges: Edges, from: string, to: string): string[] | undefined {
  const previous = new Map<string, string | null>([[from, null]]);
  const queue = [from];
  while (queue.length > 0) {
    const node = queue.shift() as string;
    if (node === to) {
      const path = [node];
      for (let at = previous.get(node); at != null; at = previous.get(at)) path.unshift(at);
      return path;
    }
    for (const { target } of edges[node] ?? []) {
      if (!previous.has(target)) {
        previous.set(target, node);
        queue.push(target);
      }
    }
  }
  return undefined;
}

/** Every project that lies on a dependency cycle, each with one cycle through it (e.g. a -> b -> a). */
export function dependencyCycles(edges: Edges): string[] {
  const cycles: string[] = [];
  for (const node of Object.keys(edges)) {
    for (const { target } of edges[node]) {
      const back = dependencyPath(edges, target, node);
      if (back) {
        cycles.push([node, ...back].join(' -> '));
        break;
      }
    }
  }
  return cycles;
}

/**
 * The longest dependency chain among `projects` (edges to other projects ignored), as the
 * projects on it, deepest first: how many floors the libraries stack. The graph has no cycle
 * (checked beside), so the recursion ends.
 */
export function longestChain(edges: Edges, projects: ReadonlySet<string>): string[] {
  const memo = new Map<string, string[]>();
  const from = (node: string): string[] => {
    const known = memo.get(node);
    if (known) return known;
    let best: string[] = [];
    for (const { target } of edges[node] ?? []) {
      if (projects.has(target) && target !== node) {
        const below = from(target);
        if (below.length > best.length) best = below;
      }
    }
    const chain = [node, ...best];
    memo.set(node, chain);
    return chain;
  };
  return [...projects].map(from).reduce<string[]>((a, b) => (b.length > a.length ? b : a), []);
}
