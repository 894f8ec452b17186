import { Logger } from '@nestjs/common';
import { DataSource, DataSourceOptions } from 'typeorm';
import { BoundedPgClient } from './bounded-pg-client';
import { CircuitBreaker } from './circuit-breaker';
import { DeadlineExceededError, withDeadline } from './deadline';
import { NotReadyError } from './not-ready.error';
import { maskUrlPasswords } from './mask-password';
import { MIGRATE_POOL_OPTIONS } from './migrate-pool-options';
import { withDataSource } from './with-data-source';
import { StoreUnavailableError } from './store-unavailable.error';

/** STORE_TIMEOUT_MS' default: how long a request waits for a store that does not answer. */
export const DEFAULT_STORE_TIMEOUT_MS = 1_000;

/** Errors that mean "the database is not there", as opposed to a bad query. */
const CONNECTION_ERROR_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'ENOTFOUND',
  'EHOSTUNREACH',
  'EAI_AGAIN',
  '57P01',
  '57P02',
  '57P03', // admin shutdown, crash shutdown, cannot connect now
  '08000',
  '08001',
  '08003',
  '08006', // connection exceptions
]);

export function isConnectionError(error: unknown): boolean {
  for (let current: unknown = error, depth = 0; current && depth < 5; depth++) {
    const e = current as { code?: string; message?: string; driverError?: unknown; cause?: unknown };
    if (e.code && CONNECTION_ERROR_CODES.has(e.code)) return true;
    if (
      typeof e.message === 'string' &&
      /Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error|Client was closed and is not queryable|Query read timeout/i.test(
        e.message,
      )
    ) {
      return true;
    }
    current = e.driverError ?? e.cause;
  }
  return false;
}

/** The server cancelled a statement that ran past `statement_timeout`: it answers, but too slowly to serve. */
export function isStatementTimeout(error: unknown): boolean {
  for (let current: unknown = error, depth = 0; current && depth < 5; depth++) {
    const e = current as { code?: string; driverError?: unknown; cause?: unknown };
    if (e.code === '57014') return true;
    current = e.driverError ?? e.cause;
  }
  return false;
}

/** The store did not answer in time (as opposed to refusing or cutting the connection, which is fast). */
export function isNoAnswer(error: unknown): boolean {
  for (let current: unknown = error, depth = 0; current && depth < 5; depth++) {
    if (current instanceof DeadlineExceededError) return true;
    const e = current as { code?: string; message?: string; driverError?: unknown; cause?: unknown };
    if (e.code === 'ETIMEDOUT') return true;
    if (typeof e.message === 'string' && /Query read timeout|timeout exceeded when trying to connect|connection timeout/i.test(e.message)) return true;
    current = e.driverError ?? e.cause;
  }
  return false;
}

/** pg's client-side query_timeout: a query sent on an open connection got no answer. */
function isQueryReadTimeout(error: unknown): boolean {
  for (let current: unknown = error, depth = 0; current && depth < 5; depth++) {
    const e = current as { message?: string; driverError?: unknown; cause?: unknown };
    if (typeof e.message === 'string' && /Query read timeout/i.test(e.message)) return true;
    current = e.driverError ?? e.cause;
  }
  return false;
}

export interface StoreConnectionOptions {
  /** How long one `run` may wait for the store (STORE_TIMEOUT_MS); give the pool the same via postgresPoolOptions. */
  timeoutMs?: number;
}

/**
 * A TypeORM data source that connects lazily and retries on demand: the service starts and
 * keeps serving (503 for this store) while the database is down, and recovers by itself
 * when it returns, without a restart.
 *
 * A store that does not answer (stopped, partitioned) costs a request at most `timeoutMs`:
 * then the store is known down, its breaker opens and every call answers 503 at once while
 * a background probe waits for the store to answer again.
 */
export class StoreConnection {
  readonly timeoutMs: number;
  private readonly logger: Logger;
  private connecting?: Promise<DataSource>;
  private readonly source: DataSource;
  private readonly breaker: CircuitBreaker;
  /** The pool's own timeouts end a hung query just after the server's statement_timeout would have. */
  private readonly deadlineMs: number;

  constructor(
    readonly label: string,
    private readonly options: DataSourceOptions,
    { timeoutMs = DEFAULT_STORE_TIMEOUT_MS }: StoreConnectionOptions = {},
  ) {
    this.logger = new Logger(`Store:${label}`);
    this.source = new DataSource(options);
    this.timeoutMs = timeoutMs;
    this.deadlineMs = timeoutMs + graceMs(timeoutMs);
    this.breaker = new CircuitBreaker(
      () => this.attempt((source) => source.query('SELECT 1')).then(() => this.logger.log('answers again')),
      Math.min(250, Math.max(50, Math.round(timeoutMs / 4))),
    );
  }

  /** False while the store is known down (its breaker open). */
  get available(): boolean {
    return !this.breaker.isOpen;
  }

  /** The initialised data source, or StoreUnavailableError when it cannot connect now. */
  async dataSource(): Promise<DataSource> {
    if (this.source.isInitialized) return this.source;
    this.connecting ??= this.source.initialize().catch((error: unknown) => {
      this.connecting = undefined;
      this.logger.warn(maskUrlPasswords(`cannot connect: ${error instanceof Error ? error.message : String(error)}`));
      throw new StoreUnavailableError(this.label, error);
    });
    return this.connecting;
  }

