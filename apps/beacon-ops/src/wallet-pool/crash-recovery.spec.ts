import { ChildProcess, spawn } from 'node:child_process';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { DataSource } from 'typeorm';
import { anvilAddress, anvilKey } from '../test/anvil-keys';
import { Infra, journalRows, PoolApp, poolSettings, sleep, startInfra, startPoolApp } from '../test/pool-test-env';
import { devServiceEnv } from '@perp/service';

const ROOT = join(__dirname, '..', '..', '..', '..');
const SENDS = 24;
const WALLET_ACCOUNTS = [1, 2, 3, 4];
const WALLETS = WALLET_ACCOUNTS.map(anvilAddress);
const RECIPIENT = anvilAddress(0);

/**
 * A pool process is SIGKILLed while transactions are in flight (some journaled but never
 * broadcast, some in the mempool, some mined); a fresh pool reconciles the journal. Blocks
 * come every second, so transactions stay in flight long enough to be caught.
 */
describe('crash safety', () => {
  let infra: Infra;
  let child: ChildProcess | undefined;
  let pool: PoolApp | undefined;

  beforeAll(async () => {
    infra = await startInfra({ blockTime: 1 });
  }, 60_000);

  afterAll(async () => {
    child?.kill('SIGKILL');
    await pool?.close();
    await infra?.stop();
  });

  it('after SIGKILL mid-flight and a restart, every journal row ends confirmed or failed and nothing is sent twice', async () => {
    const env = {
      ...process.env,
      ...devServiceEnv(),
      BEACON_OPS_DATABASE_URL: infra.pg.url('beacon_ops'),
      RPC_URL: infra.anvil.url,
      WALLET_PRIVATE_KEYS: WALLET_ACCOUNTS.map(anvilKey).join(','),
      RECEIPT_TIMEOUT_MS: '3000',
      RECEIPT_POLL_INTERVAL_MS: '50',
      RECONCILE_INTERVAL_MS: '600000',
      SENDS: String(SENDS),
      HANG_EVERY: '5',
    };
    const sender = spawn(process.execPath, ['-r', join(ROOT, 'tools', 'ts-register.js'), join(__dirname, '..', 'test', 'crash-sender.ts')], {
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child = sender;
    const events: Record<string, unknown>[] = [];
    let stderr = '';
    sender.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    createInterface({ input: sender.stdout }).on('line', (line) => events.push(JSON.parse(line) as Record<string, unknown>));

    // Kill once several rows are journaled, some hanging before their broadcast, and some still unmined.
    const deadline = Date.now() + 45_000;
    while (Date.now() < deadline) {
      const journaled = events.filter((e) => e['event'] === 'journaled');
      if (journaled.length >= 10 && journaled.some((e) => e['hang'])) break;
      if (sender.exitCode !== null) throw new Error(`crash sender exited early (code ${sender.exitCode}): ${stderr} ${JSON.stringify(events.slice(-5))}`);
      await sleep(20);
    }
    const exited = new Promise((resolve) => sender.once('exit', resolve));
    sender.kill('SIGKILL');
    await exited;
    child = undefined;

    const atKill = await journalRowsWithoutPool();
    expect(atKill.length).toBeGreaterThanOrEqual(10);
    expect(atKill.some((r) => r.status === 'pending')).toBe(true);
    const neverBroadcast = events.filter((e) => e['event'] === 'journaled' && e['hang']).map((e) => e['hash'] as string);
    expect(neverBroadcast.length).toBeGreaterThan(0);
    for (const hash of neverBroadcast) expect(await infra.chain.getTransaction(hash)).toBeNull();

    // Restart: start-up reconciliation re-sends the journaled-only rows; the next blocks settle the rest.
    const restarted = await startPoolApp(
      poolSettings(infra.pg.url('beacon_ops'), infra.anvil.url, { RECEIPT_TIMEOUT_MS: '5000', LEASE_WAIT_MS: '20000' }, WALLET_ACCOUNTS),
    );
    const settleBy = Date.now() + 20_000;
    pool = restarted;
    let rows = await journalRows(restarted.db);
    while (rows.some((r) => r.status === 'pending') && Date.now() < settleBy) {
      await sleep(500);
      await restarted.reconciler.reconcileNow();
      rows = await journalRows(restarted.db);
    }
    expect(rows.length).toBe(atKill.length);
    expect(rows.filter((r) => !['confirmed', 'failed'].includes(r.status))).toEqual([]);
    await expectEachRequestMinedOnce(rows);
    // The interrupted requests retried with their keys: the journaled ones replay, the others send once.
    const results = await Promise.all(
      Array.from({ length: SENDS }, (_, i) =>
        restarted.pool.send({
          kind: 'crash_test',
          request: { i },
          idempotencyKey: `crash-${i}`,
          build: () => ({ to: RECIPIENT, value: BigInt(i + 1), gasLimit: 21_000n }),
        }),
      ),
    );
    const journaledBefore = new Set(rows.filter((r) => r.block_number !== null).map((r) => r.request.i));
    for (const [i, result] of results.entries()) expect(result.replayed).toBe(journaledBefore.has(i));
    const finalRows = await journalRows(restarted.db);
    await expectEachRequestMinedOnce(finalRows);
    expect(finalRows.filter((r) => r.block_number !== null)).toHaveLength(SENDS);
    const chainTotal = (await Promise.all(WALLETS.map((w) => infra.chain.getTransactionCount(w)))).reduce((a, b) => a + b, 0);
    expect(chainTotal).toBe(SENDS);
  }, 120_000);

  /** Per wallet, the mined rows' nonces are exactly 0..count-1 of the chain, and no request was mined twice. */
  async function expectEachRequestMinedOnce(rows: Awaited<ReturnType<typeof journalRows>>): Promise<void> {
    const mined = rows.filter((r) => r.block_number !== null);
    expect(new Set(mined.map((r) => r.request.i)).size).toBe(mined.length);
    for (const wallet of WALLETS) {
      const nonces = mined
        .filter((r) => r.wallet === wallet)
        .map((r) => r.nonce)
        .sort((a, b) => a - b);
      expect(nonces).toEqual(Array.from({ length: nonces.length }, (_, k) => k));
      expect(await infra.chain.getTransactionCount(wallet, 'latest')).toBe(nonces.length);
    }
  }

  /** The journal as the killed process left it, read without starting a pool (no reconciliation yet). */
  async function journalRowsWithoutPool(): Promise<Awaited<ReturnType<typeof journalRows>>> {
    const source = new DataSource({ type: 'postgres', url: infra.pg.url('beacon_ops') });
    await source.initialize();
    try {
      return await journalRows(source);
    } finally {
      await source.destroy();
    }
  }
});
