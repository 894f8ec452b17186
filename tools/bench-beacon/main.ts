/**
 * `npm run bench:beacon [-- --updates 400 --concurrency 16 --beacons 16 --block-time 0 --replicas 1 --skip-batch --profile <dir>]`
 *
 * ECDSA updates through beacon-ops (built app, real HTTP, 8-wallet pool, its own Postgres;
 * `--replicas 2`: two processes on that Postgres, requests spread over both) and then the same
 * number straight from the same 8 wallets with ethers, on one anvil. The direct sender
 * pipelines like the pool: consecutive nonces per wallet, requests spread round the wallets.
 * Reports updates/s, p50/p99 latency and nonce errors for both, and the gas of a 100-entry
 * batch update. Anvil mines instantly (a block per transaction) unless --block-time is given:
 * instant mining measures what the service itself costs, not the chain's block time.
 */
import { mkdtempSync, readFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { decodeAggregate3WithGasCalls, deployEcdsaBeacon } from '@perp/contracts';
import { getFreePort, spawnManaged, startAnvil, startTestPostgres, waitUntil, withPgClient } from '@perp/local-infra';
import { proveBeaconUpdate, stopProver } from '@perp/zk';
import { anvilAccount, deployDevContracts, uncachedProvider } from '../dev-stack/deploy-contracts';
import { REPO_ROOT } from '../dev-stack/dev-settings';
import { DirectSender } from './direct-sender';
import { JsonClient } from './json-client';
import { cpuPerUpdate, ProcessCpu } from './process-cpu';
import { figures, joinRuns, PathFigures, Run, runBounded } from './run-stats';

const POOL_ACCOUNTS = [1, 2, 3, 4, 5, 6, 7, 8];
const TOKEN = 'bench-beacon-ops-token-000000000000';
/** Both paths poll receipts this often: instantly mined blocks are there at once, real ones take a while. */
const receiptPollMs = (blockTime: number) => (blockTime ? 100 : 10);
const nonceLogLines = (logFiles: string[]) => logFiles.reduce((n, f) => n + (readFileSync(f, 'utf8').match(/nonce \d+ was taken/g)?.length ?? 0), 0);
const loadAverage = () =>
  loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');
const meanCpu = (samples: Record<string, number>[]) =>
  Object.fromEntries(Object.keys(samples[0]).map((name) => [name, samples.reduce((sum, s) => sum + s[name], 0) / samples.length]));

function textOption(name: string): string | undefined {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? process.argv[i + 1] : undefined;
}

function option(name: string, fallback: number): number {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? Number(process.argv[i + 1]) : fallback;
}

async function main(): Promise<void> {
  const updates = option('updates', 400);
  const concurrency = option('concurrency', 16);
  const beaconCount = option('beacons', 16);
  const blockTime = option('block-time', 0);
  const replicas = option('replicas', 1);
  const loadAtStart = loadAverage();
  const stopping: (() => Promise<unknown>)[] = [];
  try {
    console.log(
      `bench:beacon: ${updates} ECDSA updates per path, concurrency ${concurrency}, ${beaconCount} beacons, ${POOL_ACCOUNTS.length} wallets, ${replicas} replica(s), load average ${loadAtStart}, anvil ${blockTime ? `block time ${blockTime}s` : 'instant mining'}`,
    );
    const [pg, anvil] = await Promise.all([startTestPostgres(['beacon_ops']), startAnvil()]);
    stopping.push(
      () => anvil.stop(),
      () => pg.stop(),
    );
    const signer = anvilAccount(9);
    const wallets = POOL_ACCOUNTS.map((i) => anvilAccount(i));
    const contracts = await deployDevContracts({ rpcUrl: anvil.url, poolWallets: wallets.map((w) => w.address), signer: signer.address });
    const provider = uncachedProvider(anvil.url, contracts.chainId);
    stopping.unshift(async () => provider.destroy());
    // After the direct path used the pool's wallets: their next nonces from the chain, as an operator's resync would set them.
    const poolNoncesFromChain = () =>
      withPgClient(pg.url('beacon_ops'), async (c) => {
        for (const w of wallets) {
          await c.query('UPDATE wallets SET next_nonce = $2 WHERE address = $1', [
            w.address.toLowerCase(),
            await provider.getTransactionCount(w.address, 'pending'),
          ]);
        }
      });

    // One beacon per concurrent request: the service serialises updates of one beacon, so a
    // single hot beacon would measure that lock, not the pool. Both paths use the same beacons.
    const deployer = anvilAccount(0).connect(provider);
    const beacons: { beacon: string; adapter: string }[] = [];
    // Registered: the service signs only for beacons the registry holds.
    const registry = contracts.addresses.registry;
    for (let i = 0; i < beaconCount; i++) beacons.push(await deployEcdsaBeacon(deployer, { signer: signer.address, min: 0n, max: 1_000_000n, registry }));

    // Deployed with instant mining (64 beacons at one block a second would take minutes), then blocks every --block-time seconds.
    if (blockTime) {
      await provider.send('evm_setAutomine', [false]);
      await provider.send('evm_setIntervalMining', [blockTime]);
    }
    // --profile <dir>: a V8 CPU profile of each service process, written when it stops (open it in Chrome DevTools).
    const profileDir = textOption('profile');
    const nodeArgs = profileDir ? ['--cpu-prof', `--cpu-prof-dir=${profileDir}`] : [];
    const logDir = mkdtempSync(join(tmpdir(), 'bench-beacon-'));
    const services: { base: string; service: ReturnType<typeof spawnManaged>; logFile: string; metrics: string }[] = [];
    for (let r = 0; r < replicas; r++) {
      const port = await getFreePort();
      const metricsPort = await getFreePort();
      const logFile = join(logDir, `beacon-ops-${r}.log`);
      const service = spawnManaged(process.execPath, [...nodeArgs, join(REPO_ROOT, 'dist', 'apps', 'beacon-ops', 'main.js')], {
        cwd: REPO_ROOT,
        logFile,
        env: {
          ...process.env,
          ...contracts.env,
          BEACON_OPS_PORT: String(port),
          // Metrics on (their cost is part of the run), on a free port: the default may be taken on a shared machine.
          METRICS_PORT: String(metricsPort),
          BEACON_OPS_HOST: '127.0.0.1',
          BEACON_OPS_DATABASE_URL: pg.url('beacon_ops'),
          RPC_URL: anvil.url,
          BEACON_OPS_ACCESS_TOKENS: TOKEN,
          WALLET_PRIVATE_KEYS: wallets.map((w) => w.privateKey).join(','),
          SIGNER_PRIVATE_KEY: signer.privateKey,
          // anvil's own accounts, on the bench's own local anvil.
          ALLOW_DEV_KEYS: 'true',
          RECEIPT_POLL_INTERVAL_MS: String(receiptPollMs(blockTime)),
          // The benchmark is one token sending as fast as it can: the per-token limits would measure themselves.
          RATE_LIMIT_TRANSACTIONS_PER_MINUTE: '1000000',
          RATE_LIMIT_GAS_PER_HOUR: '1000000000000',
        },
      });
      stopping.unshift(() => service.stop('SIGTERM', 10_000));
      const base = `http://127.0.0.1:${port}`;
      await waitUntil('beacon-ops /ready', async () => (await fetch(`${base}/ready`)).ok, { timeoutMs: 60_000, intervalMs: 250 });
      services.push({ base, service, logFile, metrics: `http://127.0.0.1:${metricsPort}/metrics` });
    }
    const logFiles = services.map((s) => s.logFile);

    const clients = services.map(({ base }) => new JsonClient(base, { Authorization: `Bearer ${TOKEN}` }));
    stopping.unshift(async () => clients.forEach((c) => c.close()));
    const post = (path: string, body: unknown, i = 0) => clients[i % clients.length].post(path, body);
    const viaService = async (i: number) => {
      const res = await post('/update_beacon_with_ecdsa_adapter', { beacon_address: beacons[i % beacons.length].beacon, measurement: String(i) }, i);
      if (res.status !== 200) throw new Error(`${res.status} ${res.body.message}`);
      return /0x[0-9a-f]{64}/.exec(String(res.body.data))?.[0] ?? '';
    };
    const direct = new DirectSender(
      provider,
      wallets.map((w) => w.connect(provider)),
      signer,
      contracts.chainId,
      receiptPollMs(blockTime),
    );
    const viaEthers = async (i: number) => {
      const b = beacons[i % beacons.length];
      const receipt = await direct.update(i, b.beacon, b.adapter, BigInt(i));
      if (receipt.status !== 1) throw new Error(`reverted: ${receipt.hash}`);
      return receipt.hash;
    };

    const cpu = new ProcessCpu({
      'beacon-ops': () => services.flatMap(({ service }) => (service.child.pid ? [service.child.pid] : [])),
      postgres: ProcessCpu.matching('postgres', '-p', String(pg.port)),
      anvil: ProcessCpu.matching('anvil', '--port', String(anvil.port)),
      'bench client': () => [],
    });

    // Warm-up (untimed, the same on both sides): connections, JIT, caches.
    const warmUp = Math.max(200, concurrency * 4);
    await runBounded(warmUp, concurrency, viaService);
    await direct.init();
    await runBounded(warmUp, concurrency, viaEthers);
    await poolNoncesFromChain();

    // Timed in the order service, direct, direct, service (half the updates each time): whatever
    // else the machine runs meanwhile weighs on both paths alike.
    const rowsBefore = await journalCount(pg.url('beacon_ops'));
    const logLinesBefore = nonceLogLines(logFiles);
    const conflictsBefore = await nonceConflicts(services.map((s) => s.metrics));
    const loads: string[] = [];
    const half = Math.ceil(updates / 2);
    const serviceRuns: Run[] = [];
    const directRuns: Run[] = [];
    const serviceCpu: Record<string, number>[] = [];
    const directCpu: Record<string, number>[] = [];
    for (const [round, path] of (['service', 'direct', 'direct', 'service'] as const).entries()) {
      const count = round === 0 || round === 1 ? half : updates - half;
      console.log(`${path} path: ${count} updates...`);
      const before = cpu.sample();
      if (path === 'service') {
        serviceRuns.push(await runBounded(count, concurrency, viaService));
        serviceCpu.push(cpuPerUpdate(before, cpu.sample(), count));
      } else {
        await direct.init(); // the service used the wallets meanwhile
        directRuns.push(await runBounded(count, concurrency, viaEthers));
        directCpu.push(cpuPerUpdate(before, cpu.sample(), count));
        // The wallets were used outside the pool: tell it, as an operator would, so the benchmark causes no nonce retry.
        if (round === 2) await poolNoncesFromChain();
      }
      loads.push(loadAverage());
    }
    const serviceRun = joinRuns(serviceRuns);
    const directRun = joinRuns(directRuns);
    const serviceHashes = serviceRun.results.flatMap((r) => (r.status === 'fulfilled' ? [r.value] : []));
    const serviceConfirmed = await confirmedCount(provider, serviceHashes);
    const journal = await journalStatuses(pg.url('beacon_ops'), rowsBefore);
    const serviceNonceErrors =
      serviceRun.results.filter((r) => r.status === 'rejected' && /nonce/i.test(String(r.reason))).length +
      (journal['replaced'] ?? 0) +
      (nonceLogLines(logFiles) - logLinesBefore);
    const directConfirmed = directRun.results.filter((r) => r.status === 'fulfilled').length;
    // Not errors: a send whose nonce was taken first (mostly by another replica) signs again (CPU, not correctness).
    console.log(`service sends signed again because their nonce was taken: ${(await nonceConflicts(services.map((s) => s.metrics))) - conflictsBefore}`);
    // Why a request failed, if any did (at most 5 distinct messages).
    const failures = [...new Set(serviceRun.results.flatMap((r) => (r.status === 'rejected' ? [String((r.reason as Error).message ?? r.reason)] : [])))];
    if (failures.length > 0) console.log(`beacon-ops failures: ${failures.slice(0, 5).join(' | ')}`);

    // --skip-batch: the pipeline runs only (the batch's gas does not change with them).
    if (process.argv.includes('--skip-batch')) {
      report(
        [
          figures('beacon-ops (HTTP)', serviceRun, serviceConfirmed, serviceNonceErrors),
          figures('direct (ethers)', directRun, directConfirmed, direct.nonceErrors),
        ],
        null,
        { journal, blockTime, replicas, loads: [loadAtStart, ...loads], cpu: { service: meanCpu(serviceCpu), direct: meanCpu(directCpu) } },
      );
      return;
    }
    console.log('100-entry batch update...');
    const created = await post('/batch_create_registry_beacon', { count: 100 });
    const zkBeacons = (created.body.data as { beacon_addresses: string[] }).beacon_addresses;
    // Real Groth16 proofs (libs/zk): value i + 1, the mean of 4 equal measurements.
    const zkUpdates = [];
    for (const [i, beacon] of zkBeacons.entries()) {
      const m = BigInt(i + 1);
      const proved = await proveBeaconUpdate({ measurements: [m, m, m, m], beacon });
      zkUpdates.push({ beacon_address: beacon, proof: proved.proof, public_signals: proved.publicSignals });
    }
    await stopProver();
    const batchStarted = performance.now();
    const batch = await post('/batch_update_beacon', { updates: zkUpdates });
    const batchMs = performance.now() - batchStarted;
    const batchData = batch.body.data as { successful_updates: number; results: { transaction_hash: string }[] };
    const batchHash = batchData.results[0].transaction_hash;
    const [batchReceipt, batchTx] = await Promise.all([provider.getTransactionReceipt(batchHash), provider.getTransaction(batchHash)]);
    const perCall = decodeAggregate3WithGasCalls(batchTx?.data ?? '0x').map((c) => c.gasLimit);

    report(
      [
        figures('beacon-ops (HTTP)', serviceRun, serviceConfirmed, serviceNonceErrors),
        figures('direct (ethers)', directRun, directConfirmed, direct.nonceErrors),
      ],
      {
        applied: batchData.successful_updates,
        ms: batchMs,
        gasUsed: batchReceipt?.gasUsed ?? 0n,
        gasLimit: batchTx?.gasLimit ?? 0n,
        perCallSum: perCall.reduce((a, b) => a + b, 0n),
        perCallMin: perCall.reduce((a, b) => (b < a ? b : a), perCall[0] ?? 0n),
      },
      { journal, blockTime, replicas, loads: [loadAtStart, ...loads], cpu: { service: meanCpu(serviceCpu), direct: meanCpu(directCpu) } },
    );
  } finally {
    for (const stop of stopping) await stop().catch((error: unknown) => console.error(error));
  }
}

const journalCount = (url: string) => withPgClient(url, async (c) => Number((await c.query('SELECT count(*) AS n FROM tx_journal')).rows[0].n));

const journalStatuses = (url: string, skip: number) =>
  withPgClient(url, async (c) => {
    const rows = (await c.query('SELECT status, count(*) AS n FROM (SELECT status FROM tx_journal ORDER BY id OFFSET $1) r GROUP BY status', [skip])).rows as {
      status: string;
      n: string;
    }[];
    return Object.fromEntries(rows.map((r) => [r.status, Number(r.n)])) as Record<string, number>;
  });

/** beacon_ops_nonce_conflicts_total summed over the replicas' /metrics. */
async function nonceConflicts(urls: string[]): Promise<number> {
  let total = 0;
  for (const url of urls) {
    const text = await (await fetch(url)).text();
    total += Number(/^beacon_ops_nonce_conflicts_total (\S+)$/m.exec(text)?.[1] ?? 0);
  }
  return total;
}

async function confirmedCount(provider: ReturnType<typeof uncachedProvider>, hashes: string[]): Promise<number> {
  const receipts = await Promise.all(hashes.map((h) => provider.getTransactionReceipt(h)));
  return receipts.filter((r) => r?.status === 1).length;
}

function report(
  paths: PathFigures[],
  batch: { applied: number; ms: number; gasUsed: bigint; gasLimit: bigint; perCallSum: bigint; perCallMin: bigint } | null,
  extra: { journal: Record<string, number>; blockTime: number; replicas: number; loads: string[]; cpu: Record<'service' | 'direct', Record<string, number>> },
): void {
  const [service, direct] = paths;
  const row = (f: PathFigures) =>
    `| ${f.path.padEnd(18)} | ${String(f.confirmed).padStart(5)}/${String(f.updates).padEnd(5)} | ${f.perSecond.toFixed(1).padStart(9)} | ${f.p50Ms.toFixed(1).padStart(8)} | ${f.p99Ms.toFixed(1).padStart(8)} | ${String(f.nonceErrors).padStart(12)} |`;
  const ratio = service.perSecond / direct.perSecond;
  const target = extra.blockTime ? 0.9 : 0.8;
  console.log(
    [
      '',
      `anvil: ${extra.blockTime ? `block time ${extra.blockTime}s` : 'instant mining (a block per transaction)'}; ${extra.replicas} beacon-ops replica(s); ${service.updates} updates per path, timed as service, direct, direct, service`,
      `load average (1/5/15 min) at start and after each timed run: ${extra.loads.join(' | ')}`,
      '| path               | confirmed   | updates/s |  p50 ms  |  p99 ms  | nonce errors |',
      '|--------------------|-------------|-----------|----------|----------|--------------|',
      row(service),
      row(direct),
      '',
      `beacon-ops / direct: ${(ratio * 100).toFixed(0)}% of the direct rate (target >= ${target * 100}%: ${ratio >= target ? 'met' : 'NOT met'}); zero nonce errors: ${service.nonceErrors + direct.nonceErrors === 0 ? 'yes' : 'NO'}`,
      `service journal rows of the timed run: ${JSON.stringify(extra.journal)}`,
      `CPU ms per update (machine-independent of other load), service path: ${cpuLine(extra.cpu.service)}`,
      `CPU ms per update, direct path:                                      ${cpuLine(extra.cpu.direct)}`,
      batch === null
        ? '100-entry batch update: skipped'
        : `100-entry batch update (BatchUpdater, real Groth16 proofs): ${batch.applied}/100 applied in ${batch.ms.toFixed(0)} ms, gas used ${batch.gasUsed} (${batch.gasUsed / 100n} per entry), tx gas limit ${batch.gasLimit}, per-entry limits sum ${batch.perCallSum} (min ${batch.perCallMin})`,
      '',
    ].join('\n'),
  );
}

const cpuLine = (cpu: Record<string, number>) =>
  `${Object.entries(cpu)
    .map(([name, ms]) => `${name} ${ms.toFixed(2)}`)
    .join(', ')}; total ${Object.values(cpu)
    .reduce((a, b) => a + b, 0)
    .toFixed(2)}`;

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
