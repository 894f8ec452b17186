import { Client } from 'pg';
import { insertMaker, insertMarket, insertSettlement, insertSnapshot, insertTaker, insertTick } from './position-fixtures';

const Q96 = 2n ** 96n;
const USD = 1_000_000n; // atoms per unit (USDC and perps both have 6 decimals)

export const MARKET_A = `0x${'a'.repeat(40)}`;
export const MARKET_B = `0x${'b'.repeat(40)}`;
export const MARKET_C = `0x${'c'.repeat(40)}`;
export const HOLDER_1 = `0x${'d1'.repeat(20)}`;
export const HOLDER_2 = `0x${'e2'.repeat(20)}`;

/**
 * Three markets and eleven positions whose figures are worked out by hand in
 * positions.e2e.spec.ts and liquidatable.e2e.spec.ts.
 *
 * A: pool price 4 (sqrt 2 * 2^96), index 4 and both EMAs 4, touched at the mark snapshot, so the
 *    contract's mark is fairPrice = avg(4, 4 + 4 - 4) = 4 exactly; cumulative funding 0.125 USD per
 *    perp (2^96 / 8), long util earnings 1 USD per perp of capacity (2^96), fee growth 2^115 (Q128);
 *    liquidation fee 1 %, taker ratio 0.05; mark snapshot 10 s old (fresh).
 * B: pool price 1, index and EMA(index) 3, EMA(pool) 3: mark avg(1, 3 + 3 - 3) = 2, while its
 *    market.mark_price (the EMA) is 3; no funding, liquidation fee 0.5 %; mark snapshot 1 h old (stale).
 * C: no mark and no snapshot yet (ratios cannot be computed).
 */
