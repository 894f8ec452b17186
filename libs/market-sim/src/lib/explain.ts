import { Client } from 'pg';
import { QUERY_PATHS, QueryPath } from '@perp/index-db';

export interface PlanSummary {
  path: QueryPath;
  /** Scan nodes as "Node Type on relation using index". */
  scans: string[];
  /** Relations read by a sequential scan. */
  seqScans: string[];
  /** Expected indexes the plan actually uses. */
  usedIndexes: string[];
}

interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  'Index Name'?: string;
  Plans?: PlanNode[];
}

function walk(node: PlanNode, visit: (n: PlanNode) => void): void {
  visit(node);
  for (const child of node.Plans ?? []) walk(child, visit);
}

/**
 * EXPLAIN of every spec query path on loaded data, with parameters picked from that data.
 * Small-by-nature tables are planned with enable_seqscan off (see QueryPath.smallTable).
 */
export async function explainQueryPaths(indexUrl: string, sourceUrl: string): Promise<PlanSummary[]> {
  const clients = { index: new Client({ connectionString: indexUrl }), source: new Client({ connectionString: sourceUrl }) };
  await clients.index.connect();
  await clients.source.connect();
  try {
    const out: PlanSummary[] = [];
    for (const path of QUERY_PATHS) {
      const client = clients[path.store];
      const params: unknown[] = path.sampleSql ? ((await client.query({ text: path.sampleSql, rowMode: 'array' })).rows[0] ?? []) : [];
      await client.query(`SET enable_seqscan = ${path.smallTable ? 'off' : 'on'}`);
      const plan = (await client.query(`EXPLAIN (FORMAT JSON) ${path.sql}`, params)).rows[0]['QUERY PLAN'][0].Plan as PlanNode;
      const summary: PlanSummary = { path, scans: [], seqScans: [], usedIndexes: [] };
      walk(plan, (n) => {
        if (!/Scan/.test(n['Node Type'])) return;
        summary.scans.push(`${n['Node Type']}${n['Relation Name'] ? ` on ${n['Relation Name']}` : ''}${n['Index Name'] ? ` using ${n['Index Name']}` : ''}`);
        if (n['Node Type'] === 'Seq Scan' && n['Relation Name']) summary.seqScans.push(n['Relation Name']);
        if (n['Index Name'] && path.indexes.includes(n['Index Name']) && !summary.usedIndexes.includes(n['Index Name']))
          summary.usedIndexes.push(n['Index Name']);
      });
      await client.query('RESET enable_seqscan');
      out.push(summary);
    }
    return out;
  } finally {
    await clients.index.end();
    await clients.source.end();
  }
}

/** The plans as a markdown table, for the README. */
export function plansMarkdown(plans: PlanSummary[]): string {
  const rows = plans.map((p) => `| ${p.path.name} | ${p.path.route} | ${p.scans.join('; ')}${p.path.smallTable ? ' (enable_seqscan off)' : ''} |`);
  return ['| query path | route | plan on the demo data |', '|---|---|---|', ...rows].join('\n');
}
