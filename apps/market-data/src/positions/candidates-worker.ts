/**
 * The liquidation candidates' refresh, on a thread of its own (worker_threads; started by
 * candidate-feed.ts, built as its own entry beside main.js): every `periodMs` it refreshes the
 * candidates incrementally (candidate-refresh.ts) over its own connection to the index store and
 * posts the outcome. The request thread only serves what it posts, so no request waits for the
 * statements, the decoding or the contract arithmetic of a refresh.
 */
import { readFileSync } from 'node:fs';
import { parentPort, workerData } from 'node:worker_threads';
import { Client } from 'pg';
import type { CandidateBookData } from './candidate-book';
import { CandidateRefresher, RefreshStats } from './candidate-refresh';

export interface CandidatesWorkerData {
  indexDatabaseUrl: string;
  /** STORE_TIMEOUT_MS: each statement's statement_timeout and the connection's connect timeout, as the request pools have. */
  storeTimeoutMs: number;
  candidateBufferE6: number;
  /** A refresh starts this long after the previous one started (at once if that one took longer). */
  periodMs: number;
}

export type CandidatesWorkerMessage =
  | { kind: 'refreshed'; readAt: number; book?: CandidateBookData; stats: RefreshStats }
  | { kind: 'failed'; readAt: number; error: { message: string; code?: string } }
  /** After each refresh's message: the thread's CPU for the refresh and its posting (Linux). */
  | { kind: 'cpu'; ms: number };

/** This thread's CPU time (user + system) in ms, from Linux's per-thread stat; undefined elsewhere. */
function threadCpuMs(): number | undefined {
  try {
    const text = readFileSync('/proc/thread-self/stat', 'utf8');
    const fields = text.slice(text.lastIndexOf(')') + 2).split(' ');
    // utime and stime, in clock ticks of 10 ms (USER_HZ).
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return undefined;
  }
}

const since = (before: number | undefined): number | undefined => {
  const after = threadCpuMs();
  return before === undefined || after === undefined ? undefined : after - before;
};

function run(port: NonNullable<typeof parentPort>, settings: CandidatesWorkerData): void {
  const refresher = new CandidateRefresher(settings.candidateBufferE6);
  let client: Client | undefined;

  // One connection, opened on demand; after any error it is dropped (never reused behind a statement that hung) and opened again at the next refresh.
  const query = async (sql: string, params?: unknown[]) => {
    if (!client) {
      const fresh = new Client({
        connectionString: settings.indexDatabaseUrl,
        application_name: 'market-data candidates',
        connectionTimeoutMillis: settings.storeTimeoutMs,
        statement_timeout: settings.storeTimeoutMs,
        // The client's own bound, just after the server's: a store that does not answer at all.
        query_timeout: settings.storeTimeoutMs + Math.min(100, Math.round(settings.storeTimeoutMs / 10)),
        keepAlive: true,
      });
      fresh.on('error', () => undefined);
      await fresh.connect();
      client = fresh;
    }
    return (await client.query(sql, params)).rows as Record<string, unknown>[];
  };

  const loop = async () => {
    for (;;) {
      const startedAt = Date.now();
      const cpuBefore = threadCpuMs();
      try {
        const result = await refresher.refresh(query);
        const message: CandidatesWorkerMessage = { kind: 'refreshed', ...result };
        // The orders move to the request thread rather than being copied.
        port.postMessage(message, result.book ? Object.values(result.book.orders).map((order) => order.buffer as ArrayBuffer) : []);
      } catch (error) {
        const broken = client;
        client = undefined;
        void broken?.end().catch(() => undefined);
        const e = error as { message?: string; code?: string };
        const message: CandidatesWorkerMessage = { kind: 'failed', readAt: startedAt, error: { message: String(e?.message ?? error), code: e?.code } };
        port.postMessage(message);
      }
      const cpuMs = since(cpuBefore);
      if (cpuMs !== undefined) port.postMessage({ kind: 'cpu', ms: cpuMs } satisfies CandidatesWorkerMessage);
      const wait = startedAt + settings.periodMs - Date.now();
      if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    }
  };
  void loop();
}

if (parentPort) run(parentPort, workerData as CandidatesWorkerData);
