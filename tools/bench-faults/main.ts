/**
 * `npm run bench:faults`
 *
 * The fault experiments of the fault tests, on the built services run as real processes, each
 * with its own Postgres (and anvil) started here and signalled by pid: Postgres stopped with
 * SIGSTOP and resumed, Postgres stopped immediately (`pg_ctl stop -m immediate`) and
 * restarted, anvil stopped with SIGSTOP and resumed, each under load and without restarting the
 * service. Prints per service and fault: time to the first failure answer, time to recovery,
 * the longest answer, the median answer during the fault, and the statuses seen. Then beacon-ops
 * killed with SIGKILL while updates are in flight, restarted, and every update retried with its
 * Idempotency-Key: the retries' times, and whether any update was sent twice.
 */
import { mkdtempSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { deployEcdsaBeacon } from '@perp/contracts';
import { runIndexDbMigrations } from '@perp/index-db';
import {
  describeFaultTimings,
  ensureDevSigningKey,
  FaultExperiment,
  FaultTimings,
  getFreePort,
  ManagedProcess,
  runFaultExperiment,
  spawnManaged,
  startAnvil,
  startTestPostgres,
  waitUntil,
  withPgClient,
} from '@perp/local-infra';
import { DEV_DEFAULTS } from '@perp/dev-defaults';
import { devServiceEnv } from '@perp/service';
import { anvilAccount, deployDevContracts, uncachedProvider } from '../dev-stack/deploy-contracts';
import { REPO_ROOT } from '../dev-stack/dev-settings';

const FAULT_MS = 3_000;
const ANVIL_FAULT_MS = 8_000;
/** For beacon-ops: how long after the experiment (healed, load stopped) an update of its beacon applied again. */
const updateAppliedAfter = new Map<FaultTimings, number | undefined>();
const CALL_TIMEOUT_MS = 60_000;
/** The kill -9 experiment: this many updates in flight, one beacon each. */
const KILL_UPDATES = 50;
/** The kill comes once this many of the updates are journaled (or after KILL_AT_LATEST_MS): some sent, the rest not yet. */
const KILL_AFTER_JOURNALED = 10;
const KILL_AT_LATEST_MS = 10_000;
let killReport = '';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const journalRows = (url: string) => withPgClient(url, async (c) => Number((await c.query('SELECT count(*) AS n FROM tx_journal')).rows[0].n));

async function startService(name: 'market-data' | 'beacon-ops', env: Record<string, string>, port: number): Promise<ManagedProcess> {
  const logFile = join(mkdtempSync(join(tmpdir(), `bench-faults-${name}-`)), `${name}.log`);
  const service = spawnManaged(process.execPath, [join(REPO_ROOT, 'dist', 'apps', name, 'main.js')], {
    cwd: REPO_ROOT,
    logFile,
    // /metrics on a free port: the default may be taken on a shared machine.
    env: { ...process.env, METRICS_PORT: '0', ...env },
  });
  const died = service.exited.then((code) => {
    throw new Error(`${name} exited with code ${code} while starting (see ${logFile})`);
  });
  died.catch(() => undefined);
  await Promise.race([
    waitUntil(`${name} /ready`, async () => (await fetch(`http://127.0.0.1:${port}/ready`)).ok, { timeoutMs: 180_000, intervalMs: 250 }),
    died,
  ]);
  return service;
}

/** One HTTP call; its status, or 0 when no answer came. */
async function status(url: string, init: RequestInit = {}): Promise<number> {
  const res = await fetch(url, { ...init, signal: AbortSignal.timeout(CALL_TIMEOUT_MS) });
  await res.arrayBuffer();
  return res.status;
}

async function marketData(): Promise<FaultTimings[]> {
  const pg = await startTestPostgres(['perp_index', 'perp_source', 'market_data']);
  let service: ManagedProcess | undefined;
  try {
    await runIndexDbMigrations(pg.url('perp_index'), pg.url('perp_source'));
    const port = await getFreePort();
    // The JWT trust anchor /ready checks: a key of the bench's own (the dev stack's lives in .dev-data).
    const signing = ensureDevSigningKey(mkdtempSync(join(tmpdir(), 'bench-faults-jwt-')));
    service = await startService(
      'market-data',
      devServiceEnv({
        JWT_JWKS_FILE: signing.files.jwks,
        INDEX_DATABASE_URL: pg.url('perp_index'),
        SOURCE_DATABASE_URL: pg.url('perp_source'),
        MARKET_DATA_DATABASE_URL: pg.url('market_data'),
        MARKET_DATA_HOST: '127.0.0.1',
        MARKET_DATA_PORT: String(port),
      }),
      port,
    );
    const paths = ['/markets', '/ready', '/markets/NOPE/history', '/markets/0x00000000000000000000000000000000000000aa/trades'];
    let next = 0;
    const call = () => status(`http://127.0.0.1:${port}${paths[next++ % paths.length]}`, { headers: { 'X-API-Key': DEV_DEFAULTS.adminApiKey } });
    const ok = (s: number) => s < 500;
    return [
      await runFaultExperiment({ fault: 'Postgres SIGSTOP', call, ok, faultMs: FAULT_MS, inject: () => pg.suspend(), heal: () => pg.resume() }),
      await runFaultExperiment({
        fault: 'Postgres immediate stop + restart',
        call,
        ok,
        faultMs: FAULT_MS,
        inject: () => pg.stopImmediately(),
        heal: () => pg.restart(),
      }),
    ];
  } finally {
    pg.resume();
    await service?.stop('SIGTERM', 10_000);
    await pg.stop();
  }
}

async function beaconOps(): Promise<FaultTimings[]> {
  const [pg, anvil] = await Promise.all([startTestPostgres(['beacon_ops']), startAnvil()]);
  let service: ManagedProcess | undefined;
  try {
    const env = devServiceEnv();
    const signer = anvilAccount(9);
    const wallets = [1, 2, 3, 4, 5, 6, 7, 8].map((i) => anvilAccount(i));
    const contracts = await deployDevContracts({ rpcUrl: anvil.url, poolWallets: wallets.map((w) => w.address), signer: signer.address });
    const port = await getFreePort();
    const serviceEnv = {
      ...env,
      ...contracts.env,
      BEACON_OPS_DATABASE_URL: pg.url('beacon_ops'),
      RPC_URL: anvil.url,
      BEACON_OPS_HOST: '127.0.0.1',
      BEACON_OPS_PORT: String(port),
      // The experiments send more than the default 60 updates a minute on one token: the kill's retries got 429s.
      RATE_LIMIT_TRANSACTIONS_PER_MINUTE: '100000',
    };
    service = await startService('beacon-ops', serviceEnv, port);
    const base = `http://127.0.0.1:${port}`;
    const provider = uncachedProvider(anvil.url, contracts.chainId);
    const deployer = anvilAccount(0).connect(provider);
    const update = (beacon: string, measurement: number) =>
      status(`${base}/update_beacon_with_ecdsa_adapter`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${env['BEACON_OPS_ACCESS_TOKENS']}` },
        body: JSON.stringify({ beacon_address: beacon, measurement: String(measurement) }),
      });
    const results: FaultTimings[] = [];
    const experiment = async (fault: string, inject: FaultExperiment['inject'], heal: FaultExperiment['heal'], faultMs = FAULT_MS) => {
      // A beacon of its own per experiment: a lock that an earlier fault left behind does not spill over.
      const { beacon } = await deployEcdsaBeacon(deployer, { signer: signer.address, min: 0n, max: 1_000_000n, registry: contracts.addresses.registry });
      let next = 0;
      // Half readiness probes, half ECDSA updates of that beacon.
      const call = () => (next++ % 2 === 0 ? status(`${base}/ready`) : update(beacon, next));
      const timings = await runFaultExperiment({ fault, call, concurrency: 4, faultMs, inject, heal });
      const healed = Date.now();
      let applied = false;
      while (!applied && Date.now() - healed < 180_000) applied = (await update(beacon, ++next)) === 200;
      updateAppliedAfter.set(timings, applied ? Date.now() - healed : undefined);
      results.push(timings);
    };
    // Held past RPC_TIMEOUT_MS (5 s): a shorter hang only delays the calls, which then succeed.
    await experiment(
      'anvil SIGSTOP',
      () => anvil.suspend(),
      () => anvil.resume(),
      ANVIL_FAULT_MS,
    );
    await experiment(
      'Postgres SIGSTOP',
      () => pg.suspend(),
      () => pg.resume(),
    );
    await experiment(
      'Postgres immediate stop + restart',
      () => pg.stopImmediately(),
      () => pg.restart(),
    );

    // kill -9 with updates in flight, restart, and the clients' retries with the same keys.
    const beacons: string[] = [];
    for (let i = 0; i < KILL_UPDATES; i++)
      beacons.push((await deployEcdsaBeacon(deployer, { signer: signer.address, min: 0n, max: 1_000_000n, registry: contracts.addresses.registry })).beacon);
    const keyed = (i: number) =>
      fetch(`${base}/update_beacon_with_ecdsa_adapter`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${env['BEACON_OPS_ACCESS_TOKENS']}`, 'idempotency-key': `kill-${i}` },
        body: JSON.stringify({ beacon_address: beacons[i], measurement: String(i + 1) }),
        signal: AbortSignal.timeout(CALL_TIMEOUT_MS),
      }).then(async (res) => ({ status: res.status, body: await res.text() }));
    const rowsBefore = await journalRows(pg.url('beacon_ops'));
    const inFlight = beacons.map((_, i) => keyed(i).catch(() => null));
    // A fixed delay killed it before the first journal row (each new beacon's first update reads its adapter first).
    const killBy = Date.now() + KILL_AT_LATEST_MS;
    while ((await journalRows(pg.url('beacon_ops'))) - rowsBefore < KILL_AFTER_JOURNALED && Date.now() < killBy) await sleep(5);
    await service.stop('SIGKILL');
    await Promise.all(inFlight);
    const journaledAtKill = (await journalRows(pg.url('beacon_ops'))) - rowsBefore;
    const restartedAt = Date.now();
    service = await startService('beacon-ops', serviceEnv, port);
    const readyMs = Date.now() - restartedAt;
    const retries = await Promise.all(
      beacons.map(async (_, i) => {
        const started = Date.now();
        const answer = await keyed(i).catch(() => ({ status: 0, body: '' }));
        return { ...answer, ms: Date.now() - started, hash: /0x[0-9a-f]{64}/i.exec(answer.body)?.[0]?.toLowerCase() };
      }),
    );
    const statuses: Record<string, number> = {};
    for (const r of retries) statuses[String(r.status)] = (statuses[String(r.status)] ?? 0) + 1;
    const times = retries.map((r) => r.ms).sort((a, b) => a - b);
    const hashes = new Set(retries.map((r) => r.hash).filter((h) => h !== undefined));
    killReport = [
      `beacon-ops | kill -9 with ${KILL_UPDATES} updates in flight (${journaledAtKill} journaled), restart`,
      `ready again ${readyMs} ms after the restart`,
      `retries with the same keys: ${Object.entries(statuses)
        .map(([s, n]) => `${s}x${n}`)
        .join(' ')}`,
      `longest retry ${times.at(-1)} ms, p50 ${times[Math.floor(times.length / 2)]} ms`,
      `${(await journalRows(pg.url('beacon_ops'))) - rowsBefore} journal rows for ${hashes.size} distinct transactions answered`,
      ...retries.filter((r) => r.status !== 200).map((r) => `a ${r.status} after ${r.ms} ms: ${r.body.slice(0, 200)}`),
    ].join(' | ');
    provider.destroy();
    return results;
  } finally {
    pg.resume();
    anvil.resume();
    await service?.stop('SIGTERM', 10_000);
    await Promise.all([pg.stop(), anvil.stop()]);
  }
}

async function main(): Promise<void> {
  console.log(
    `bench:faults: each fault held ${FAULT_MS} ms (anvil ${ANVIL_FAULT_MS} ms) under load; defaults STORE_TIMEOUT_MS=1000, RPC_TIMEOUT_MS=5000 (services' own defaults)`,
  );
  for (const t of await marketData()) console.log(describeFaultTimings('market-data', t));
  for (const t of await beaconOps()) {
    const applied = updateAppliedAfter.get(t);
    console.log(
      `${describeFaultTimings('beacon-ops', t)} | update applied again ${applied === undefined ? 'not within 180 s' : `${applied} ms`} after the experiment`,
    );
  }
  console.log(killReport);
  console.log(
    `load average (1, 5, 15 min): ${loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}`,
  );
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
