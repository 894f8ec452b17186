/**
 * bench:indexer's ceilings, in a process of their own (its CPU is read apart from the benchmark's).
 *
 * `node -r tools/ts-register.js tools/bench-indexer/ceiling.ts backfill <plan.json>`: the
 * unavoidable work of the indexer's backfill without its logic, in two timed parts, printed as one
 * JSON line: (1) every log the indexer consumed, fetched once: eth_getLogs over the indexer's own
 * windows less what an earlier window already covered, with its last filter (every address it
 * came to watch), one request after the other, each answer parsed; (2) the same number of row
 * writes per table as the indexer made (Postgres' n_tup_ins + n_tup_upd), taken from the rows it
 * wrote, spread over one transaction per block with logs, each with the indexer's three cursor
 * statements.
 *
 * `... ceiling.ts follow <plan.json>`: a bare follower at the head: polls the latest block every
 * POLL_INTERVAL_MS like the indexer, fetches the new blocks' logs with the indexer's filter, and
 * commits the cursor in one transaction per block with logs (and one for the window's end). It
 * prints `ready` once started and runs until SIGTERM.
 */
import { readFileSync } from 'node:fs';
import { Client } from 'pg';
import { processCpuSeconds, treeCpuSeconds } from './process-cpu';

export interface LogFilter {
  address?: string[];
  topics?: unknown[];
}

export interface BackfillCeilingPlan {
  rpcUrl: string;
  /** The indexer's last eth_getLogs filter (addresses and topics). */
  filter: LogFilter;
  /** Block ranges to fetch, in order (the indexer's windows, each block once). */
  ranges: { from: number; to: number }[];
  /** Logs at or after this block are counted apart (`logsFromSplit`). */
  splitBlock: number;
  /** The indexer's store (rows are read from it before the clock starts) and the ceiling's (migrated, empty). */
  sourceUrl: string;
  ceilingUrl: string;
  /** Row writes per table, as Postgres counted them for the indexer. */
  writes: Record<string, number>;
  /** Block transactions the indexer committed (blocks with logs and window ends). */
  transactions: number;
  chainId: number;
  /** Postgres' postmaster and the node, whose CPU each part costs. */
  postgresPid: number;
  anvilPid: number;
}

export interface FollowCeilingPlan {
  rpcUrl: string;
  /** The indexer's last eth_getLogs filter: its addresses and topics. */
  filter: LogFilter;
  ceilingUrl: string;
  pollIntervalMs: number;
  chainId: number;
}

export interface CeilingPart {
  wallMs: number;
  /** CPU of this process, of Postgres and of the node over the part. */
  cpuMs: number;
  postgresCpuMs: number;
  anvilCpuMs: number;
}

export interface BackfillCeilingResult {
  fetch: CeilingPart & { requests: number; logs: number; logsFromSplit: number; blocksWithLogs: number; responseBytes: number };
  store: CeilingPart & { transactions: number; rowWrites: number; statements: number };
}

interface RawLog {
  blockNumber: string;
  blockHash: string;
  logIndex: string;
}

/** The cursor statements of the indexer's CursorStore.advance (apps/indexer/src/follower/cursor-store.ts), copied: tools may not import apps. */
const CURSOR_SQL = [
  `INSERT INTO chain_cursor (chain_id, genesis_hash, block_number, block_hash, block_timestamp, updated_at) VALUES ($1, $2, $3, $4, $5, now())
   ON CONFLICT (chain_id) DO UPDATE SET genesis_hash = EXCLUDED.genesis_hash, block_number = EXCLUDED.block_number,
     block_hash = EXCLUDED.block_hash, block_timestamp = EXCLUDED.block_timestamp, updated_at = EXCLUDED.updated_at`,
  `INSERT INTO chain_cursor_blocks (chain_id, block_number, block_hash) VALUES ($1, $2, $3)
   ON CONFLICT (chain_id, block_number) DO UPDATE SET block_hash = EXCLUDED.block_hash`,
  `DELETE FROM chain_cursor_blocks WHERE chain_id = $1 AND block_number < $2`,
];
const REORG_HISTORY_BLOCKS = 256;
const GENESIS = `0x${'00'.repeat(32)}`;

async function advanceCursor(client: Client, chainId: number, block: { number: number; hash: string; timestamp: number }): Promise<void> {
  await client.query(CURSOR_SQL[0], [chainId, GENESIS, block.number, block.hash, block.timestamp]);
  await client.query(CURSOR_SQL[1], [chainId, block.number, block.hash]);
  await client.query(CURSOR_SQL[2], [chainId, block.number - REORG_HISTORY_BLOCKS]);
}

let rpcId = 0;
async function rpc<T>(url: string, method: string, params: unknown[]): Promise<{ result: T; bytes: number }> {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: ++rpcId, method, params }),
  });
  const text = await response.text();
  const body = JSON.parse(text) as { result?: T; error?: { message: string } };
  if (body.error || body.result === undefined) throw new Error(`${method}: ${body.error?.message ?? `HTTP ${response.status}`}`);
  return { result: body.result, bytes: text.length };
}

