import { runMigrateCommand, StoreMigration } from '@perp/service';
import { MIGRATE_POOL_OPTIONS, withDataSource } from '@perp/store';
import { JOURNAL_STORE_OPTIONS, migrateJournal } from './journal/journal-schema';
import { BeaconOpsSettings, loadBeaconOpsSettings } from './settings';

/** beacon-ops' one store: the journal (wallet leases, nonces, transactions, idempotency keys). */
export function beaconOpsMigrations(settings: BeaconOpsSettings): StoreMigration[] {
  return [
    {
      store: 'journal store',
      url: settings.databaseUrl,
      migrate: () => withDataSource({ type: 'postgres', url: settings.databaseUrl, extra: MIGRATE_POOL_OPTIONS, ...JOURNAL_STORE_OPTIONS }, migrateJournal),
    },
  ];
}

/** `node main.js migrate`, with the same settings (environment variables) as the service. */
export function migrateBeaconOps(env: NodeJS.ProcessEnv = process.env): Promise<number> {
  return runMigrateCommand('beacon-ops', () => beaconOpsMigrations(loadBeaconOpsSettings(env)));
}
