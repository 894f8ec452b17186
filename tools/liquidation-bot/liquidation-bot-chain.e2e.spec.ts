import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { PerpCityStack, STACK_API_KEY, anvilWallet, startPerpCityStack } from '../test/perp-city-stack';
import { MarketStreamEvent, subscribeMarketStream } from '@perp/market-data-client';
import type { ScanReport } from './liquidation-scan';

const ROOT = join(__dirname, '..', '..');

/**
 * The bot against a chain that carries the positions (test/perp-city-stack.ts: the protocol double,
 * the indexer, market-data): each candidate is confirmed by the Perp's own liquidation test, the
 * confirmed ones are liquidated, and the indexer then shows them closed as liquidations with a
 * trade that carries the liquidation fee.
 */
describe('tools/liquidation-bot on chain', () => {
  let stack: PerpCityStack;
  beforeAll(async () => {
    stack = await startPerpCityStack();
  }, 300_000);
  afterAll(() => stack?.stop());

  const runBot = async (...args: string[]) => {
    const { stdout } = await promisify(execFile)(process.execPath, ['-r', './tools/ts-register.js', 'tools/liquidation-bot/main.ts', '--json', ...args], {
      cwd: ROOT,
      env: {
        ...process.env,
        MARKET_DATA_URL: stack.marketDataUrl,
        MARKET_DATA_API_KEY: STACK_API_KEY,
        LIQUIDATOR_PRIVATE_KEY: anvilWallet(6, stack.provider).privateKey,
      },
    });
    return JSON.parse(stdout) as ScanReport;
  };

  it('confirms each candidate with the chain, liquidates the confirmed ones, and the index shows them liquidated', async () => {
    // Confirm only: the chain's answer, nothing sent.
    const dry = await runBot('--rpc', stack.anvil.url);
    const confirmed = dry.confirmations.filter((c) => c.verdict === 'liquidatable');
    expect(confirmed.length).toBeGreaterThan(0);
    expect(dry.confirmations.every((c) => c.confirmed_on_chain && c.tx_hash === null)).toBe(true);
    // The chain's word is the verdict: a candidate it refuses is reported so, with nothing sent. (Since
    // makers are priced from their ticks, this stack's list holds only what the chain accepts: the
    // refusal path is covered by confirm-candidate.spec and by the run below when a liquidation heals another.)
    expect(dry.confirmations.every((c) => c.verdict === 'liquidatable' || c.verdict === 'not_liquidatable')).toBe(true);

    // The push stream on the chain the indexer writes: the liquidations' trades and the new heads arrive without a request.
    const streamed: MarketStreamEvent[] = [];
    const subscription = subscribeMarketStream({
      baseUrl: stack.marketDataUrl,
      apiKey: STACK_API_KEY,
      channels: ['trades', 'index'],
      onEvent: (e) => streamed.push(e),
    });
    while (!streamed.some((e) => e.type === 'hello')) await new Promise((r) => setTimeout(r, 50));

    const run = await runBot('--rpc', stack.anvil.url, '--liquidate');
    const liquidated = run.confirmations.filter((c) => c.verdict === 'liquidated');
    // Each liquidation moves the pool and the fee fund, so a candidate confirmed a moment ago may
    // no longer be liquidatable by its turn: what is sent is what the chain accepts then.
    expect(liquidated.length).toBeGreaterThan(0);
    expect(liquidated.every((c) => confirmed.some((d) => d.id === c.id))).toBe(true);
    for (const c of run.confirmations.filter((x) => confirmed.some((d) => d.id === x.id) && x.verdict !== 'liquidated')) {
      expect(c).toMatchObject({ verdict: 'not_liquidatable', confirmed_on_chain: true, tx_hash: null });
    }
    for (const c of liquidated) expect((await stack.provider.getTransactionReceipt(c.tx_hash!))?.status).toBe(1);

    await stack.indexed();
    for (const c of liquidated) {
      const [position] = await stack.query(`SELECT is_closed, was_liquidated FROM positions WHERE perp_address = $1 AND id = $2`, [c.perp_address, c.id]);
      expect(position).toEqual({ is_closed: true, was_liquidated: true });
      const [trade] = await stack.query<{ was_liquidated: boolean; liq_fee: string }>(
        `SELECT was_liquidated, liq_fee FROM trades WHERE perp_address = $1 AND pos_id = $2`,
        [c.perp_address, c.id],
      );
      expect(trade.was_liquidated).toBe(true);
      expect(BigInt(trade.liq_fee)).toBeGreaterThan(0n);
    }
    for (const c of liquidated) {
      const deadline = Date.now() + 10_000;
      const matches = (e: MarketStreamEvent) => e.type === 'trades' && e.data.perp_address === c.perp_address && e.data.pos_id === c.id;
      while (!streamed.some(matches) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
      expect(streamed.find(matches)).toMatchObject({ type: 'trades', id: expect.stringMatching(/^\d+$/), data: { was_liquidated: true } });
    }
    const head = await stack.provider.getBlockNumber();
    const headAt = Date.now() + 10_000;
    while (!streamed.some((e) => e.type === 'index' && e.data.block_number === head) && Date.now() < headAt) await new Promise((r) => setTimeout(r, 50));
    expect(streamed.filter((e) => e.type === 'index').map((e) => (e.type === 'index' ? e.data.block_number : 0))).toContain(head);
    subscription.close();
    await subscription.done;
    // Nothing left for the chain to liquidate.
    const after = await runBot('--rpc', stack.anvil.url);
    expect(after.confirmations.filter((c) => c.verdict === 'liquidatable')).toEqual([]);
  });
});
