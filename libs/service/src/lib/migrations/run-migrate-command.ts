import { InvalidSettingsError } from '@perp/settings';
import { maskPassword, maskUrlPasswords } from '@perp/store';

export interface StoreMigration {
  /** How the output names the store, e.g. `key store`. */
  store: string;
  url: string;
  /** Applies what is pending (under the store's advisory lock); returns the names applied. */
  migrate: () => Promise<string[]>;
}

/**
 * `node main.js migrate`: brings every store of a service up to date, one after the other,
 * printing per store what was applied or "up to date" (URLs password-masked). Returns the
 * exit code: 0 when every store is current, 1 with a one-line reason (no stack trace) on the
 * first failure or on invalid settings.
 */
export async function runMigrateCommand(name: string, plan: () => StoreMigration[], out: Pick<Console, 'log' | 'error'> = console): Promise<number> {
  let migrations: StoreMigration[];
  try {
    migrations = plan();
  } catch (error) {
    if (!(error instanceof InvalidSettingsError)) throw error;
    out.error(maskUrlPasswords(`${name} migrate refused. ${error.message}`));
    return 1;
  }
  const started = Date.now();
  for (const migration of migrations) {
    const where = `${migration.store} (${maskPassword(migration.url)})`;
    try {
      const applied = await migration.migrate();
      out.log(`${name} migrate: ${where}: ${applied.length > 0 ? `applied ${applied.join(', ')}` : 'up to date'}`);
    } catch (error) {
      out.error(`${name} migrate failed: ${where}: ${maskUrlPasswords(describe(error))}`);
      return 1;
    }
  }
  out.log(`${name} migrate: done in ${Date.now() - started} ms`);
  return 0;
}

function describe(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const code = (error as { code?: string }).code;
  // An AggregateError (every address of a host refused) has an empty message of its own.
  const message = error.message || (error instanceof AggregateError ? error.errors.map((e) => describe(e)).join('; ') : error.name);
  return code && !message.includes(code) ? `${message} (${code})` : message;
}
