import { liquidationKeyX96, liquidationMarkX96 } from '@perp/index-db';
import { Client } from 'pg';

type Value = string | number | bigint | boolean | null;

const ZERO_ADDRESS = (digit: string): string => `0x${digit.repeat(40)}`;

/** A markets row with every required column; override what a test is about. */
export async function insertMarket(client: Client, row: { perp_address: string } & Record<string, Value>): Promise<void> {
  const full: Record<string, Value> = {
    beacon_address: ZERO_ADDRESS('1'),
    owner: ZERO_ADDRESS('2'),
    name: 'Test market',
    symbol: 'TEST',
    token_uri: 'ipfs://test',
    pool_id: `0x${'0'.repeat(64)}`,
    pricing_module: ZERO_ADDRESS('3'),
    funding_module: ZERO_ADDRESS('4'),
    fees_module: ZERO_ADDRESS('5'),
    margin_ratios_module: ZERO_ADDRESS('6'),
    price_impact_module: ZERO_ADDRESS('7'),
    ema_window: 3600,
    protocol_fee: 1000,
    tick_spacing: 30,
    min_tick: -887220,
    max_tick: 887220,
    taker_liq_margin_ratio: 50_000,
    taker_backstop_margin_ratio: 20_000,
    maker_liq_margin_ratio: 900_000,
    maker_backstop_margin_ratio: 800_000,
    creator_fee: 1000,
    insurance_fee: 500,
    lp_fee: 2000,
    liquidation_fee: 10_000,
    sqrt_price_x96: 2n ** 96n,
    tick: 0,
    liquidity: 0,
    ema_amm_price_x96: null,
    ema_index_price_x96: null,
    funding_per_day: null,
    cumulative_funding_x96: 0,
    index_price_x96: null,
    rates_last_touch: null,
    funding_div_sqrt_p_x96: 0,
    long_util_payments_x96: 0,
    short_util_payments_x96: 0,
    long_util_earnings_x96: 0,
    short_util_earnings_x96: 0,
    long_util_fee_per_day: 0,
    short_util_fee_per_day: 0,
    fee_growth_global1_x128: 0,
    open_interest_long: 0,
    open_interest_short: 0,
    capacity_long: 0,
    capacity_short: 0,
    insurance: 0,
    bad_debt: 0,
    total_margin: 0,
    created_at: 1_700_000_000,
    last_touched_at: 1_700_000_000,
    ...row,
  };
  await insert(client, 'markets', full);
}

export interface TakerFixture {
  id: number;
  perp_address: string;
  holder: string;
  margin: bigint;
  perp_delta: bigint;
  usd_delta: bigint;
  entry_cumulative_funding_x96?: bigint;
  entry_long_util_payments_x96?: bigint;
  entry_short_util_payments_x96?: bigint;
  /** Set for a closed position. */
  closed?: { at: number; liquidated: boolean };
  open_timestamp?: number;
  avg_entry_amm_price_x96?: bigint | null;
  liq_margin_ratio?: number;
}

/** A taker row as the indexer writes it: liq_mark_x96 / liq_key_x96 from index-db's own functions, none once closed. */
export async function insertTaker(client: Client, t: TakerFixture): Promise<void> {
  const ratio = t.liq_margin_ratio ?? 50_000;
  const entry = t.entry_cumulative_funding_x96 ?? 0n;
  const longUtil = t.entry_long_util_payments_x96 ?? 0n;
  const shortUtil = t.entry_short_util_payments_x96 ?? 0n;
  const isLong = t.perp_delta >= 0n;
  const book = { margin: t.margin, perpDelta: t.perp_delta, usdDelta: t.usd_delta };
  const mark = t.closed ? null : liquidationMarkX96(book, ratio);
  const key = t.closed
    ? null
    : liquidationKeyX96({ ...book, entryCumulativeFundingX96: entry, entryLongUtilPaymentsX96: longUtil, entryShortUtilPaymentsX96: shortUtil }, ratio);
  await insert(client, 'positions', {
    id: t.id,
    perp_address: t.perp_address,
    holder: t.holder,
    is_maker: false,
    is_long: isLong,
    is_closed: t.closed !== undefined,
    open_timestamp: t.open_timestamp ?? 1_700_000_000 + t.id,
    close_timestamp: t.closed?.at ?? null,
    was_liquidated: t.closed?.liquidated ?? null,
    margin: t.margin,
    perp_delta: t.perp_delta,
    usd_delta: t.usd_delta,
    avg_entry_amm_price_x96: t.avg_entry_amm_price_x96 ?? null,
    liq_margin_ratio: ratio,
    backstop_margin_ratio: 20_000,
    tick_lower: null,
    tick_upper: null,
    liquidity: null,
    entry_cumulative_funding_x96: entry,
    liq_mark_x96: mark,
    liq_key_x96: key,
    ...ZERO_MAKER_COLUMNS,
    entry_long_util_payments_x96: longUtil,
    entry_short_util_payments_x96: shortUtil,
  });
}

