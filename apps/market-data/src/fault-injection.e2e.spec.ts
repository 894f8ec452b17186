import { describeFaultTimings, FaultTimings, runFaultExperiment } from '@perp/local-infra';
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

  const expectBounded = (timings: FaultTimings) => {
    const report = describeFaultTimings('market-data', timings);
    expect({ report, statuses: Object.keys(timings.statuses).filter((s) => s === '500' || s === '0') }).toEqual({ report, statuses: [] });
    expect({ report, longest: timings.longestMs <= STORE_TIMEOUT_MS + MARGIN_MS }).toEqual({ report, longest: true });
    expect({ report, failed: timings.firstFailureMs !== undefined, recovered: timings.recoveryMs !== undefined }).toEqual({
      report,
      failed: true,
      recovered: true,
    });
  };

  it('Postgres stopped with SIGSTOP, requests in flight: 503 within the store timeout, then served again after SIGCONT', async () => {
    const timings = await runFaultExperiment({
      fault: 'Postgres SIGSTOP',
      call,
      inject: () => bed.pg.suspend(),
      heal: () => bed.pg.resume(),
      ok: (status) => status < 500,
      faultMs: 2_500,
    });
    expectBounded(timings);
    expect(timings.statuses['503']).toBeGreaterThan(0);
  }, 60_000);

  it('Postgres stopped with `pg_ctl stop -m immediate` and restarted: 503 at once, then served again', async () => {
    const timings = await runFaultExperiment({
      fault: 'Postgres immediate stop + restart',
      call,
      inject: () => bed.pg.stopImmediately(),
      heal: () => bed.pg.restart(),
      ok: (status) => status < 500,
      faultMs: 1_500,
    });
    expectBounded(timings);
    expect(timings.statuses['503']).toBeGreaterThan(0);
  }, 60_000);
});
