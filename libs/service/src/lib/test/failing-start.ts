/**
 * Child process of run-service.spec: a service whose start fails with a driver error that
 * quotes its connection string, or whose settings are invalid (MODE=settings).
 */
import { runService } from '../run-service';
import { InvalidSettingsError } from '@perp/settings';

const url = 'postgres://app:hunter2-secret@db.internal:5432/index';
void runService(
  'probe',
  () => {
    if (process.env['MODE'] === 'settings') throw new InvalidSettingsError([`INDEX_DATABASE_URL: refused (${url})`]);
    return { host: '127.0.0.1', port: 1 };
  },
  async () => {
    throw new Error(`connect ECONNREFUSED for ${url}`);
  },
);
