import { TcpProxy, waitUntil } from '@perp/local-infra';
import { createServiceLogger } from '@perp/http';
import { RunningIndexer, startIndexer } from './run-indexer';
import { expectStoreMatchesChain, IndexerTestEnv, Q96, startIndexerTestEnv, storeState, waitCaughtUp } from './test/indexer-test-env';

const logger = createServiceLogger({ name: 'indexer', level: process.env['TEST_LOG_LEVEL'] === 'debug' ? 'debug' : 'silent' });

/**
 * Outages of the node and of the store, with the indexer running in process: it retries with
 * backoff, never exits, never skips a block, and /ready answers 503 meanwhile.
 */
describe('indexer through RPC and Postgres outages', () => {
  let env: IndexerTestEnv;
  let rpcProxy: TcpProxy;
  let indexer: RunningIndexer | undefined;

  beforeAll(async () => {
    env = await startIndexerTestEnv();
    rpcProxy = await TcpProxy.start(env.anvil.port);
    indexer = await startIndexer(env.settings({ RPC_URL: rpcProxy.url, MAX_LAG_BLOCKS: '5' }), { logger });
    await env.pushUpdate(env.beacons[0], 1n * Q96);
    await waitCaughtUp(env);
  }, 120_000);
  afterAll(async () => {
    await indexer?.stop();
    await rpcProxy?.pause();
    await env?.stop();
  });

  const ready = async () => {
    const response = await fetch(`${indexer!.server.url}/ready`);
    return { status: response.status, body: (await response.json()) as Record<string, unknown> };
  };

  it('RPC down: /ready 503 and the lag grows; RPC back: it catches up with every update', async () => {
    await waitUntil('/ready 200', async () => (await ready()).status === 200);
    await rpcProxy.pause();
    await waitUntil('/ready 503 naming the RPC', async () => {
      const answer = await ready();
      return answer.status === 503 && answer.body['rpc'] === 'down';
    });
    const cursorBefore = (await storeState(env)).cursor!.number;
    // The chain goes on without the indexer seeing it.
    for (let i = 2; i <= 4; i++) await env.pushUpdate(env.beacons[i % 2], BigInt(i) * Q96);
    await env.mine(10);
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect((await storeState(env)).cursor!.number).toBe(cursorBefore);
    const lagWhileDown = (await env.head()) - cursorBefore;
    expect(lagWhileDown).toBeGreaterThanOrEqual(13);
    expect((await ready()).status).toBe(503);

    await rpcProxy.resume();
    await waitCaughtUp(env);
    await waitUntil('/ready 200 again', async () => (await ready()).status === 200, { timeoutMs: 10_000 });
    expect((await ready()).body).toMatchObject({ lag_blocks: 0, rpc: 'up' });
    await expectStoreMatchesChain(env);
  });

  it('Postgres down (crash, then restart): /ready 503 naming the store; back: no block skipped, none doubled', async () => {
    await env.postgres.stopImmediately();
    await waitUntil('/ready 503 naming the store', async () => {
      const answer = await ready();
      return answer.status === 503 && answer.body['store'] === 'down';
    });
    for (let i = 5; i <= 7; i++) await env.pushUpdate(env.beacons[i % 2], BigInt(i) * Q96);
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    expect((await ready()).status).toBe(503);
    await env.postgres.restart();
    await waitCaughtUp(env);
    await waitUntil('/ready 200 again', async () => (await ready()).status === 200, { timeoutMs: 10_000 });
    await expectStoreMatchesChain(env);
    expect((await storeState(env)).updates).toHaveLength(7);
    const metrics = await (await fetch(`${indexer!.server.url}/metrics`)).text();
    expect(metrics).toMatch(/^indexer_errors_total\{kind="rpc"\} [1-9]/m);
    expect(metrics).toMatch(/^indexer_errors_total\{kind="store"\} [1-9]/m);
  });
});