export async function loadHandFixtures(client: Client, nowSeconds: number): Promise<{ asOfA: number; asOfB: number }> {
  const asOfA = nowSeconds - 10;
  const asOfB = nowSeconds - 3600;
  await insertMarket(client, {
    perp_address: MARKET_A,
    ema_amm_price_x96: 4n * Q96,
    ema_index_price_x96: 4n * Q96,
    index_price_x96: 4n * Q96,
    rates_last_touch: asOfA,
    cumulative_funding_x96: Q96 / 8n,
    long_util_earnings_x96: Q96,
    fee_growth_global1_x128: 2n ** 115n,
    sqrt_price_x96: 2n * Q96,
    tick: 13863,
    liquidation_fee: 10_000,
  });
  await insertMarket(client, {
    perp_address: MARKET_B,
    ema_amm_price_x96: 3n * Q96,
    ema_index_price_x96: 3n * Q96,
    index_price_x96: 3n * Q96,
    rates_last_touch: asOfB,
    sqrt_price_x96: Q96,
    liquidation_fee: 5_000,
  });
  await insertMarket(client, { perp_address: MARKET_C });
  await insertSnapshot(client, MARKET_A, asOfA - 60, 2n * Q96);
  await insertSnapshot(client, MARKET_A, asOfA, 2n * Q96);
  await insertSnapshot(client, MARKET_B, asOfB, Q96);

  const fundedSince = Q96 / 8n; // entry = A's cumulative: no funding owed
  // 1: long 100 @ 3.80 with margin 10, funding owed since 0 (the hand-worked taker).
  await insertTaker(client, {
    id: 1,
    perp_address: MARKET_A,
    holder: HOLDER_1,
    margin: 10n * USD,
    perp_delta: 100n * USD,
    usd_delta: -380n * USD,
    avg_entry_amm_price_x96: 4n * Q96,
  });
  // Its opening's settlement row: open, so its realized_pnl and net_funding are null all the same.
  await insertSettlement(client, { perp_address: MARKET_A, pos_id: 1, at: 1_700_000_001, opened: true, realized_pnl: 0n, funding: 0n });
  // 2, 3, 4: long 100 @ 4, no funding; ratio = margin / 400 just inside, just outside and exactly at 0.05 * 1.1 = 0.055.
  await insertTaker(client, {
    id: 2,
    perp_address: MARKET_A,
    holder: HOLDER_1,
    margin: 21_960_000n,
    perp_delta: 100n * USD,
    usd_delta: -400n * USD,
    entry_cumulative_funding_x96: fundedSince,
  });
  await insertTaker(client, {
    id: 3,
    perp_address: MARKET_A,
    holder: HOLDER_2,
    margin: 22_040_000n,
    perp_delta: 100n * USD,
    usd_delta: -400n * USD,
    entry_cumulative_funding_x96: fundedSince,
  });
  await insertTaker(client, {
    id: 4,
    perp_address: MARKET_A,
    holder: HOLDER_2,
    margin: 22n * USD,
    perp_delta: 100n * USD,
    usd_delta: -400n * USD,
    entry_cumulative_funding_x96: fundedSince,
  });
  // 5: short 50 @ 4.20 with margin 0.5.
  await insertTaker(client, {
    id: 5,
    perp_address: MARKET_A,
    holder: HOLDER_1,
    margin: 500_000n,
    perp_delta: -50n * USD,
    usd_delta: 210n * USD,
    entry_cumulative_funding_x96: fundedSince,
  });
  // 6: a liquidated short, closed.
  await insertTaker(client, {
    id: 6,
    perp_address: MARKET_A,
    holder: HOLDER_2,
    margin: 3n * USD,
    perp_delta: -20n * USD,
    usd_delta: 85n * USD,
    closed: { at: 1_700_100_000, liquidated: true },
  });
  // Its touches: the opening (nothing realized), a margin adjust that paid 1.25 USD of funding, and
  // the liquidation that bought the 20 perps back for 90.5 USD (85 - 90.5 = -5.5 realized) and
  // received 0.5 USD of funding: realized_pnl -5.5, net_funding -(1.25 - 0.5) = -0.75.
  await insertSettlement(client, { perp_address: MARKET_A, pos_id: 6, at: 1_700_000_006, opened: true, realized_pnl: 0n, funding: 0n });
  await insertSettlement(client, { perp_address: MARKET_A, pos_id: 6, at: 1_700_050_000, opened: false, realized_pnl: 0n, funding: 1_250_000n });
  await insertSettlement(client, { perp_address: MARKET_A, pos_id: 6, at: 1_700_100_000, opened: false, realized_pnl: -5_500_000n, funding: -500_000n });
  // 7: a maker whose liquidity holds 204.7692 perps + 845.214209 USD at pool sqrt 2 * 2^96 (ticks 13000..14700,
  // L = 1e10: getAmountsForLiquidity); deltas chosen so that its net inventory is -30 perps and +100 USD.
  // Its funding checkpoints equal the band's funding now (no funding leg), 1 perp of long capacity
  // (1 USD of util earnings), and its ticks' fee growth outside 0 (LP fees floor(1e10 * 2^115 / 2^128)).
  await insertTick(client, MARKET_A, 13000);
  await insertTick(client, MARKET_A, 14700);
  await insertMaker(client, {
    id: 7,
    perp_address: MARKET_A,
    holder: HOLDER_1,
    margin: 130n * USD,
    perp_delta: -204_769_200n - 30n * USD,
    usd_delta: -845_214_209n + 100n * USD,
    tick_lower: 13000,
    tick_upper: 14700,
    liquidity: 10n ** 10n,
    chain: { entry_cumulative_funding_x96: Q96 / 8n, entry_funding_within_x96: Q96 / 8n, capacity_long: USD },
  });
  // 8: long 10 @ 2.10 with margin 2 on B (stale mark).
  await insertTaker(client, { id: 8, perp_address: MARKET_B, holder: HOLDER_2, margin: 2n * USD, perp_delta: 10n * USD, usd_delta: -21n * USD });
  // 9: long 10 @ 1 on C (no mark).
  await insertTaker(client, { id: 9, perp_address: MARKET_C, holder: HOLDER_1, margin: 5n * USD, perp_delta: 10n * USD, usd_delta: -10n * USD });
  // 10: a zero-size taker on A (no exposure: no ratio, no key).
  await insertTaker(client, {
    id: 10,
    perp_address: MARKET_A,
    holder: HOLDER_2,
    margin: 5n * USD,
    perp_delta: 0n,
    usd_delta: 0n,
    entry_cumulative_funding_x96: fundedSince,
  });
  // 11: a closed maker on B.
  await insertMaker(client, {
    id: 11,
    perp_address: MARKET_B,
    holder: HOLDER_1,
    margin: 50n * USD,
    perp_delta: -USD,
    usd_delta: -USD,
    tick_lower: -600,
    tick_upper: 600,
    liquidity: USD,
    closed: { at: 1_700_200_000 },
  });
  // Its opening and close (maker legs: no realized PnL), the close paying 0.3 USD of funding.
  await insertSettlement(client, { perp_address: MARKET_B, pos_id: 11, at: 1_700_000_011, opened: true, realized_pnl: null, funding: 0n });
  await insertSettlement(client, { perp_address: MARKET_B, pos_id: 11, at: 1_700_200_000, opened: false, realized_pnl: null, funding: 300_000n });
  return { asOfA, asOfB };
}
