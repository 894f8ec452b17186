import { DynamicModule, Global, Inject, Injectable, Module, OnApplicationShutdown } from '@nestjs/common';
import { isConnectionError, postgresPoolOptions, StoreConnection, StoreUnavailableError } from '@perp/service';
import { DataSource } from 'typeorm';
import { JOURNAL_ENTITIES, JOURNAL_MIGRATIONS_TABLE, migrateJournal } from '../journal/journal-schema';
import { JOURNAL_MIGRATIONS } from '../journal/migrations';
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
    super('Journal store', {
      type: 'postgres',
      url: settings.databaseUrl,
      extra: postgresPoolOptions({ max: 20 }),
      entities: JOURNAL_ENTITIES,
      migrations: JOURNAL_MIGRATIONS,
      migrationsTableName: JOURNAL_MIGRATIONS_TABLE,
      migrationsTransactionMode: 'each',
      migrationsRun: false,
      synchronize: false,
    });
  }

  override async dataSource(): Promise<DataSource> {
    const source = await super.dataSource();
    this.migrated ??= migrateJournal(source).catch((error: unknown) => {
      this.migrated = undefined;
      throw isConnectionError(error) ? new StoreUnavailableError(this.label, error) : error;
    });
    await this.migrated;
    return source;
  }

  onApplicationShutdown(): Promise<void> {
    return this.close();
  }
}

@Global()
@Module({})
export class JournalStoreModule {
  static register(settings: BeaconOpsSettings): DynamicModule {
    return {
      module: JournalStoreModule,
      providers: [{ provide: BEACON_OPS_SETTINGS, useValue: settings }, JournalStore],
      exports: [BEACON_OPS_SETTINGS, JournalStore],
    };
  }
}
