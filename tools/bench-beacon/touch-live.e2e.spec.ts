import { startTouchLiveStack, timedUpdate, TouchLiveStack } from './touch-live';

/**
 * Touch after update on the dev chain's parts (anvil with the protocol double, the indexer, market-data,
 * beacon-ops with touch on): after an ECDSA update of the markets' beacon, both perps are touched in a
 * later block within the flush window (rates().lastTouch), and market-data serves the new index on
 * /markets/{perp}/live through the indexer. `npm run bench:touch` times the same path.
 */
describe('touch after update on the dev chain', () => {
  let live: TouchLiveStack;

  beforeAll(async () => {
    live = await startTouchLiveStack({ flushMs: 1000 });
  }, 240_000);
  afterAll(async () => {
    await live?.stop();
  });

  it("moves the beacon's perps' lastTouch within the window and market-data's /live to the new index", async () => {
    for (const price of ['26', '27.5', '24.25']) {
      const sample = await timedUpdate(live, price, { timeoutMs: 30_000 });
      // The touch follows the update by the window (1 s) plus a block: its block is at most 3 s of chain time later.
      for (const s of sample.lastTouchAfterUpdateS) {
        expect(s).toBeGreaterThanOrEqual(0);
        expect(s).toBeLessThanOrEqual(3);
      }
      expect(sample.touchedMs).toBeGreaterThanOrEqual(sample.answeredMs);
      // Well within the window and a few indexer polls, even on a busy machine.
      expect(sample.touchedMs).toBeLessThan(10_000);
      expect(sample.servedMs).toBeLessThan(15_000);
    }
  }, 180_000);
});
