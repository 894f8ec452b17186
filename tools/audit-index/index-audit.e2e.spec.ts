import { PerpCityStack, STACK_API_KEY, startPerpCityStack } from '../test/perp-city-stack';
import { auditIndex, type AuditOptions } from './index-audit';

/**
 * The audit on real parts (test/perp-city-stack.ts: the protocol double on anvil with takers, some
 * under water; the indexer writing the store; market-data serving it). No disagreement; then a row
 * changed by hand, and a row deleted, each reported.
 */
describe('npm run audit:index (the index store against the chain)', () => {
  let stack: PerpCityStack;
  let options: AuditOptions;

  beforeAll(async () => {
    stack = await startPerpCityStack();
    options = {
      rpcUrl: stack.anvil.url,
      indexUrl: stack.pg.url('perp_index'),
      poolManager: stack.addresses.poolManager,
      marketData: { baseUrl: stack.marketDataUrl, apiKey: STACK_API_KEY },
    };
  }, 300_000);
  afterAll(() => stack?.stop());

  it('finds no disagreement, and every position the chain would liquidate is a listed candidate', async () => {
    const report = await auditIndex(options);
    expect(report.disagreements).toEqual([]);
    expect(report).toMatchObject({ markets: 1, openPositions: stack.opened.length + 1, closedPositions: 0 });
    expect(report.liquidatable).toBeGreaterThan(0);
    expect(report.liquidatable).toBeLessThan(report.openPositions);
    expect(report.listed).toBe(report.liquidatable);
    // A still chain: nothing settles between B and the list.
    expect(report.settledSince).toBe(0);
  });

  it('reports a stored figure one atom off, and a position missing from the store', async () => {
    await stack.stopIndexer();
    const victim = stack.opened[1].toString();
    await stack.query(`UPDATE positions SET margin = margin + 1 WHERE id = $1`, [victim]);
    const report = await auditIndex(options);
    expect(report.disagreements).toEqual([expect.stringMatching(new RegExp(`^position ${victim} of 0x[0-9a-f]{40} margin: store \\d+, chain \\d+$`))]);

    // Its settlement rows first (position_settlements references it), as a lost position would have none.
    await stack.query(`DELETE FROM position_settlements WHERE pos_id = $1`, [stack.opened[3].toString()]);
    await stack.query(`DELETE FROM positions WHERE id = $1`, [stack.opened[3].toString()]);
    const missing = await auditIndex(options);
    // The seed maker and the four takers are numbered on chain; the store now holds four.
    expect(missing.disagreements).toContainEqual(
      `market ${stack.addresses.perp.toLowerCase()}: the store holds ${stack.opened.length} positions, the Perp has numbered ${stack.opened.length + 1}`,
    );
  });
});
