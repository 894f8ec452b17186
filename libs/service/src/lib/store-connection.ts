import { Logger } from '@nestjs/common';
import { DataSource, DataSourceOptions } from 'typeorm';
import { StoreUnavailableError } from './store-unavailable.error';
import { maskUrlPasswords } from './migrations/mask-password';
import { NotReadyError } from './health/readiness-check';

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
      /Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error/i.test(e.message)
    ) {
      return true;
    }
    current = e.driverError ?? e.cause;
  }
  return false;
}

/**
 * A TypeORM data source that connects lazily and retries on demand: the service starts and
 * keeps serving (503 for this store) while the database is down, and recovers by itself
 * when it returns, without a restart.
 */
export class StoreConnection {
  private readonly logger: Logger;
  private connecting?: Promise<DataSource>;
  private readonly source: DataSource;

  constructor(
    readonly label: string,
    options: DataSourceOptions,
  ) {
    this.logger = new Logger(`Store:${label}`);
    this.source = new DataSource(options);
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

  /** Runs `work` against the store; connection failures become StoreUnavailableError. */
  async run<T>(work: (source: DataSource) => Promise<T>): Promise<T> {
    const source = await this.dataSource();
    try {
      return await work(source);
    } catch (error) {
      if (isConnectionError(error)) throw new StoreUnavailableError(this.label, error);
      throw error;
    }
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
  get currentDataSource(): DataSource {
    return this.source;
  }

  async close(): Promise<void> {
    if (this.source.isInitialized) await this.source.destroy();
  }
}

/** Pool settings that keep a dead database from hanging a request. */
export function postgresPoolOptions({ connectTimeoutMs = 2_000, statementTimeoutMs = 10_000, max = 10 } = {}) {
  return {
    max,
    connectionTimeoutMillis: connectTimeoutMs,
    statement_timeout: statementTimeoutMs,
    query_timeout: statementTimeoutMs + 1_000,
    idleTimeoutMillis: 30_000,
  };
}