export interface MakerFixture {
  id: number;
  perp_address: string;
  holder: string;
  margin: bigint;
  perp_delta: bigint;
  usd_delta: bigint;
  tick_lower: number;
  tick_upper: number;
  liquidity: bigint;
  closed?: { at: number };
  /** The contract checkpoints (positions' maker columns), 0 unless given. */
  chain?: Partial<Record<keyof typeof ZERO_MAKER_COLUMNS | 'entry_cumulative_funding_x96', bigint>>;
  /** The stored maker ratio, scaled by 1e6: 900000 unless given. */
  liq_margin_ratio?: number;
}

/** The contract-checkpoint columns of a positions row, all 0 (a taker's maker columns, a maker's taker ones). */
const ZERO_MAKER_COLUMNS = {
  entry_long_util_payments_x96: 0n,
  entry_short_util_payments_x96: 0n,
  entry_long_util_earnings_x96: 0n,
  entry_short_util_earnings_x96: 0n,
  capacity_long: 0n,
  capacity_short: 0n,
  entry_funding_below_x96: 0n,
  entry_funding_within_x96: 0n,
  entry_funding_div_sqrt_within_x96: 0n,
  fee_growth_inside1_last_x128: 0n,
};

export async function insertMaker(client: Client, m: MakerFixture): Promise<void> {
  await insert(client, 'positions', {
    id: m.id,
    perp_address: m.perp_address,
    holder: m.holder,
    is_maker: true,
    is_long: null,
    is_closed: m.closed !== undefined,
    open_timestamp: 1_700_000_000 + m.id,
    close_timestamp: m.closed?.at ?? null,
    was_liquidated: m.closed ? false : null,
    margin: m.margin,
    perp_delta: m.perp_delta,
    usd_delta: m.usd_delta,
    avg_entry_amm_price_x96: null,
    liq_margin_ratio: m.liq_margin_ratio ?? 900_000,
    backstop_margin_ratio: Math.min(800_000, m.liq_margin_ratio ?? 900_000),
    tick_lower: m.tick_lower,
    tick_upper: m.tick_upper,
    liquidity: m.liquidity,
    entry_cumulative_funding_x96: 0n,
    liq_mark_x96: null,
    liq_key_x96: null,
    ...ZERO_MAKER_COLUMNS,
    ...m.chain,
  });
}

/** A ticks row (a band's tick): opposite-side funding checkpoints and fee growth outside, 0 unless given. */
export async function insertTick(
  client: Client,
  perpAddress: string,
  tick: number,
  values: Partial<Record<'cuml_funding_opp_x96' | 'cuml_funding_div_sqrt_p_opp_x96' | 'fee_growth_outside1_x128', bigint>> = {},
): Promise<void> {
  await insert(client, 'ticks', {
    perp_address: perpAddress,
    tick,
    cuml_funding_opp_x96: 0n,
    cuml_funding_div_sqrt_p_opp_x96: 0n,
    fee_growth_outside1_x128: 0n,
    ...values,
  });
}

export async function insertSnapshot(client: Client, perpAddress: string, unixSeconds: number, ammPriceX96: bigint): Promise<void> {
  await client.query(`INSERT INTO snapshots (perp_address, "timestamp", amm_price_x96) VALUES ($1, to_timestamp($2), $3)`, [
    perpAddress,
    unixSeconds,
    ammPriceX96.toString(),
  ]);
}

/** A position_settlements row as the indexer writes one per touch: realized_pnl null for a maker leg; funding paid > 0. */
export async function insertSettlement(
  client: Client,
  s: { perp_address: string; pos_id: number; at: number; opened: boolean; realized_pnl: bigint | null; funding: bigint },
): Promise<void> {
  await client.query(
    `INSERT INTO position_settlements (perp_address, pos_id, "timestamp", opened, realized_pnl, funding) VALUES ($1, $2, to_timestamp($3), $4, $5, $6)`,
    [s.perp_address, s.pos_id, s.at, s.opened, s.realized_pnl?.toString() ?? null, s.funding.toString()],
  );
}

async function insert(client: Client, table: string, row: Record<string, Value>): Promise<void> {
  const columns = Object.keys(row);
  await client.query(
    `INSERT INTO ${table} (${columns.map((c) => `"${c}"`).join(', ')}) VALUES (${columns.map((_, i) => `$${i + 1}`).join(', ')})`,
    Object.values(row).map((v) => (typeof v === 'bigint' ? v.toString() : v)),
  );
}