const ownCpuMs = () => {
  const usage = process.cpuUsage();
  return (usage.user + usage.system) / 1000;
};

/** Starts the clocks of a part; the returned function stops them. */
function clocks(postgresPid: number, anvilPid: number): () => CeilingPart {
  const started = { wall: performance.now(), cpu: ownCpuMs(), pg: treeCpuSeconds(postgresPid) ?? 0, anvil: processCpuSeconds(anvilPid) ?? 0 };
  return () => ({
    wallMs: performance.now() - started.wall,
    cpuMs: ownCpuMs() - started.cpu,
    postgresCpuMs: ((treeCpuSeconds(postgresPid) ?? 0) - started.pg) * 1000,
    anvilCpuMs: ((processCpuSeconds(anvilPid) ?? 0) - started.anvil) * 1000,
  });
}

interface TablePlan {
  name: string;
  columns: string[];
  /** Primary key columns; empty when the key is a serial id the store assigns (a plain INSERT). */
  key: string[];
  rows: string[][];
  writes: number;
}

/** Tables in an order their foreign keys accept within one transaction; others after, by name. */
const TABLE_ORDER = ['markets', 'positions', 'ticks', 'trades', 'snapshots', 'beacon_index_updates'];

async function tablePlan(source: Client, name: string, writes: number): Promise<TablePlan> {
  const { rows: columns } = await source.query<{ column_name: string; serial: boolean }>(
    `SELECT column_name, coalesce(column_default LIKE 'nextval(%', false) AS serial FROM information_schema.columns
     WHERE table_schema = 'public' AND table_name = $1 ORDER BY ordinal_position`,
    [name],
  );
  const { rows: keyRows } = await source.query<{ attname: string }>(
    `SELECT a.attname FROM pg_index i JOIN pg_attribute a ON a.attrelid = i.indrelid AND a.attnum = ANY(i.indkey)
     WHERE i.indrelid = $1::regclass AND i.indisprimary`,
    [name],
  );
  const serial = new Set(columns.filter((c) => c.serial).map((c) => c.column_name));
  const written = columns.map((c) => c.column_name).filter((c) => !serial.has(c));
  const key = keyRows.map((r) => r.attname);
  const { rows } = await source.query({
    text: `SELECT ${written.map((c) => `"${c}"::text`).join(', ')} FROM "${name}" ORDER BY ${key.map((c) => `"${c}"`).join(', ') || '1'}`,
    rowMode: 'array',
  });
  return { name, columns: written, key: key.some((c) => serial.has(c)) ? [] : key, rows: rows as string[][], writes };
}

function writeSql(table: TablePlan, count: number): string {
  const width = table.columns.length;
  const tuples = Array.from({ length: count }, (_, r) => `(${table.columns.map((_, c) => `$${r * width + c + 1}`).join(', ')})`);
  const insert = `INSERT INTO "${table.name}" (${table.columns.map((c) => `"${c}"`).join(', ')}) VALUES ${tuples.join(', ')}`;
  if (table.key.length === 0) return insert;
  const updates = table.columns.filter((c) => !table.key.includes(c)).map((c) => `"${c}" = EXCLUDED."${c}"`);
  return `${insert} ON CONFLICT (${table.key.map((c) => `"${c}"`).join(', ')}) DO UPDATE SET ${updates.join(', ')}`;
}

/** The statements writing rows [from, from + count) of a table's rows taken round and round: no key twice in one statement, at most 1000 rows each. */
export function cyclicChunks(total: number, from: number, count: number, maxRows = 1000): { start: number; count: number }[] {
  const chunks: { start: number; count: number }[] = [];
  let at = from % total;
  let left = count;
  while (left > 0) {
    const n = Math.min(left, total - at, maxRows);
    chunks.push({ start: at, count: n });
    left -= n;
    at = (at + n) % total;
  }
  return chunks;
}

/** How many of `total` items the i-th of `parts` gets, spread as evenly as integers allow. */
export function share(total: number, parts: number, i: number): number {
  return Math.floor(((i + 1) * total) / parts) - Math.floor((i * total) / parts);
}