  /**
   * Runs `work` against the store within `timeoutMs`. A store that does not answer in time
   * becomes StoreUnavailableError (503) and opens the breaker; a refused or cut connection, and
   * a statement the server cancelled for its statement_timeout, are 503 too without opening it
   * (they fail fast by themselves). Other errors (a bad query) pass as they are.
   */
  run<T>(work: (source: DataSource) => Promise<T>): Promise<T> {
    return this.bounded(work);
  }

  /** What `run` does, for a subclass's own entry points (e.g. a prepared statement on the driver's pool). */
  protected async bounded<T>(work: (source: DataSource) => Promise<T>): Promise<T> {
    if (this.breaker.isOpen) throw new StoreUnavailableError(this.label);
    try {
      return await this.attempt(work);
    } catch (error) {
      // A query the server left unanswered proves the store hung; a wait for a pool slot only proves the pool is busy
      // (a load spike), which must not turn every other request into 503 as well.
      if (isNoAnswer(error) && (isQueryReadTimeout(error) || !this.poolSaturated())) {
        if (!this.breaker.isOpen) this.logger.warn(`does not answer (${describe(error)}): answering 503 until it does`);
        this.breaker.trip();
      }
      if (isNoAnswer(error) || isConnectionError(error) || (error instanceof StoreUnavailableError && error.store === this.label)) {
        throw error instanceof StoreUnavailableError ? error : new StoreUnavailableError(this.label, error);
      }
      if (isStatementTimeout(error)) throw new StoreUnavailableError(this.label, error);
      throw error;
    }
  }

  /**
   * Runs migrations (or any long schema work) on a data source of its own, without the
   * request timeouts (a migration may rightly take longer than a request may wait).
   */
  async migrate<T>(work: (source: DataSource) => Promise<T>): Promise<T> {
    try {
      return await withDataSource({ ...this.options, extra: MIGRATE_POOL_OPTIONS } as DataSourceOptions, work);
    } catch (error) {
      throw isConnectionError(error) ? new StoreUnavailableError(this.label, error) : error;
    }
  }

  private attempt<T>(work: (source: DataSource) => Promise<T>): Promise<T> {
    return withDeadline(
      this.dataSource().then((source) => work(source)),
      this.deadlineMs,
    );
  }

  async ping(): Promise<void> {
    await this.run((source) => source.query('SELECT 1'));
  }

  /**
   * Readiness: the store answers and holds every migration this build ships (read from its
   * migrations table, never created here: a read-only role may probe too). Re-checked on every
   * call, so running the migrations makes the service ready without a restart.
   */
  async probeReady(): Promise<void> {
    const pending = await this.run(async (source) => {
      const shipped = source.migrations.map((migration) => migration.name ?? migration.constructor.name);
      const table = source.driver.buildTableName(source.options.migrationsTableName ?? 'migrations', undefined, undefined);
      const exists = (await source.query(`SELECT to_regclass($1) AS name`, [table])) as { name: string | null }[];
      const applied = exists[0]?.name ? ((await source.query(`SELECT name FROM ${source.driver.escape(table)}`)) as { name: string }[]) : [];
      const done = new Set(applied.map((row) => row.name));
      return shipped.filter((name) => !done.has(name));
    });
    if (pending.length > 0) throw new NotReadyError(`not migrated: pending ${pending.join(', ')} (run \`node main.js migrate\`)`);
  }

  /** The data source as it is now, connected or not (pool metrics read its pool without connecting). */
  /** Every connection of the pool busy, or requests queued for one: a timeout then may be the queue's, not the store's. */
  private poolSaturated(): boolean {
    if (!this.source.isInitialized) return false;
    const pool = (this.source.driver as unknown as { master?: { waitingCount: number; idleCount: number; totalCount: number; options: { max: number } } })
      .master;
    return pool !== undefined && (pool.waitingCount > 0 || (pool.idleCount === 0 && pool.totalCount >= pool.options.max));
  }

  get currentDataSource(): DataSource {
    return this.source;
  }

  async close(): Promise<void> {
    this.breaker.stop();
    if (this.source.isInitialized) await this.source.destroy();
  }
}

function graceMs(timeoutMs: number): number {
  return Math.min(100, Math.round(timeoutMs / 10));
}

function describe(error: unknown): string {
  return maskUrlPasswords(error instanceof Error ? error.message : String(error));
}

/**
 * Pool settings that keep a store that does not answer from hanging a request or piling up
 * work: the server cancels a statement after `timeoutMs` (also one that was queued while it
 * was stopped and runs only after it resumes), the client gives up on a connection attempt
 * after `timeoutMs` and on an answer just after, and closes a connection that timed out
 * (BoundedPgClient) so that no request later queues behind it; `max` bounds the connections.
 */
export function postgresPoolOptions({ timeoutMs = DEFAULT_STORE_TIMEOUT_MS, max = 10 } = {}) {
  return {
    max,
    connectionTimeoutMillis: timeoutMs,
    statement_timeout: timeoutMs,
    query_timeout: timeoutMs + graceMs(timeoutMs),
    idleTimeoutMillis: 30_000,
    keepAlive: true,
    Client: BoundedPgClient,
  };
}
