import { Injectable, Logger, OnApplicationBootstrap } from '@nestjs/common';
import { StoreConnection } from '@perp/service';
import { Stores } from '../stores/stores.module';

// One lock for every replica migrating the same database.
const MIGRATION_LOCK = 'market-data:key-store-migrations';

/**
 * Applies pending migrations under a session advisory lock held on a separate
 * connection: replicas starting together run them one after another, the later ones
 * finding nothing to do. Returns the names applied.
 */
export async function migrateKeyStore(store: StoreConnection): Promise<string[]> {
  return store.run(async (source) => {
    const lock = source.createQueryRunner();
    await lock.connect();
    try {
      await lock.query('SELECT pg_advisory_lock(hashtext($1))', [MIGRATION_LOCK]);
      try {
        const applied = await source.runMigrations({ transaction: 'all' });
        return applied.map((migration) => migration.name);
      } finally {
        await lock.query('SELECT pg_advisory_unlock(hashtext($1))', [MIGRATION_LOCK]);
      }
    } finally {
      await lock.release();
    }
  });
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

  constructor(private readonly stores: Stores) {}

  async onApplicationBootstrap(): Promise<void> {
    await this.ready().catch((error: unknown) =>
      this.logger.warn(`Key store not migrated yet (retried on first use): ${error instanceof Error ? error.message : String(error)}`),
    );
  }

  /** Resolves once the schema is current; every key-store call awaits it. */
  ready(): Promise<void> {
    this.migrated ??= migrateKeyStore(this.stores.keys).then(
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