async function backfill(plan: BackfillCeilingPlan): Promise<BackfillCeilingResult> {
  // Part 1: every log once.
  let stop = clocks(plan.postgresPid, plan.anvilPid);
  let logs = 0;
  let logsFromSplit = 0;
  let responseBytes = 0;
  const blocks = new Map<number, string>();
  for (const range of plan.ranges) {
    const filter = { ...plan.filter, fromBlock: `0x${range.from.toString(16)}`, toBlock: `0x${range.to.toString(16)}` };
    const { result, bytes } = await rpc<RawLog[]>(plan.rpcUrl, 'eth_getLogs', [filter]);
    responseBytes += bytes;
    logs += result.length;
    for (const log of result) {
      const number = Number(log.blockNumber);
      blocks.set(number, log.blockHash);
      if (number >= plan.splitBlock) logsFromSplit++;
    }
  }
  const fetched = { ...stop(), requests: plan.ranges.length, logs, logsFromSplit, blocksWithLogs: blocks.size, responseBytes };

  // Part 2: the same row writes. Before the clock: the rows, and the final markets and positions
  // already in place (so foreign keys hold whatever order the rows come round in; every upsert of
  // them then finds its row, as most of the indexer's did).
  const source = new Client({ connectionString: plan.sourceUrl });
  const client = new Client({ connectionString: plan.ceilingUrl });
  await Promise.all([source.connect(), client.connect()]);
  const names = Object.keys(plan.writes)
    .filter((t) => plan.writes[t] > 0)
    .sort((a, b) => (TABLE_ORDER.indexOf(a) + 1 || 99) - (TABLE_ORDER.indexOf(b) + 1 || 99) || a.localeCompare(b));
  const tables: TablePlan[] = [];
  for (const name of names) tables.push(await tablePlan(source, name, plan.writes[name]));
  await source.end();
  for (const table of tables.filter((t) => ['markets', 'positions'].includes(t.name))) {
    for (const { start, count } of cyclicChunks(table.rows.length, 0, table.rows.length)) {
      await client.query(writeSql(table, count), table.rows.slice(start, start + count).flat());
    }
  }
  const withLogs = [...blocks.entries()].sort((a, b) => a[0] - b[0]);
  const last = withLogs[withLogs.length - 1] ?? [0, GENESIS];
  const transactions = Math.max(plan.transactions, withLogs.length);
  /** Rows written so far, per table (in the order of `tables`). */
  const written = tables.map(() => 0);
  let statements = 0;
  let rowWrites = 0;
  stop = clocks(plan.postgresPid, plan.anvilPid);
  for (let i = 0; i < transactions; i++) {
    const [number, hash] = withLogs[i] ?? last;
    await client.query('BEGIN');
    if (i < withLogs.length) {
      for (const [t, table] of tables.entries()) {
        if (table.rows.length === 0) continue;
        const count = share(table.writes, withLogs.length, i);
        for (const chunk of cyclicChunks(table.rows.length, written[t], count)) {
          await client.query(writeSql(table, chunk.count), table.rows.slice(chunk.start, chunk.start + chunk.count).flat());
          statements++;
        }
        written[t] += count;
        rowWrites += count;
      }
    }
    await advanceCursor(client, plan.chainId, { number, hash, timestamp: 0 });
    statements += CURSOR_SQL.length;
    await client.query('COMMIT');
  }
  const store = { ...stop(), transactions, rowWrites, statements };
  await client.end();
  return { fetch: fetched, store };
}

interface RawBlock {
  number: string;
  hash: string;
  timestamp: string;
}

async function follow(plan: FollowCeilingPlan): Promise<void> {
  const client = new Client({ connectionString: plan.ceilingUrl });
  await client.connect();
  let stopping = false;
  let wake: (() => void) | undefined;
  process.once('SIGTERM', () => {
    stopping = true;
    wake?.();
  });
  let cursor = Number(BigInt((await rpc<string>(plan.rpcUrl, 'eth_blockNumber', [])).result));
  process.stdout.write('ready\n');
  while (!stopping) {
    const head = (await rpc<RawBlock>(plan.rpcUrl, 'eth_getBlockByNumber', ['latest', false])).result;
    const to = Number(BigInt(head.number));
    if (to > cursor) {
      const filter = { ...plan.filter, fromBlock: `0x${(cursor + 1).toString(16)}`, toBlock: head.number };
      const logs = (await rpc<RawLog[]>(plan.rpcUrl, 'eth_getLogs', [filter])).result;
      const withLogs = new Map(logs.map((log) => [Number(log.blockNumber), log.blockHash]));
      for (const [number, hash] of [...withLogs.entries()].sort((a, b) => a[0] - b[0])) {
        await client.query('BEGIN');
        await advanceCursor(client, plan.chainId, { number, hash, timestamp: 0 });
        await client.query('COMMIT');
      }
      if (!withLogs.has(to)) {
        await client.query('BEGIN');
        await advanceCursor(client, plan.chainId, { number: to, hash: head.hash, timestamp: Number(BigInt(head.timestamp)) });
        await client.query('COMMIT');
      }
      cursor = to;
      continue;
    }
    await client.query('SELECT 1'); // the indexer pings its store when caught up
    await new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, plan.pollIntervalMs);
      wake = () => {
        clearTimeout(timer);
        resolve();
      };
    });
  }
  await client.end();
}

async function main(): Promise<void> {
  const [mode, planFile] = process.argv.slice(2);
  const plan: unknown = JSON.parse(readFileSync(planFile, 'utf8'));
  if (mode === 'backfill') process.stdout.write(`${JSON.stringify(await backfill(plan as BackfillCeilingPlan))}\n`);
  else if (mode === 'follow') await follow(plan as FollowCeilingPlan);
  else throw new Error(`unknown mode ${mode}: backfill or follow`);
}

if (require.main === module) {
  main().then(
    () => process.exit(0),
    (error: unknown) => {
      console.error(error instanceof Error ? (error.stack ?? error.message) : error);
      process.exit(1);
    },
  );
}
