import { faultProblems, runFaultExperiment } from '@perp/local-infra';
import { MarketDataTestbed, startMarketDataTestbed } from './markets/test/market-data-testbed';

// STORE_TIMEOUT_MS' default (the testbed's settings); the margin absorbs a busy test machine.
const STORE_TIMEOUT_MS = 1_000;
const MARGIN_MS = 1_500;

/**
 * The stores' Postgres (started by this test only, signalled by its own pid) fails under load
 * while the app keeps running: every answer is 503 naming a store or a success, never a 500
 * and never later than the store timeout plus a margin, and service resumes without a restart.
 */
describe('market-data when its Postgres hangs or dies', () => {
  let bed: MarketDataTestbed;
  beforeAll(async () => {
    bed = await startMarketDataTestbed();
    // The testbed's own fixture connections die with the server; only the app's behaviour is under test.
    for (const client of [bed.index, bed.source]) client.on('error', () => undefined);
  }, 60_000);
  afterAll(() => bed?.close());

  const paths = ['/markets', '/ready', '/markets/NOPE/history', '/markets/0x00000000000000000000000000000000000000aa/trades'];
  let next = 0;
  const call = async () => {
    const res = await bed.get(paths[next++ % paths.length]).timeout(30_000);
    if (res.status === 503)
      expect(res.body).toMatchObject(res.body.checks ? { status: 'unavailable' } : { detail: expect.stringMatching(/^(Index|Source|Key) store unavailable$/) });
    return res.status;
  };

  it.each([
    {
      fault: 'Postgres SIGSTOP',
      how: 'stopped with SIGSTOP, requests in flight, resumed with SIGCONT',
      inject: () => bed.pg.suspend(),
      heal: () => bed.pg.resume(),
    },
    {
      fault: 'Postgres immediate stop + restart',
      how: 'stopped with `pg_ctl stop -m immediate` and restarted',
      inject: () => bed.pg.stopImmediately(),
      heal: () => bed.pg.restart(),
    },
  ])(
    'Postgres $how: 503 within the store timeout, then served again',
    async ({ fault, inject, heal }) => {
      const timings = await runFaultExperiment({ fault, call, inject, heal, ok: (status) => status < 500, faultMs: 2_000 });
      expect(faultProblems('market-data', timings, { boundMs: STORE_TIMEOUT_MS, marginMs: MARGIN_MS })).toEqual([]);
      expect(timings.statuses['503']).toBeGreaterThan(0);
    },
    60_000,
  );
});
