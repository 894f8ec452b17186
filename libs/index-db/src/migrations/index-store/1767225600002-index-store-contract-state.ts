import { MigrationInterface, QueryRunner } from 'typeorm';

/** A new on-chain integer column and its comment; NOT NULL ones default to 0 (the state before any accrual or checkpoint). */
interface NewColumn {
  name: string;
  nullable?: boolean;
  comment: string;
}

export const MARKET_CONTRACT_COLUMNS: NewColumn[] = [
  { name: 'index_price_x96', nullable: true, comment: 'beacon index() at the last indexed event, plain X96; null before the first update' },
  { name: 'funding_div_sqrt_p_x96', comment: 'cumulatives().fundingDivSqrtPX96, signed X96, as of rates_last_touch' },
  { name: 'long_util_payments_x96', comment: 'cumulatives().longUtilPaymentsX96: USDC atoms per long perp atom, X96, as of rates_last_touch' },
  { name: 'short_util_payments_x96', comment: 'cumulatives().shortUtilPaymentsX96: USDC atoms per short perp atom, X96, as of rates_last_touch' },
  { name: 'long_util_earnings_x96', comment: 'cumulatives().longUtilEarningsX96: USDC atoms per perp atom of long capacity, X96, as of rates_last_touch' },
  { name: 'short_util_earnings_x96', comment: 'cumulatives().shortUtilEarningsX96: USDC atoms per perp atom of short capacity, X96, as of rates_last_touch' },
  { name: 'long_util_fee_per_day', comment: 'rates().longUtilFeePerDay, 1e18-scaled' },
  { name: 'short_util_fee_per_day', comment: 'rates().shortUtilFeePerDay, 1e18-scaled' },
  { name: 'fee_growth_global1_x128', comment: 'PoolManager feeGrowthGlobal1X128 of the pool (USDC), Q128, wrapping' },
];

export const POSITION_CONTRACT_COLUMNS: NewColumn[] = [
  { name: 'entry_long_util_payments_x96', comment: 'takers: takerDetails.lastLongUtilPaymentsX96; 0 for makers' },
  { name: 'entry_short_util_payments_x96', comment: 'takers: takerDetails.lastShortUtilPaymentsX96; 0 for makers' },
  { name: 'entry_long_util_earnings_x96', comment: 'makers: makerDetails.lastLongUtilEarningsX96; 0 for takers' },
  { name: 'entry_short_util_earnings_x96', comment: 'makers: makerDetails.lastShortUtilEarningsX96; 0 for takers' },
  { name: 'capacity_long', comment: 'makers: makerDetails.capacity.long, perp atoms; 0 for takers' },
  { name: 'capacity_short', comment: 'makers: makerDetails.capacity.short, perp atoms; 0 for takers' },
  { name: 'entry_funding_below_x96', comment: 'makers: makerDetails.lastCumlFunding.belowX96; 0 for takers' },
  { name: 'entry_funding_within_x96', comment: 'makers: makerDetails.lastCumlFunding.withinX96; 0 for takers' },
  { name: 'entry_funding_div_sqrt_within_x96', comment: 'makers: makerDetails.lastCumlFunding.divSqrtPriceWithinX96; 0 for takers' },
  { name: 'fee_growth_inside1_last_x128', comment: 'makers: the PoolManager position feeGrowthInside1LastX128, Q128; 0 for takers' },
];

const quote = (text: string): string => `'${text.replace(/'/g, "''")}'`;

/**
 * What the contract-exact figures need (libs/x96-math README, "What the index store must hold"):
 * the market cumulatives of funding and utilization with the touch they are current as of and
 * the index now (the fair-price mark advances the EMAs from that touch), each position's entry
 * checkpoints, and the maker bands' tick state (`ticks`). liq_key_x96 changes meaning (util and a
 * rounding slack included, see liquidation-mark.ts): existing open takers' keys are rewritten here
 * (their util checkpoints start at 0), later writes compute it with liquidationKeyX96.
 */
export class IndexStoreContractState1767225600002 implements MigrationInterface {
  name = 'IndexStoreContractState1767225600002';

