import { Inject, Injectable, OnApplicationShutdown } from '@nestjs/common';
import { postgresPoolOptions, StoreConnection } from '@perp/store';
import type { Pool } from 'pg';
import { DataSource } from 'typeorm';
import type { PostgresDriver } from 'typeorm/driver/postgres/PostgresDriver';
import { JOURNAL_STORE_OPTIONS, migrateJournal } from './journal-schema';
import { BEACON_OPS_SETTINGS, BeaconOpsSettings } from '../settings';

/**
 * beacon-ops' own database: wallet leases, nonces and the transaction journal. The schema
 * comes only from migrations (never `synchronize`), applied on the first successful
 * connection, so a service started while the database was down migrates once it is back.
 */
@Injectable()
export class JournalStore extends StoreConnection implements OnApplicationShutdown {
  private migrated?: Promise<unknown>;

  constructor(@Inject(BEACON_OPS_SETTINGS) settings: BeaconOpsSettings) {
    super(
      'Journal store',
      {
        type: 'postgres',
        url: settings.databaseUrl,
        // lock_timeout on every session: no statement waits behind a stalled lock holder (PoolStore).
        extra: { ...postgresPoolOptions({ timeoutMs: settings.storeTimeoutMs, max: 20 }), lock_timeout: settings.lockTimeoutMs },
        ...JOURNAL_STORE_OPTIONS,
      },
      { timeoutMs: settings.storeTimeoutMs },
    );
  }

  override async dataSource(): Promise<DataSource> {
    const source = await super.dataSource();
    // On a connection of its own, without the request timeouts; a request waits for it within its own bound (run).
    this.migrated ??= this.migrate(migrateJournal).catch((error: unknown) => {
      this.migrated = undefined;
      throw error;
    });
    await this.migrated;
    return source;
  }

  /**
   * One statement as a named prepared statement, straight on the driver's pg pool: planned
   * once per connection instead of on every call (the pool's CTE statements cost Postgres
   * about 2.5 times more CPU unnamed), and without TypeORM's query runner around it. For the
   * send path's statements; `name` must always come with the same `text`. Errors are pg's own
   * (`code`, `constraint`); a store that fails or does not answer in time becomes StoreUnavailableError (see StoreConnection.run), without TypeORM's query runner.
   */
  prepared<T>(name: string, text: string, values: unknown[]): Promise<{ rows: T[]; rowCount: number }> {
    return this.bounded(async (source) => {
      const result = await ((source.driver as PostgresDriver).master as Pool).query({ name, text, values });
      return { rows: result.rows as T[], rowCount: result.rowCount ?? 0 };
    });
  }

  onApplicationShutdown(): Promise<void> {
    return this.close();
  }
}
