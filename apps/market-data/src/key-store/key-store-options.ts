import type { PostgresConnectionOptions } from 'typeorm/driver/postgres/PostgresConnectionOptions';
import { ApiKeyEntity } from './api-key.entity';
import { CreateApiKeys1767225600000 } from './migrations/1767225600000-create-api-keys';
import { KeyRateLimit1767571200000 } from './migrations/1767571200000-key-rate-limit';

/**
 * Entities and migrations of the Key store's data source, given as classes (not globs:
 * the app is bundled). Migrations run through KeyStoreSchema, never `synchronize`.
 */
export const KEY_STORE_OPTIONS: Partial<PostgresConnectionOptions> = {
  entities: [ApiKeyEntity],
  migrations: [CreateApiKeys1767225600000, KeyRateLimit1767571200000],
  migrationsTableName: 'market_data_migrations',
  synchronize: false,
  migrationsRun: false,
};
