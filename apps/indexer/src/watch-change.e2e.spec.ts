import { createServiceLogger } from '@perp/http';
import type { EntityManager } from 'typeorm';
import type { ChainBlock, ChainLog } from './chain/chain-block';
import type { BlockHandler, BlockOutcome, LogWatch } from './follower/block-handler';
import { INDEX_UPDATED_TOPIC } from './handlers/beacon-index/beacon-index.handler';
import { indexerHandlers, RunningIndexer, startIndexer } from './run-indexer';
import { expectStoreMatchesChain, IndexerTestEnv, INSERT_MARKET_SQL, Q96, startIndexerTestEnv, storeState, waitCaughtUp } from './test/indexer-test-env';

const logger = createServiceLogger({ name: 'indexer', level: 'silent' });
const LIST_SECOND_BEACON = 424242n * Q96;

/**
 * A stand-in for the PerpFactory handler: when the first beacon publishes LIST_SECOND_BEACON it
 * lists a market of the second beacon (in the block's transaction) and says its watch changed.
 */
class ListingHandler implements BlockHandler {
  readonly name = 'listing';
  constructor(
    private readonly trigger: string,
    private readonly listed: string,
  ) {}
  async watch(): Promise<LogWatch> {
    return { addresses: [this.trigger], topics: [INDEX_UPDATED_TOPIC] };
  }
  async handleBlock(_block: ChainBlock, logs: readonly ChainLog[], tx: EntityManager): Promise<BlockOutcome> {
    if (!logs.some((log) => BigInt(log.data) === LIST_SECOND_BEACON)) return {};
    await tx.query(INSERT_MARKET_SQL, [`0x${'c'.repeat(40)}`, this.listed]);
    return { watchChanged: true };
  }
  async rewind(): Promise<void> {
    // the listing is not undone in this test
  }
}

describe('a handler whose watch changes within a log window', () => {
  let env: IndexerTestEnv;
  let indexer: RunningIndexer | undefined;

  beforeAll(async () => {
    env = await startIndexerTestEnv({ beacons: 2, listed: 1 });
  }, 120_000);
  afterAll(async () => {
    await indexer?.stop();
    await env?.stop();
  });

  it('ends the window at that block, so the newly watched contract loses no log later in it, nor in that block', async () => {
    const [first, second] = env.beacons;
    await env.pushUpdate(second, 1n * Q96); // before the listing: not indexed
    // The listing and an update of the newly listed beacon in one block: that update must not be lost.
    await env.pushUpdatesInOneBlock([
      [first, LIST_SECOND_BEACON],
      [second, 7n * Q96],
    ]);
    for (let i = 2; i <= 4; i++) await env.pushUpdate(second, BigInt(i) * Q96);
    // One 64-block window would cover it all, with the watch read before the listing.
    const settings = env.settings({ LOG_WINDOW_INITIAL_BLOCKS: '64', LOG_WINDOW_MAX_BLOCKS: '64' });
    indexer = await startIndexer(settings, {
      logger,
      handlers: (chain) => [...indexerHandlers(settings)(chain), new ListingHandler(first, second)],
    });
    await waitCaughtUp(env);
    const store = await storeState(env);
    expect(store.updates.map((u) => [u.beacon_address, BigInt(u.index_x96)])).toEqual([
      [first, LIST_SECOND_BEACON],
      [second, 7n * Q96],
      [second, 2n * Q96],
      [second, 3n * Q96],
      [second, 4n * Q96],
    ]);
    expect(store.markets.find((m) => m.beacon === second)?.index).toBe(4n * Q96);
    await expect(expectStoreMatchesChain(env)).rejects.toThrow(); // the chain has the pre-listing update the index rightly skipped
  });
});
