import { rpcCall, startAnvil, waitUntil } from '@perp/local-infra';
import { EcdsaBeacon__factory } from '@perp/contracts';
import { createServiceLogger } from '@perp/http';
import { ChainMismatchError } from './follower/chain-follower';
import { resetIndexer } from './reset-command';
import { RunningIndexer, startIndexer } from './run-indexer';
import { chainState, expectStoreMatchesChain, IndexerTestEnv, Q96, startIndexerTestEnv, storeState, waitCaughtUp } from './test/indexer-test-env';

const silent = createServiceLogger({ name: 'indexer', level: process.env['TEST_LOG_LEVEL'] === 'debug' ? 'debug' : 'silent' });

/**
 * The follower on a real anvil and a real Postgres, in process: backfill to the head, reorgs
 * (anvil_reorg) of depth 1 and 5, and a store of another chain.
 */
describe('chain follower (real anvil, real Postgres)', () => {
  let env: IndexerTestEnv;
  let indexer: RunningIndexer | undefined;

  beforeAll(async () => {
    env = await startIndexerTestEnv();
  }, 120_000);
  afterAll(async () => {
    await indexer?.stop();
    await env?.stop();
  });

  const ready = async () => {
    const response = await fetch(`${indexer!.server.url}/ready`);
    return { status: response.status, body: (await response.json()) as Record<string, unknown> };
  };

  it('backfills in growing windows to the head: every IndexUpdated once, index_price_x96 = index()', async () => {
    const [a, b] = env.beacons;
    for (let i = 1; i <= 6; i++) {
      await env.pushUpdate(i % 2 ? a : b, BigInt(i) * Q96);
      await env.mine(i * 3); // gaps between updates: windows with and without logs
    }
    indexer = await startIndexer(env.settings(), { logger: silent });
    await waitCaughtUp(env);
    await expectStoreMatchesChain(env);
    const store = await storeState(env);
    expect(store.updates).toHaveLength(6);
    expect(store.markets.map((m) => m.index)).toEqual([5n * Q96, 6n * Q96]);
    expect(store.cursor!.hash).toBe((await env.provider.send('eth_getBlockByNumber', ['latest', false])).hash);
    await waitUntil('/ready 200', async () => (await ready()).status === 200);
    expect((await ready()).body).toMatchObject({ status: 'ready', role: 'active', rpc: 'up', store: 'up', lag_blocks: 0 });

    // Following the head: one more update is indexed as it is mined.
    await env.pushUpdate(a, 7n * Q96);
    await waitCaughtUp(env);
    await expectStoreMatchesChain(env);
  });

  it.each([1, 5])('rewinds a reorg of depth %i: rows after the fork gone, index re-read, cursor on the new chain', async (depth) => {
    const [a, b] = env.beacons;
    const before = await env.head();
    // Updates in each of the `depth` blocks that the reorg replaces (one per block: anvil mines each transaction alone).
    for (let i = 0; i < depth; i++) await env.pushUpdate(i % 2 ? b : a, BigInt(100 * depth + i) * Q96);
    await waitCaughtUp(env);
    const head = await env.head();
    expect(head).toBe(before + depth);
    expect((await storeState(env)).updates.filter((u) => u.block_number > before)).toHaveLength(depth);

    // The last `depth` blocks are replaced by empty ones: their updates never happened.
    await rpcCall(env.anvil.url, 'anvil_reorg', [depth, []]);
    expect(await env.head()).toBe(head);
    await waitCaughtUp(env);
    const store = await storeState(env);
    expect(store.updates.filter((u) => u.block_number > before)).toEqual([]);
    // index() re-read pinned to the fork block: the value before the dropped updates.
    const chain = await chainState(env);
    for (const market of store.markets) expect(market.index).toBe(chain.index.get(market.beacon));
    expect(store.cursor!.hash).toBe((await env.provider.send('eth_getBlockByNumber', [`0x${head.toString(16)}`, false])).hash);
    await expectStoreMatchesChain(env);
    const metrics = await (await fetch(`${indexer!.server.url}/metrics`)).text();
    expect(metrics).toMatch(/^indexer_reorgs_total [1-9]/m);

    // And it goes on on the new chain.
    await env.pushUpdate(a, 999n * Q96);
    await waitCaughtUp(env);
    await expectStoreMatchesChain(env);
    expect(await EcdsaBeacon__factory.connect(a, env.provider).index()).toBe(999n * Q96);
  });

  it('reads a block again when the head moves under its reads (CONFIRMATIONS=0: anvil answers a head read from the block it mines)', async () => {
    await indexer?.stop();
    const [a] = env.beacons;
    // A block is mined while the first attempt at the update's block is inside its transaction.
    const mined: number[] = [];
    indexer = await startIndexer(env.settings(), {
      logger: silent,
      hooks: {
        insideBlockTransaction: async (block) => {
          if (mined.length === 0 && (await env.head()) === block.number) mined.push(await env.mine(1).then(() => env.head()));
        },
      },
    });
    await waitCaughtUp(env);
    await env.pushUpdate(a, 4242n * Q96);
    await waitCaughtUp(env);
    expect(mined).toHaveLength(1);
    await expectStoreMatchesChain(env);
    const metrics = await (await fetch(`${indexer.server.url}/metrics`)).text();
    expect(metrics).toMatch(/^indexer_head_rereads_total [1-9]/m);
  });

  it('refuses a node on another chain (other genesis), until `reset`', async () => {
    await indexer?.stop();
    indexer = undefined;
    const before = await storeState(env);
    const other = await startAnvil(); // same chain id 31337, another genesis block
    try {
      const elsewhere = await startIndexer(env.settings({ RPC_URL: other.url }), { logger: silent });
      await expect(elsewhere.done).rejects.toBeInstanceOf(ChainMismatchError);
      await expect(elsewhere.done).rejects.toThrow(/genesis .* run `node main.js reset`/);
      const answer = await fetch(`${elsewhere.server.url}/ready`);
      expect(answer.status).toBe(503);
      expect(await answer.json()).toMatchObject({ role: 'refused' });
      await elsewhere.stop();
      expect(await storeState(env)).toEqual(before);

      const out = { log: jest.fn(), error: jest.fn() };
      expect(await resetIndexer(env.env({ RPC_URL: other.url }), out)).toBe(0);
      const reset = await storeState(env);
      expect([reset.cursor, reset.updates, reset.markets.map((m) => m.index)]).toEqual([undefined, [], [null, null]]);

      indexer = await startIndexer(env.settings({ RPC_URL: other.url }), { logger: silent });
      const otherHead = (await rpcCall<{ hash: string }>(other.url, 'eth_getBlockByNumber', ['latest', false])).hash;
      await waitUntil("the cursor at the other chain's head", async () => (await storeState(env)).cursor?.hash === otherHead);
      await waitUntil('/ready 200 on the other chain', async () => (await ready()).status === 200);
      // Never beside a running writer: reset takes the writer lock first.
      const refused = { log: jest.fn(), error: jest.fn() };
      expect(await resetIndexer(env.env({ RPC_URL: other.url }), refused)).toBe(1);
      expect(refused.error).toHaveBeenCalledWith(expect.stringMatching(/holds the writer lock/));
    } finally {
      await indexer?.stop();
      indexer = undefined;
      await other.stop();
    }
  });
});