  async up(queryRunner: QueryRunner): Promise<void> {
    await addColumns(queryRunner, 'markets', MARKET_CONTRACT_COLUMNS);
    await queryRunner.query(`ALTER TABLE "markets" ADD "rates_last_touch" bigint`);
    await queryRunner.query(
      `COMMENT ON COLUMN "markets"."rates_last_touch" IS ${quote('rates().lastTouch (unix seconds): the time the cumulatives and the EMAs are current as of')}`,
    );
    await addColumns(queryRunner, 'positions', POSITION_CONTRACT_COLUMNS);
    await queryRunner.query(`COMMENT ON COLUMN "positions"."liq_key_x96" IS ${quote(LIQ_KEY_COMMENT)}`);
    // Existing open takers get the new key (their util checkpoints start at 0): liquidationKeyX96 in SQL.
    await queryRunner.query(REWRITE_KEYS_SQL);
    await queryRunner.query(`
      CREATE TABLE "ticks" (
        "perp_address" character varying(42) NOT NULL,
        "tick" integer NOT NULL,
        "cuml_funding_opp_x96" numeric(78,0) NOT NULL,
        "cuml_funding_div_sqrt_p_opp_x96" numeric(78,0) NOT NULL,
        "fee_growth_outside1_x128" numeric(78,0) NOT NULL,
        CONSTRAINT "ticks_pkey" PRIMARY KEY ("perp_address", "tick"),
        CONSTRAINT "ticks_perp_address_fkey" FOREIGN KEY ("perp_address") REFERENCES "markets"("perp_address") ON DELETE NO ACTION ON UPDATE NO ACTION
      )`);
    for (const [column, text] of Object.entries(TICK_COMMENTS)) {
      await queryRunner.query(`COMMENT ON COLUMN "ticks"."${column}" IS ${quote(text)}`);
    }
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "ticks"`);
    await queryRunner.query(`COMMENT ON COLUMN "positions"."liq_key_x96" IS ${quote(PREVIOUS_LIQ_KEY_COMMENT)}`);
    for (const column of POSITION_CONTRACT_COLUMNS) await queryRunner.query(`ALTER TABLE "positions" DROP COLUMN "${column.name}"`);
    await queryRunner.query(`ALTER TABLE "markets" DROP COLUMN "rates_last_touch"`);
    for (const column of MARKET_CONTRACT_COLUMNS) await queryRunner.query(`ALTER TABLE "markets" DROP COLUMN "${column.name}"`);
  }
}

const Q96 = '79228162514264337593543950336';
/** floor(a / b) for b > 0 on numerics: div truncates toward zero, so a negative a with a remainder steps down one. */
const floorDiv = (a: string, b: string): string => `(div(${a}, ${b}) - CASE WHEN (${a}) < 0 AND mod(${a}, ${b}) <> 0 THEN 1 ELSE 0 END)`;
const REWRITE_KEYS_SQL =
  `UPDATE "positions" SET "liq_key_x96" = CASE WHEN "is_long" THEN ` +
  `${floorDiv(`-("margin" - 4 + "usd_delta") * 1000000 * ${Q96}`, `"perp_delta" * (1000000 - "liq_margin_ratio")`)}` +
  ` - ${floorDiv(`"entry_cumulative_funding_x96" * 1000000`, `(1000000 - "liq_margin_ratio")`)} ELSE ` +
  `${floorDiv(`("margin" - 4 + "usd_delta") * 1000000 * ${Q96}`, `-"perp_delta" * (1000000 + "liq_margin_ratio")`)}` +
  ` - ${floorDiv(`"entry_cumulative_funding_x96" * 1000000`, `(1000000 + "liq_margin_ratio")`)} END` +
  ` WHERE NOT "is_closed" AND NOT "is_maker" AND "liq_key_x96" IS NOT NULL AND "perp_delta" <> 0 AND ("perp_delta" < 0 OR "liq_margin_ratio" < 1000000)`;

export const LIQ_KEY_COMMENT =
  'candidate key (liquidation-mark.ts): floor(closed-form liquidation mark with margin - 4 atoms) - (entry funding + entry long util) / (1 - r) for a long, - (entry funding - entry short util) / (1 + r) for a short';
const PREVIOUS_LIQ_KEY_COMMENT =
  'liq_mark_x96 - entry_cumulative_funding_x96 / (1 -+ r), floored; the mark with funding is liq_key_x96 + cumulative_funding_x96 / (1 -+ r)';

export const TICK_COMMENTS: Record<string, string> = {
  tick: 'an initialized tick of a maker band',
  cuml_funding_opp_x96: 'ticks[tick].cumlFundingOppX96: funding on the side of the tick opposite the pool, X96, signed',
  cuml_funding_div_sqrt_p_opp_x96: 'ticks[tick].cumlFundingDivSqrtPOppX96, X96, signed',
  fee_growth_outside1_x128: 'PoolManager ticks[tick].feeGrowthOutside1X128, Q128, wrapping',
};

async function addColumns(queryRunner: QueryRunner, table: string, columns: NewColumn[]): Promise<void> {
  for (const column of columns) {
    if (column.nullable) {
      await queryRunner.query(`ALTER TABLE "${table}" ADD "${column.name}" numeric(78,0)`);
    } else {
      // 0 is the state before any accrual or checkpoint: existing rows and writers that predate the column start there.
      await queryRunner.query(`ALTER TABLE "${table}" ADD "${column.name}" numeric(78,0) NOT NULL DEFAULT 0`);
    }
    await queryRunner.query(`COMMENT ON COLUMN "${table}"."${column.name}" IS ${quote(column.comment)}`);
  }
}
