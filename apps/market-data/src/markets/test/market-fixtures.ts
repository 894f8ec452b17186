import { Client } from 'pg';

/**
 * Hand-made index/source rows, inserted with plain SQL so that every expected value in
 * the tests is worked out by hand from these numbers.
 */
export const Q96 = 2n ** 96n;

/** A lowercase address ending in the given hex digits. */
export const address = (suffix: string): string => `0x${suffix.padStart(40, '0')}`;

type Value = string | number | bigint | boolean | Date | null;

async function insert(db: Client, table: string, row: Record<string, Value>): Promise<void> {
  const columns = Object.keys(row);
  const values = columns.map((column) => {
    const value = row[column];
    return typeof value === 'bigint' ? value.toString() : value;
  });
  await db.query(`INSERT INTO ${table} (${columns.map((c) => `"${c}"`).join(', ')}) VALUES (${columns.map((_, i) => `$${i + 1}`).join(', ')})`, values);
}

export type MarketFixture = { perp_address: string } & Record<string, Value>;

/** A market with neutral defaults (every NOT NULL column set); override what a test is about. */
export async function insertMarket(db: Client, market: MarketFixture): Promise<void> {
  await insert(db, 'markets', {
    beacon_address: address('beac0'),
    owner: address('0e'),
    name: 'Market',
    symbol: 'MKT',
    token_uri: 'ipfs://market',
    pool_id: `0x${'ab'.repeat(32)}`,
    pricing_module: address('1001'),
    funding_module: address('1002'),
    fees_module: address('1003'),
    margin_ratios_module: address('1004'),
    price_impact_module: address('1005'),
    ema_window: 3600,
    protocol_fee: 0,
    tick_spacing: 30,
    min_tick: -1000,
    max_tick: 1000,
    taker_liq_margin_ratio: 50_000,
    taker_backstop_margin_ratio: 25_000,
    maker_liq_margin_ratio: 50_000,
    maker_backstop_margin_ratio: 25_000,
    creator_fee: 0,
    insurance_fee: 0,
    lp_fee: 0,
    liquidation_fee: 10_000,
    sqrt_price_x96: Q96,
    tick: 0,
    liquidity: 0n,
    ema_amm_price_x96: null,
    ema_index_price_x96: null,
    funding_per_day: null,
    cumulative_funding_x96: 0n,
    open_interest_long: 0n,
    open_interest_short: 0n,
    capacity_long: 0n,
    capacity_short: 0n,
    insurance: 0n,
    bad_debt: 0n,
    total_margin: 0n,
    created_at: null,
    last_touched_at: null,
    ...market,
  });
}

/** Returns the snapshot's id (bigserial: ids follow insertion order). */
export async function insertSnapshot(
  db: Client,
  snapshot: { perp_address: string; timestamp: Date | string; amm_price_x96: bigint; index_price_x96?: bigint | null },
): Promise<number> {
  const { rows } = await db.query('INSERT INTO snapshots (perp_address, "timestamp", amm_price_x96, index_price_x96) VALUES ($1, $2, $3, $4) RETURNING id', [
    snapshot.perp_address,
    snapshot.timestamp,
    snapshot.amm_price_x96.toString(),
    snapshot.index_price_x96?.toString() ?? null,
  ]);
  return Number(rows[0].id);
}

/** A closed taker position (trades reference one); `overrides` sets e.g. its holder or side. */
export async function insertClosedTaker(db: Client, id: number, perpAddress: string, overrides: Record<string, Value> = {}): Promise<void> {
  await insert(db, 'positions', {
    id,
    perp_address: perpAddress,
    holder: address('f00d'),
    is_maker: false,
    is_long: true,
    is_closed: true,
    open_timestamp: 1_000,
    close_timestamp: 2_000,
    was_liquidated: false,
    margin: 0n,
    perp_delta: 0n,
    usd_delta: 0n,
    liq_margin_ratio: 50_000,
    backstop_margin_ratio: 25_000,
    entry_cumulative_funding_x96: 0n,
    ...overrides,
  });
}

export async function insertTrade(
  db: Client,
  trade: {
    perp_address: string;
    timestamp: Date | string;
    pos_id: number;
    was_liquidated: boolean;
    perp_delta: bigint;
    usd_delta: bigint;
    mark_price_x96?: bigint | null;
    funding?: bigint | null;
    util_fees?: bigint | null;
    liq_fee?: bigint | null;
  },
): Promise<number> {
  const { rows } = await db.query(
    `INSERT INTO trades (perp_address, "timestamp", pos_id, was_liquidated, perp_delta, usd_delta, mark_price_x96, funding, util_fees, liq_fee)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10) RETURNING id`,
    [
      trade.perp_address,
      trade.timestamp,
      trade.pos_id,
      trade.was_liquidated,
      trade.perp_delta.toString(),
      trade.usd_delta.toString(),
      trade.mark_price_x96?.toString() ?? null,
      trade.funding?.toString() ?? null,
      trade.util_fees?.toString() ?? null,
      trade.liq_fee?.toString() ?? null,
    ],
  );
  return Number(rows[0].id);
}

export async function insertMeasurement(
  db: Client,
  point: { perp_address: string; ts: Date | string; raw_value: number; index_x96: bigint | null; origin: 'backfill' | 'mirror' | 'folded' | 'chain' },
): Promise<void> {
  await insert(db, 'measurements', { ...point, index_x96: point.index_x96 });
}

export async function insertBoundary(db: Client, perpAddress: string, boundaryTs: Date | string): Promise<void> {
  await insert(db, 'market_boundaries', { perp_address: perpAddress, boundary_ts: boundaryTs });
}
