import { deployEcdsaBeacon, EcdsaBeacon__factory } from '@perp/contracts';
import { waitUntil } from '@perp/local-infra';
import { DataSource } from 'typeorm';
import { anvilAddress } from '../test/anvil-keys';
import { ChainEnv, SIGNER, startChainEnv, TOKEN } from '../test/beacon-test-env';
import { journalRows, sleep } from '../test/pool-test-env';
import { nonceRefusals, nonceTakenLines, ServiceChild, startServiceChild } from '../test/service-child';

const UPDATES = 200;
const BEACONS = 50;

type Replica = ServiceChild;

/**
 * Two beacon-ops processes (main.ts, real HTTP) share one Postgres and one anvil (a block every
 * second) and one pool of 4 wallets. 200 concurrent updates spread over both, one replica is
 * SIGKILLed mid-run and restarted, and the clients it cut off retry with their keys: every
 * update lands exactly once, without a nonce error, and no nonce is skipped.
 */
describe('two replicas on one pool', () => {
  let env: ChainEnv;
  const replicas: Replica[] = [];

  beforeAll(async () => {
    // Exactly-once under replicas and a kill, not latency: two replicas, Postgres and anvil share two cores with the other suites,
    // where a statement may wait past the 1 s default store bound (the fault tests cover that bound).
    env = await startChainEnv({ env: { RECEIPT_TIMEOUT_MS: '20000', LEASE_WAIT_MS: '60000', STORE_TIMEOUT_MS: '5000' } });
  }, 60_000);
  afterAll(async () => {
    for (const r of replicas) r.child.kill('SIGKILL');
    await env?.stop();
  });

  async function startReplica(): Promise<Replica> {
    const replica = await startServiceChild(
      env.serviceEnv({ RECEIPT_POLL_INTERVAL_MS: '100', RECONCILE_INTERVAL_MS: '2000', RATE_LIMIT_TRANSACTIONS_PER_MINUTE: '100000' }),
    );
    replicas.push(replica);
    return replica;
  }

  it('confirms 200 concurrent updates over both exactly once, through a SIGKILL and restart of one of them', async () => {
    const beacons: string[] = [];
    for (let i = 0; i < BEACONS; i++)
      beacons.push((await deployEcdsaBeacon(env.deployer, { signer: SIGNER, min: 0n, max: 1_000n, registry: env.system.registry })).beacon.toLowerCase());
    await env.infra.rpc('evm_setAutomine', [false]);
    await env.infra.rpc('evm_setIntervalMining', [1]);
    const [a, b] = await Promise.all([startReplica(), startReplica()]);

    const update = (port: number, i: number) =>
      fetch(`http://127.0.0.1:${port}/update_beacon_with_ecdsa_adapter`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${TOKEN}`, 'Content-Type': 'application/json', 'Idempotency-Key': `replica-${i}` },
        body: JSON.stringify({ beacon_address: beacons[i % BEACONS], measurement: String(i + 1) }),
      }).then(
        async (res) => ({ status: res.status, body: (await res.json()) as { message: string } }),
        () => ({ status: 'lost' as const, body: { message: '' } }),
      );
    const first = Array.from({ length: UPDATES }, (_, i) => update(i % 2 ? b.port : a.port, i));

    // Kill replica a once the pool is busy.
    const db = new DataSource({ type: 'postgres', url: env.infra.pg.url('beacon_ops') });
    await db.initialize();
    let refusalsOfKilled = -1;
    try {
      await waitUntil('40 journaled transactions', async () => (await journalRows(db)).length >= 40, { timeoutMs: 60_000, intervalMs: 50 });
      // a's count of nodes refusing a taken nonce, read before its metrics die with it.
      refusalsOfKilled = await nonceRefusals(a);
      a.child.kill('SIGKILL');
      const answers = await Promise.all(first);
      const lost = answers.flatMap((answer, i) => (answer.status === 'lost' ? [i] : []));
      expect(answers.filter((answer) => answer.status !== 'lost' && answer.status !== 200)).toEqual([]);
      expect(lost.length).toBeGreaterThan(0);

      // Restarted; the cut-off clients retry with their keys, on it and on b alike.
      const restarted = await startReplica();
      const retries = await Promise.all(lost.map((i, k) => update(k % 2 ? b.port : restarted.port, i)));
      expect(retries.filter((r) => r.status !== 200).map((r) => `${r.status} ${r.body.message}`)).toEqual([]);

      await sleep(3_000); // a reconciliation pass of each replica settles rows nobody waits on
      const rows = await journalRows(db);
      expect(rows.filter((r) => r.status !== 'confirmed')).toEqual([]);
      for (const wallet of env.walletAccounts.map(anvilAddress)) {
        const nonces = rows
          .filter((r) => r.wallet === wallet)
          .map((r) => r.nonce)
          .sort((x, y) => x - y);
        expect(nonces).toEqual(nonces.map((_, k) => k)); // no nonce twice, none skipped, none replaced
        expect(await env.infra.chain.getTransactionCount(wallet)).toBe(nonces.length);
      }
    } finally {
      await db.destroy();
    }
    // Every update applied exactly once.
    const applied: bigint[] = [];
    for (const beacon of beacons) {
      const contract = EcdsaBeacon__factory.connect(beacon, env.infra.chain);
      for (const event of await contract.queryFilter(contract.filters.IndexUpdated())) applied.push(event.args[0]);
    }
    expect(applied.map(Number).sort((x, y) => x - y)).toEqual(Array.from({ length: UPDATES }, (_, i) => i + 1));
    // No replica met a nonce taken by the other: no node refused one (its metrics; a's as read before the kill)
    // and none logged it (the line goes to stdout, the log; a's as far as it was flushed before the kill).
    // The journal says the same above: every row confirmed, none marked replaced for a taken nonce.
    const trouble = await Promise.all(
      replicas.map(async (r) => ({ lines: nonceTakenLines(r), refusals: r === a ? refusalsOfKilled : await nonceRefusals(r) })),
    );
    expect(trouble).toEqual(replicas.map(() => ({ lines: [], refusals: 0 })));
  }, 420_000);
});
