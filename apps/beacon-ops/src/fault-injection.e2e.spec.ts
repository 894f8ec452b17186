import { faultProblems, runFaultExperiment, waitUntil } from '@perp/local-infra';
import request from 'supertest';
import { BeaconEnv, startBeaconEnv } from './test/beacon-test-env';

const STORE_TIMEOUT_MS = 1_000;
const RPC_TIMEOUT_MS = 1_000;
const RECEIPT_TIMEOUT_MS = 10_000;
// Absorbs a busy test machine (two cores shared with other suites).
const MARGIN_MS = 1_500;

/**
 * The journal's Postgres and the chain's anvil (both started by this test only, signalled by
 * their own pids) fail under load while the app keeps running: every answer is a success or a
 * 502/503/504, never a 500, never later than its bound plus a margin, and service resumes
 * without a restart.
 */
describe('beacon-ops when its Postgres or its chain hangs or dies', () => {
  let env: BeaconEnv;
  beforeAll(async () => {
    env = await startBeaconEnv({
      env: {
        STORE_TIMEOUT_MS: String(STORE_TIMEOUT_MS),
        RPC_TIMEOUT_MS: String(RPC_TIMEOUT_MS),
        RECEIPT_TIMEOUT_MS: String(RECEIPT_TIMEOUT_MS),
        LEASE_WAIT_MS: '1000',
      },
    });
  }, 90_000);
  afterAll(() => env?.stop());

  let next = 0;
  let measurement = 0;
  // The demo adapter accepts measurements 0-100.
  const update = () =>
    env.service
      .post('/update_beacon_with_ecdsa_adapter', { beacon_address: env.system.demoEcdsaBeacon, measurement: String((measurement++ % 100) + 1) })
      .timeout(30_000);
  const call = async () => {
    if (next++ % 2 === 0) return (await request(env.service.app.getHttpServer()).get('/ready').timeout(30_000)).status;
    const res = await update();
    if (res.status >= 500) expect(res.body).toMatchObject({ success: false, data: null });
    return res.status;
  };

  /**
   * After a fault, updates of the beacon apply again at once: a beacon lock whose holder was cut
   * off lapses LOCK_TTL_MS (4 s) after its last heartbeat, and the service itself never restarts.
   */
  const updateApplied = async () => {
    let last = '';
    await waitUntil(
      'an update to be applied again',
      async () => {
        const res = await update();
        last = `${res.status} ${JSON.stringify(res.body)}`;
        return res.status === 200;
      },
      { timeoutMs: 8_000, intervalMs: 200 },
    ).catch((error: Error) => {
      throw new Error(`${error.message}; last answer ${last}`);
    });
  };

  it.each([
    {
      fault: 'Postgres SIGSTOP',
      how: 'Postgres stopped with SIGSTOP, updates in flight, resumed',
      inject: () => env.infra.pg.suspend(),
      heal: () => env.infra.pg.resume(),
    },
    {
      fault: 'Postgres immediate stop + restart',
      how: 'Postgres stopped with `pg_ctl stop -m immediate` and restarted',
      inject: () => env.infra.pg.stopImmediately(),
      heal: () => env.infra.pg.restart(),
    },
  ])(
    '$how: 503 within the store timeout, then updates apply again',
    async ({ fault, inject, heal }) => {
      const timings = await runFaultExperiment({ fault, call, inject, heal, concurrency: 4, faultMs: 2_000 });
      expect(faultProblems('beacon-ops', timings, { boundMs: STORE_TIMEOUT_MS, marginMs: MARGIN_MS })).toEqual([]);
      expect(timings.statuses['503']).toBeGreaterThan(0);
      await updateApplied();
    },
    60_000,
  );

  it('anvil stopped with SIGSTOP, updates in flight, resumed: 502 (or confirmed false for a sent transaction) within its bound, then updates apply again', async () => {
    const timings = await runFaultExperiment({
      fault: 'anvil SIGSTOP',
      call,
      concurrency: 4,
      inject: () => env.infra.anvil.suspend(),
      heal: () => env.infra.anvil.resume(),
      faultMs: 2_000,
    });
    // Any call gives up after RPC_TIMEOUT_MS (502); a transaction already sent answers 200 confirmed false (504 when asked) with its hash at its next receipt
    // look that the node does not answer (looks are at most a second apart), long before RECEIPT_TIMEOUT_MS.
    expect(faultProblems('beacon-ops', timings, { boundMs: RPC_TIMEOUT_MS + 1_000, marginMs: MARGIN_MS })).toEqual([]);
    expect(timings.statuses['502']).toBeGreaterThan(0);
    await updateApplied();
  }, 60_000);
});
