import { decodePositionChainRow, liquidationKeyX96, liquidationMarkX96 } from '@perp/index-db';
import { Client } from 'pg';
import { CandidateRefresher, Query, RefreshResult } from './candidate-refresh';
import { loadHandFixtures, MARKET_A, MARKET_B, MARKET_C } from './test/hand-fixtures';
import { insertSnapshot } from './test/position-fixtures';
import { PositionsTestEnv } from './test/positions-test-env';

const BUFFER_E6 = 100_000;
const Q96 = 2n ** 96n;

/**
 * The incremental refresh (candidate-refresh.ts) on the hand fixtures: after each kind of write,
 * only the markets written are re-evaluated, and the candidates kept equal those of a full
 * evaluation from scratch (a new refresher) on the same rows, fields and both orders.
 */
describe('incremental candidate refresh', () => {
  let env: PositionsTestEnv;
  let client: Client;
  let query: Query;
  const refresher = new CandidateRefresher(BUFFER_E6);
  /** The last book the incremental refresher published. */
  let served: RefreshResult['book'];

  const fromScratch = async () => (await new CandidateRefresher(BUFFER_E6).refresh(query)).book;
  /** Refreshes, checks the markets re-evaluated and that what is served equals a full evaluation. */
  const refreshMoving = async (expected: string[]) => {
    const result = await refresher.refresh(query);
    expect(result.stats.moved).toBe(expected.length);
    if (result.book) served = result.book;
    const full = await fromScratch();
    expect(served?.candidates).toEqual(full?.candidates);
    expect(served?.orders).toEqual(full?.orders);
    return result;
  };

  beforeAll(async () => {
    env = await PositionsTestEnv.start();
    await env.withIndex((c) => loadHandFixtures(c, Math.floor(Date.now() / 1000)));
    client = new Client({ connectionString: env.indexUrl });
    await client.connect();
    query = async (sql, params) => (await client.query(sql, params)).rows;
  }, 60_000);

  afterAll(async () => {
    await client?.end();
    await env?.stop();
  });

  it('evaluates every market first, then nothing while nothing moves', async () => {
    const first = await refreshMoving([MARKET_A, MARKET_B, MARKET_C]);
    expect(first.book?.version).toBe(1);
    expect(first.stats.makers).toBeGreaterThan(0);
    const second = await refreshMoving([]);
    expect(second.book).toBeUndefined();
    expect(second.stats.takers + second.stats.makers).toBe(0);
  });

  it('re-evaluates a market whose positions were written: a margin call of a taker out of the buffer', async () => {
    // Position 3 (A) sits just outside the buffer (0.055099); less margin makes it a candidate. Its keys move with it, as a writer stores them.
    const row = (await client.query(`SELECT * FROM positions WHERE perp_address = $1 AND id = 3`, [MARKET_A])).rows[0];
    const chain = { ...decodePositionChainRow(row), margin: BigInt(row.margin) - 1_000_000n };
    await client.query(`UPDATE positions SET margin = $2, liq_mark_x96 = $3, liq_key_x96 = $4 WHERE perp_address = $1 AND id = 3`, [
      MARKET_A,
      chain.margin.toString(),
      liquidationMarkX96(chain, chain.liqMarginRatioE6)?.toString(),
      liquidationKeyX96(chain, chain.liqMarginRatioE6)?.toString(),
    ]);
    const result = await refreshMoving([MARKET_A]);
    expect(result.book?.candidates.some((c) => c.perp_address === MARKET_A && c.id === 3)).toBe(true);
  });

  it('re-evaluates a market with a new mark snapshot, and only it', async () => {
    const latest = await client.query(`SELECT floor(extract(epoch FROM max("timestamp")))::int AS t FROM snapshots WHERE perp_address = $1`, [MARKET_B]);
    await insertSnapshot(client, MARKET_B, Number(latest.rows[0].t) + 60, Q96);
    const result = await refreshMoving([MARKET_B]);
    expect(result.book?.candidates.filter((c) => c.perp_address === MARKET_B).every((c) => c.as_of === Number(latest.rows[0].t) + 60)).toBe(true);
  });

  it("re-evaluates a market whose row moved (cumulatives, the mark's inputs)", async () => {
    await client.query(`UPDATE markets SET cumulative_funding_x96 = cumulative_funding_x96 + $2 WHERE perp_address = $1`, [MARKET_A, (Q96 / 100n).toString()]);
    await refreshMoving([MARKET_A]);
  });

  it("re-evaluates a market whose maker band's ticks moved", async () => {
    await client.query(`UPDATE ticks SET fee_growth_outside1_x128 = fee_growth_outside1_x128 + 1 WHERE perp_address = $1`, [MARKET_A]);
    await refreshMoving([MARKET_A]);
  });

  it('drops a closed position, and a market that is gone', async () => {
    await client.query(
      `UPDATE positions SET is_closed = true, close_timestamp = open_timestamp + 1, was_liquidated = false WHERE perp_address = $1 AND id = 1`,
      [MARKET_A],
    );
    const result = await refreshMoving([MARKET_A]);
    expect(result.book?.candidates.some((c) => c.perp_address === MARKET_A && c.id === 1)).toBe(false);
    await client.query(`DELETE FROM positions WHERE perp_address = $1`, [MARKET_C]);
    await client.query(`DELETE FROM markets WHERE perp_address = $1`, [MARKET_C]);
    const gone = await refreshMoving([]);
    expect(gone.book?.candidates.some((c) => c.perp_address === MARKET_C)).toBe(false);
  });
});
