import { createServiceLogger } from '@perp/http';
import { RunningIndexer, startIndexer } from './run-indexer';
import { expectStoreMatchesChain, IndexerTestEnv, Q96, startIndexerTestEnv, storeState, waitCaughtUp } from './test/indexer-test-env';
import { RangeLimitedRpc } from './test/range-limited-rpc';

const logger = createServiceLogger({ name: 'indexer', level: 'silent' });

/** The adaptive window against a node that refuses large eth_getLogs ranges, as hosted providers do. */
describe('log window against a range-limited node', () => {
  let env: IndexerTestEnv;
  let rpc: RangeLimitedRpc;
  let indexer: RunningIndexer | undefined;

  beforeAll(async () => {
    env = await startIndexerTestEnv();
    rpc = await new RangeLimitedRpc(env.anvil.url, 8).start();
  }, 120_000);
  afterAll(async () => {
    await indexer?.stop();
    await rpc?.stop();
    await env?.stop();
  });

  it('halves on "more than 10000 results" down to what the node serves, and indexes every block', async () => {
    for (let i = 1; i <= 8; i++) {
      await env.pushUpdate(env.beacons[i % 2], BigInt(i) * Q96);
      await env.mine(7);
    }
    indexer = await startIndexer(env.settings({ RPC_URL: rpc.url, LOG_WINDOW_INITIAL_BLOCKS: '64', LOG_WINDOW_MAX_BLOCKS: '64' }), { logger });
    await waitCaughtUp(env);
    await expectStoreMatchesChain(env);
    expect((await storeState(env)).updates).toHaveLength(8);
    // 64 -> 32 -> 16 -> 8 at least; after each success it tries twice the size again and is refused again.
    expect(rpc.refused).toBeGreaterThanOrEqual(3);
    expect(rpc.largestServed).toBe(8);
    const metrics = await (await fetch(`${indexer.server.url}/metrics`)).text();
    expect(metrics).toMatch(/^indexer_log_window_shrinks_total [3-9]|^indexer_log_window_shrinks_total \d\d/m);
  });
});
