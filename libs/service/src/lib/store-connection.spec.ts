import { getFreePort, startPostgres } from '@perp/local-infra';
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { postgresPoolOptions, StoreConnection } from './store-connection';
import { StoreUnavailableError } from './store-unavailable.error';

describe('StoreConnection', () => {
  it('answers StoreUnavailableError while the database is down and recovers by itself when it comes up', async () => {
    const port = await getFreePort();
    const store = new StoreConnection('Index store', {
      type: 'postgres',
      url: `postgres://postgres@127.0.0.1:${port}/postgres`,
      extra: postgresPoolOptions({ connectTimeoutMs: 500 }),
    });
    const down = await store.ping().catch((e: unknown) => e);
    expect(down).toBeInstanceOf(StoreUnavailableError);
    expect(down).toMatchObject({ status: 503, detail: 'Index store unavailable' });

    const root = mkdtempSync(join(tmpdir(), 'store-'));
    chmodSync(root, 0o755);
    const pg = await startPostgres({ dataDir: join(root, 'data'), port, ephemeral: true });
    try {
      await expect(store.ping()).resolves.toBeUndefined();
      await expect(store.run((source) => source.query('SELECT 1 / 0'))).rejects.not.toBeInstanceOf(StoreUnavailableError);
    } finally {
      await pg.stop();
      rmSync(root, { recursive: true, force: true });
    }
    // The pool's clients died with the server: the next query must fail as "unavailable", promptly.
    const started = Date.now();
    await expect(store.ping()).rejects.toBeInstanceOf(StoreUnavailableError);
    expect(Date.now() - started).toBeLessThan(5_000);
    await store.close();
  }, 60_000);
});
