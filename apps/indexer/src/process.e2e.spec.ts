import { waitUntil } from '@perp/local-infra';
import { IndexerProcess } from './test/indexer-process';
import { expectStoreMatchesChain, IndexerTestEnv, Q96, startIndexerTestEnv, storeState, waitCaughtUp } from './test/indexer-test-env';

/**
 * The indexer as real processes, killed with SIGKILL: in the middle of a block transaction (no
 * row missing or doubled after a restart), and as the active one of two replicas (the standby
 * takes the writer lock over).
 */
describe('indexer processes under SIGKILL', () => {
  let env: IndexerTestEnv;
  const processes: IndexerProcess[] = [];
  const spawn = (extra: Record<string, string> = {}) => {
    const child = new IndexerProcess(env.env({ LOG_LEVEL: 'warn', ...extra }));
    processes.push(child);
    return child;
  };

  beforeAll(async () => {
    env = await startIndexerTestEnv();
  }, 120_000);
  afterAll(async () => {
    for (const child of processes) await child.kill9();
    await env?.stop();
  });

  it('kill -9 inside a block transaction, restart: no row missing or doubled', async () => {
    const blocks: number[] = [];
    for (let i = 1; i <= 6; i++) blocks.push(await env.pushUpdate(env.beacons[i % 2], BigInt(i) * Q96));
    const hangAt = blocks[3];
    const crashing = spawn({ HANG_AT_BLOCK: String(hangAt) });
    expect((await crashing.event('hanging'))['block']).toBe(hangAt);
    // The handler's row of that block is written in the open transaction, not committed.
    await crashing.kill9();
    const after = await storeState(env);
    expect(after.cursor!.number).toBeLessThan(hangAt);
    expect(after.updates.map((u) => u.block_number)).toEqual(blocks.filter((b) => b <= after.cursor!.number));

    const restarted = spawn();
    await waitCaughtUp(env, 60_000);
    await expectStoreMatchesChain(env);
    expect((await storeState(env)).updates).toHaveLength(6);
    await restarted.kill9();
  });

  it('a second replica waits on the lock (standby), then takes over after kill -9 of the first', async () => {
    const first = spawn();
    await waitUntil('first replica active', async () => (await first.ready()).body['role'] === 'active', { timeoutMs: 60_000 });
    const second = spawn();
    await waitUntil('second replica standby', async () => (await second.ready()).body['role'] === 'standby', { timeoutMs: 60_000 });
    const standby = await second.ready();
    // A standby is a healthy replica: 200, saying so, with the index's lag as the active one leaves it.
    expect(standby).toMatchObject({ status: 200, body: { role: 'standby', store: 'up', rpc: 'up' } });

    await env.pushUpdate(env.beacons[0], 100n * Q96);
    await waitCaughtUp(env);
    await first.kill9();
    const killedAt = Date.now();
    await waitUntil('second replica active', async () => (await second.ready()).body['role'] === 'active', { timeoutMs: 30_000 });
    const takeoverMs = Date.now() - killedAt;
    expect(takeoverMs).toBeLessThan(10_000);
    await env.pushUpdate(env.beacons[1], 101n * Q96);
    await waitCaughtUp(env);
    await expectStoreMatchesChain(env);
    expect((await storeState(env)).updates).toHaveLength(8);
  });
});
