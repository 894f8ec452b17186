import { Injectable, Logger, OnApplicationBootstrap } from '@nestjs/common';
import { migrateUnderLock } from '@perp/store';
import { DataSource } from 'typeorm';
import { KeyStore } from './key-store';

// One lock for every replica migrating the same database.
const MIGRATION_LOCK = 'market-data:key-store-migrations';

/** Applies pending migrations of the Key store under its advisory lock (see migrateUnderLock); returns the names applied. */
export function migrateKeyStore(source: DataSource): Promise<string[]> {
  return migrateUnderLock(source, MIGRATION_LOCK, 'all');
}

/**
 * Migrates the Key store at start. The service must start even while the store is down
 * (it then answers 503 for keys), so a failed attempt is retried by the next key-store
 * call rather than stopping the process.
 */
@Injectable()
export class KeyStoreSchema implements OnApplicationBootstrap {
  private readonly logger = new Logger('KeyStoreSchema');
  private migrated?: Promise<void>;

  constructor(private readonly store: KeyStore) {}

  async onApplicationBootstrap(): Promise<void> {
    await this.ready().catch((error: unknown) =>
      this.logger.warn(`Key store not migrated yet (retried on first use): ${error instanceof Error ? error.message : String(error)}`),
    );
  }

  /** Resolves once the schema is current; every key-store call awaits it. */
  ready(): Promise<void> {
    this.migrated ??= this.store.connection.migrate(migrateKeyStore).then(
      (applied) => {
        if (applied.length > 0) this.logger.log(`Key store migrated: ${applied.join(', ')}`);
      },
      (error: unknown) => {
        this.migrated = undefined;
        throw error;
      },
    );
    return this.migrated;
  }
}
