import { getFreePort, startPostgres, startTestPostgres, waitUntil } from '@perp/local-infra';
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { postgresPoolOptions, StoreConnection } from './store-connection';
import { StoreUnavailableError } from './store-unavailable.error';

describe('StoreConnection', () => {
  it('answers StoreUnavailableError while the database is down and recovers by itself when it comes up', async () => {
    const port = await getFreePort();
    const store = new StoreConnection(
      'Index store',
      {
        type: 'postgres',
        url: `postgres://postgres@127.0.0.1:${port}/postgres`,
        extra: postgresPoolOptions({ timeoutMs: 500 }),
      },
      { timeoutMs: 500 },
    );
    const down = await store.ping().catch((e: unknown) => e);
    expect(down).toBeInstanceOf(StoreUnavailableError);
    expect(down).toMatchObject({ status: 503, detail: 'Index store unavailable' });

    const root = mkdtempSync(join(tmpdir(), 'store-'));
    chmodSync(root, 0o755);
    const pg = await startPostgres({ dataDir: join(root, 'data'), port, ephemeral: true });
    try {
      // Known down: the breaker answers until its background probe finds the server, within moments.
      const up = Date.now();
      await waitUntil('the store to answer', async () => {
        await store.ping();
        return true;
      });
      expect(Date.now() - up).toBeLessThan(2_000);
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

describe('StoreConnection against a hung Postgres (SIGSTOP)', () => {
  it('answers 503 within its timeout, at once while known down, and recovers after SIGCONT without leaving stale clients', async () => {
    const pg = await startTestPostgres();
    const timeoutMs = 500;
    const store = new StoreConnection('Index store', { type: 'postgres', url: pg.url(), extra: postgresPoolOptions({ timeoutMs, max: 3 }) }, { timeoutMs });
    try {
      await store.ping();
      const inFlight = store.run((source) => source.query('SELECT pg_sleep(0.3)'));
      await new Promise((resolve) => setTimeout(resolve, 50));
      pg.suspend();
      const started = Date.now();
      const results = await Promise.allSettled([inFlight, store.ping(), store.ping(), store.ping(), store.ping()]);
      const waited = Date.now() - started;
      for (const result of results) expect(result).toMatchObject({ status: 'rejected', reason: { status: 503, detail: 'Index store unavailable' } });
      expect(waited).toBeLessThan(timeoutMs + 300);
      expect(store.available).toBe(false);

      const again = Date.now();
      await expect(store.ping()).rejects.toBeInstanceOf(StoreUnavailableError);
      expect(Date.now() - again).toBeLessThan(50);

      pg.resume();
      await waitUntil('the store to answer again', async () => {
        await store.ping();
        return true;
      });
      // Every pooled client answers at once: none waits behind a query it gave up on.
      const burst = Date.now();
      await Promise.all(Array.from({ length: 6 }, () => store.ping()));
      expect(Date.now() - burst).toBeLessThan(timeoutMs);
    } finally {
      pg.resume();
      await store.close();
      await pg.stop();
    }
  }, 60_000);
});
