import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import { isConnectionError, isNoAnswer, isStatementTimeout, StoreUnavailableError } from '@perp/store';
import { measureCache } from '../common/cache-metrics';
import { CandidateBook } from './candidate-book';
import { recordRefresh, recordRefreshCpu } from './candidate-metrics';
import type { CandidatesWorkerData, CandidatesWorkerMessage } from './candidates-worker';

export interface CandidateFeedOptions extends CandidatesWorkerData {
  /** The oldest candidates served, counted from when their refresh started reading: beyond it a request waits for the next refresh. */
  maxAgeMs: number;
  /** How a failed refresh is named in its 503 (the index store's label). */
  storeLabel: string;
}

/**
 * The worker's file: built, webpack's `candidates-worker.js` beside main.js; from the sources
 * (tests, ts-node tools), the TypeScript file through the repository's register (ts-node).
 */
function workerEntry(): { filename: string; eval: boolean } {
  const built = join(__dirname, 'candidates-worker.js');
  if (existsSync(built)) return { filename: built, eval: false };
  const source = join(__dirname, 'candidates-worker.ts');
  const register = join(__dirname, '..', '..', '..', '..', 'tools', 'ts-register.js');
  return { filename: `require(${JSON.stringify(register)}); require(${JSON.stringify(source)});`, eval: true };
}

/** A failed refresh as a request sees it: 503 naming the store when it did not answer or refused, else the error itself (500). */
function refreshError(failure: { message: string; code?: string }, storeLabel: string): Error {
  const error = Object.assign(new Error(failure.message), { code: failure.code });
  return isConnectionError(error) || isNoAnswer(error) || isStatementTimeout(error) ? new StoreUnavailableError(storeLabel, error) : error;
}

/**
 * The request thread's end of the candidates worker (candidates-worker.ts): started by the first
 * request, it then refreshes every period for the life of the app, and this keeps the latest
 * candidates it posted. A request gets them at once while they were read at most `maxAgeMs` ago;
 * otherwise (the first request, a refresh that overran) it waits for the next refresh. While the
 * store fails and the candidates are older than that, a request gets the failure at once (503),
 * as the stores' breaker answers. Reported as the `candidates` cache (hits, misses, refreshes, age).
 */
export class CandidateFeed {
  private worker?: Worker;
  private book?: CandidateBook;
  private readAt = 0;
  private failure?: Error;
  private waiting: { resolve: (book: CandidateBook) => void; reject: (error: unknown) => void }[] = [];
  private readonly counters = measureCache('candidates', () => this.oldestAgeMs());
  private readonly listeners = new Set<(book: CandidateBook) => void>();

  constructor(
    private readonly options: CandidateFeedOptions,
    private readonly now: () => number = Date.now,
  ) {}

  current(): CandidateBook | Promise<CandidateBook> {
    if (!this.worker) this.start();
    if (this.book && this.now() - this.readAt <= this.options.maxAgeMs) {
      this.counters.hit();
      return this.book;
    }
    if (this.failure) throw this.failure;
    this.counters.miss();
    return new Promise((resolve, reject) => this.waiting.push({ resolve, reject }));
  }

  /** The candidates if they are fresh enough to serve now, without waiting (a replayed answer's check); counted as a hit. */
  fresh(): CandidateBook | undefined {
    if (!this.book || this.now() - this.readAt > this.options.maxAgeMs) return undefined;
    this.counters.hit();
    return this.book;
  }

  /** The latest book posted, however old (a watcher's baseline); undefined before the first. */
  latest(): CandidateBook | undefined {
    return this.book;
  }

  /** Age of the candidates served, in ms since their refresh started reading; undefined before the first. */
  oldestAgeMs(): number | undefined {
    return this.book ? this.now() - this.readAt : undefined;
  }

  /**
   * Calls `listener` with every new book (a refresh that changed the candidates), starting the
   * worker if no request has; returns the unsubscribe. The stream diffs consecutive books.
   */
  watch(listener: (book: CandidateBook) => void): () => void {
    if (!this.worker) this.start();
    this.listeners.add(listener);
    return () => void this.listeners.delete(listener);
  }

  async stop(): Promise<void> {
    const worker = this.worker;
    this.worker = undefined;
    this.settle(new Error('The liquidation candidates are no longer refreshed (the app is closing)'));
    await worker?.terminate();
  }

  private start(): void {
    const entry = workerEntry();
    const { maxAgeMs: _maxAge, storeLabel: _label, ...workerData } = this.options;
    const worker = new Worker(entry.filename, { eval: entry.eval, workerData: workerData satisfies CandidatesWorkerData });
    // The app's own handles keep the process alive; the worker alone must not.
    worker.unref();
    worker.on('message', (message: CandidatesWorkerMessage) => this.received(message));
    const lost = (error: Error) => {
      if (this.worker !== worker) return;
      // The next request starts another.
      this.worker = undefined;
      this.settle(error);
    };
    worker.on('error', lost);
    worker.on('exit', (code) => lost(new Error(`The liquidation candidates worker exited (code ${code})`)));
    this.worker = worker;
  }

  private received(message: CandidatesWorkerMessage): void {
    if (message.kind === 'cpu') {
      recordRefreshCpu(message.ms);
      return;
    }
    this.counters.refresh();
    if (message.kind === 'failed') {
      recordRefresh('failed', undefined);
      this.failure = refreshError(message.error, this.options.storeLabel);
      this.settle(this.failure);
      return;
    }
    recordRefresh(message.book ? 'moved' : 'unchanged', message.stats);
    if (message.book) {
      this.book = new CandidateBook(message.book);
      for (const listener of this.listeners) listener(this.book);
    }
    this.readAt = message.readAt;
    this.failure = undefined;
    if (this.book) this.settle(undefined, this.book);
  }

  private settle(error: unknown, book?: CandidateBook): void {
    const waiting = this.waiting;
    this.waiting = [];
    for (const waiter of waiting) {
      if (book) waiter.resolve(book);
      else waiter.reject(error);
    }
  }
}
