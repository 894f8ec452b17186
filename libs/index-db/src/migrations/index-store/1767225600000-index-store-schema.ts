import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The index store: markets, snapshots, positions, trades. Started from
 * `migration-generate`, then given what TypeORM cannot spell: index directions (DESC NULLS
 * LAST for the sorts), and the open-interest expression indexes.
 */
export class IndexStoreSchema1767225600000 implements MigrationInterface {
  name = 'IndexStoreSchema1767225600000';

  async up(queryRunner: QueryRunner): Promise<void> {
    const address = (column: string) => `CONSTRAINT "markets_${column}_check" CHECK ("${column}" ~ '^0x[0-9a-f]{40}$')`;
    await queryRunner.query(`
      CREATE TABLE "markets" (
        "perp_address" character varying(42) NOT NULL,
        "beacon_address" character varying(42) NOT NULL,
        "owner" character varying(42) NOT NULL,
        "name" text NOT NULL,
        "symbol" text NOT NULL,
        "token_uri" text NOT NULL,
        "pool_id" character varying(66) NOT NULL,
        "pricing_module" character varying(42) NOT NULL,
        "funding_module" character varying(42) NOT NULL,
        "fees_module" character varying(42) NOT NULL,
        "margin_ratios_module" character varying(42) NOT NULL,
        "price_impact_module" character varying(42) NOT NULL,
        "ema_window" bigint NOT NULL,
        "protocol_fee" integer NOT NULL,
        "tick_spacing" integer NOT NULL,
        "min_tick" integer NOT NULL,
        "max_tick" integer NOT NULL,
        "taker_liq_margin_ratio" integer NOT NULL,
        "taker_backstop_margin_ratio" integer NOT NULL,
        "maker_liq_margin_ratio" integer NOT NULL,
        "maker_backstop_margin_ratio" integer NOT NULL,
        "creator_fee" integer NOT NULL,
        "insurance_fee" integer NOT NULL,
        "lp_fee" integer NOT NULL,
        "liquidation_fee" integer NOT NULL,
        "sqrt_price_x96" numeric(78,0) NOT NULL,
        "tick" integer NOT NULL,
        "liquidity" numeric(78,0) NOT NULL,
        "ema_amm_price_x96" numeric(78,0),
        "ema_index_price_x96" numeric(78,0),
        "funding_per_day" numeric(78,0),
        "cumulative_funding_x96" numeric(78,0) NOT NULL,
        "open_interest_long" numeric(78,0) NOT NULL,
        "open_interest_short" numeric(78,0) NOT NULL,
        "capacity_long" numeric(78,0) NOT NULL,
        "capacity_short" numeric(78,0) NOT NULL,
        "insurance" numeric(78,0) NOT NULL,
        "bad_debt" numeric(78,0) NOT NULL,
        "total_margin" numeric(78,0) NOT NULL,
        "created_at" bigint,
        "last_touched_at" bigint,
        "description" text,
        "photo_url" text,
        "data_source" text,
        "card_label" text,
        "ticker" text,
        CONSTRAINT "markets_pkey" PRIMARY KEY ("perp_address"),
        ${address('perp_address')},
        ${address('beacon_address')},
        ${address('owner')},
        ${address('pricing_module')},
        ${address('funding_module')},
        ${address('fees_module')},
        ${address('margin_ratios_module')},
        ${address('price_impact_module')},
        CONSTRAINT "markets_pool_id_check" CHECK ("pool_id" ~ '^0x[0-9a-f]{64}$'),
        CONSTRAINT "markets_tick_range_check" CHECK ("min_tick" < "max_tick" AND "tick" BETWEEN "min_tick" AND "max_tick" AND "tick_spacing" > 0),
        CONSTRAINT "markets_ratios_check" CHECK ("protocol_fee" BETWEEN 0 AND 1000000 AND "taker_liq_margin_ratio" BETWEEN 0 AND 1000000 AND "taker_backstop_margin_ratio" BETWEEN 0 AND "taker_liq_margin_ratio" AND "maker_liq_margin_ratio" BETWEEN 0 AND 1000000 AND "maker_backstop_margin_ratio" BETWEEN 0 AND "maker_liq_margin_ratio" AND "creator_fee" BETWEEN 0 AND 1000000 AND "insurance_fee" BETWEEN 0 AND 1000000 AND "lp_fee" BETWEEN 0 AND 1000000 AND "liquidation_fee" BETWEEN 0 AND 1000000),
        CONSTRAINT "markets_amounts_check" CHECK ("open_interest_long" >= 0 AND "open_interest_short" >= 0 AND "capacity_long" >= 0 AND "capacity_short" >= 0 AND "liquidity" >= 0 AND "insurance" >= 0 AND "bad_debt" >= 0 AND "total_margin" >= 0 AND "sqrt_price_x96" > 0 AND "ema_window" > 0)
      )`);
    await comment(queryRunner, 'markets', {
      pool_id: 'Uniswap v4 pool id, bytes32 hex',
      ema_window: 'EMA window of the mark and index prices, seconds',
      protocol_fee: '1e6-scaled fraction',
      min_tick: 'lowest tick the pool may trade at; prices are bounded by it',
      max_tick: 'highest tick the pool may trade at; prices are bounded by it',
      taker_liq_margin_ratio: '1e6-scaled maintenance margin ratio of takers',
      taker_backstop_margin_ratio: '1e6-scaled backstop margin ratio of takers',
      maker_liq_margin_ratio: '1e6-scaled maintenance margin ratio of makers',
      maker_backstop_margin_ratio: '1e6-scaled backstop margin ratio of makers',
      creator_fee: '1e6-scaled fraction of notional',
      insurance_fee: '1e6-scaled fraction of notional',
      lp_fee: '1e6-scaled fraction of notional',
      liquidation_fee: '1e6-scaled fraction of notional',
      sqrt_price_x96: 'pool sqrtPriceX96 after the last indexed event',
      tick: 'pool tick after the last indexed event',
      liquidity: 'raw Uniswap in-range liquidity',
      ema_amm_price_x96: 'EMA of the pool price, plain X96 (the mark); null before the first update',
      ema_index_price_x96: 'EMA of the index price, plain X96; null before the first update',
      funding_per_day: '1e18-scaled signed daily rate; positive means longs pay shorts',
      cumulative_funding_x96: 'funding paid per 1 perp since creation, USD as X96, signed',
      open_interest_long: 'perp atoms: sum of open long taker sizes',
      open_interest_short: 'perp atoms: sum of open short taker sizes',
      capacity_long: 'perp atoms the open maker ranges hold above the pool price',
      capacity_short: 'perp atoms the open maker ranges absorb below the pool price',
      insurance: 'USDC atoms',
      bad_debt: 'USDC atoms',
      total_margin: 'USDC atoms: sum of the margins of open positions',
      ticker: 'cosmetic; resolves /markets/{ticker}/history',
    });
    await queryRunner.query(`CREATE INDEX "markets_beacon_address_idx" ON "markets" ("beacon_address")`);
    await queryRunner.query(`CREATE UNIQUE INDEX "markets_ticker_key" ON "markets" ("ticker") WHERE "ticker" IS NOT NULL`);
    // `/markets` sorts: nulls last and ties by perp_address ascending in both orders, so one index per direction.
    for (const [key, expression] of [
      ['created', '"created_at"'],
      ['funding', '"funding_per_day"'],
      ['liquidity', '"liquidity"'],
      ['open_interest', '("open_interest_long" + "open_interest_short")'],
    ]) {
      await queryRunner.query(`CREATE INDEX "markets_${key}_asc_idx" ON "markets" (${expression} ASC NULLS LAST, "perp_address")`);
      await queryRunner.query(`CREATE INDEX "markets_${key}_desc_idx" ON "markets" (${expression} DESC NULLS LAST, "perp_address")`);
    }

    await queryRunner.query(`
      CREATE TABLE "positions" (
        "id" bigint NOT NULL,
        "perp_address" character varying(42) NOT NULL,
        "holder" character varying(42) NOT NULL,
        "is_maker" boolean NOT NULL,
        "is_long" boolean,
        "is_closed" boolean NOT NULL,
        "open_timestamp" bigint NOT NULL,
        "close_timestamp" bigint,
        "was_liquidated" boolean,
        "margin" numeric(78,0) NOT NULL,
        "perp_delta" numeric(78,0) NOT NULL,
        "usd_delta" numeric(78,0) NOT NULL,
        "avg_entry_amm_price_x96" numeric(78,0),
        "liq_margin_ratio" integer NOT NULL,
        "backstop_margin_ratio" integer NOT NULL,
        "tick_lower" integer,
        "tick_upper" integer,
        "liquidity" numeric(78,0),
        "entry_cumulative_funding_x96" numeric(78,0) NOT NULL,
        "liq_mark_x96" numeric(78,0),
        "liq_key_x96" numeric(78,0),
        CONSTRAINT "positions_pkey" PRIMARY KEY ("id"),
        CONSTRAINT "positions_holder_check" CHECK ("holder" ~ '^0x[0-9a-f]{40}$'),
        CONSTRAINT "positions_kind_check" CHECK (("is_maker" AND "is_long" IS NULL AND "liq_mark_x96" IS NULL AND "tick_lower" IS NOT NULL AND "tick_upper" IS NOT NULL AND "liquidity" IS NOT NULL AND "tick_lower" < "tick_upper") OR (NOT "is_maker" AND "is_long" IS NOT NULL AND "tick_lower" IS NULL AND "tick_upper" IS NULL AND "liquidity" IS NULL)),
        CONSTRAINT "positions_closed_check" CHECK ("is_closed" = ("close_timestamp" IS NOT NULL) AND "is_closed" = ("was_liquidated" IS NOT NULL)),
        CONSTRAINT "positions_liq_key_check" CHECK (("liq_key_x96" IS NULL) = ("liq_mark_x96" IS NULL)),
        CONSTRAINT "positions_margin_check" CHECK ("margin" >= 0 AND "liq_margin_ratio" BETWEEN 0 AND 1000000 AND "backstop_margin_ratio" BETWEEN 0 AND "liq_margin_ratio"),
        CONSTRAINT "positions_perp_address_fkey" FOREIGN KEY ("perp_address") REFERENCES "markets"("perp_address") ON DELETE NO ACTION ON UPDATE NO ACTION
      )`);
    await comment(queryRunner, 'positions', {
      id: 'on-chain position id',
      is_long: 'null for makers',
      was_liquidated: 'null while open',
      margin: 'USDC atoms',
      perp_delta: 'perp atoms, signed; takers: the position size (long > 0); makers: minus the perps lent to the pool at entry',
      usd_delta: 'USDC atoms, signed; takers: the USD paid (< 0) or received (> 0) at entry; makers: minus the USD lent at entry',
      avg_entry_amm_price_x96: 'average entry pool price, plain X96',
      liq_margin_ratio: '1e6-scaled',
      backstop_margin_ratio: '1e6-scaled',
      tick_lower: 'makers only',
      tick_upper: 'makers only',
      liquidity: 'makers only: raw Uniswap liquidity',
      entry_cumulative_funding_x96: 'market cumulative_funding_x96 when funding was last settled; owed = perp_delta * (now - entry) / 2^96',
      liq_mark_x96: 'floor(liquidation mark * 2^96), signed, funding excluded; null for makers and zero-size takers',
      liq_key_x96: 'liq_mark_x96 - entry_cumulative_funding_x96 / (1 -+ r), floored; the mark with funding is liq_key_x96 + cumulative_funding_x96 / (1 -+ r)',
    });
    await queryRunner.query(`CREATE INDEX "positions_holder_idx" ON "positions" ("holder", "id")`);
    await queryRunner.query(`CREATE INDEX "positions_market_idx" ON "positions" ("perp_address", "id")`);
    await queryRunner.query(`CREATE INDEX "positions_closed_idx" ON "positions" ("is_closed", "id")`);
    // Liquidation candidates: per market and side, a range scan on the liquidation mark.
    await queryRunner.query(
      `CREATE INDEX "positions_liquidation_idx" ON "positions" ("perp_address", "is_long", "liq_mark_x96") WHERE NOT "is_closed" AND NOT "is_maker"`,
    );
    // The same with the funding owed: each market and side shifts its threshold by one constant.
    await queryRunner.query(
      `CREATE INDEX "positions_liquidation_key_idx" ON "positions" ("perp_address", "is_long", "liq_key_x96") WHERE NOT "is_closed" AND NOT "is_maker"`,
    );
    await queryRunner.query(`CREATE INDEX "positions_open_makers_idx" ON "positions" ("perp_address", "id") WHERE NOT "is_closed" AND "is_maker"`);

    await queryRunner.query(`
      CREATE TABLE "snapshots" (
        "id" BIGSERIAL NOT NULL,
        "perp_address" character varying(42) NOT NULL,
        "timestamp" TIMESTAMP WITH TIME ZONE NOT NULL,
        "amm_price_x96" numeric(78,0) NOT NULL,
        "index_price_x96" numeric(78,0),
        CONSTRAINT "snapshots_pkey" PRIMARY KEY ("id"),
        CONSTRAINT "snapshots_amm_price_x96_check" CHECK ("amm_price_x96" > 0),
        CONSTRAINT "snapshots_perp_address_fkey" FOREIGN KEY ("perp_address") REFERENCES "markets"("perp_address") ON DELETE NO ACTION ON UPDATE NO ACTION
      )`);
    await comment(queryRunner, 'snapshots', {
      amm_price_x96: 'pool sqrtPriceX96: the price is (x / 2^96)^2',
      index_price_x96: 'index price, plain X96; null where unknown',
    });
    await queryRunner.query(`CREATE INDEX "snapshots_market_time_idx" ON "snapshots" ("perp_address", "timestamp" DESC, "id" DESC)`);

    await queryRunner.query(`
      CREATE TABLE "trades" (
        "id" BIGSERIAL NOT NULL,
        "perp_address" character varying(42) NOT NULL,
        "timestamp" TIMESTAMP WITH TIME ZONE NOT NULL,
        "pos_id" bigint NOT NULL,
        "was_liquidated" boolean NOT NULL,
        "perp_delta" numeric(78,0) NOT NULL,
        "usd_delta" numeric(78,0) NOT NULL,
        "mark_price_x96" numeric(78,0),
        "funding" numeric(78,0),
        "util_fees" numeric(78,0),
        "liq_fee" numeric(78,0),
        CONSTRAINT "trades_pkey" PRIMARY KEY ("id"),
        CONSTRAINT "trades_perp_address_fkey" FOREIGN KEY ("perp_address") REFERENCES "markets"("perp_address") ON DELETE NO ACTION ON UPDATE NO ACTION,
        CONSTRAINT "trades_pos_id_fkey" FOREIGN KEY ("pos_id") REFERENCES "positions"("id") ON DELETE NO ACTION ON UPDATE NO ACTION
      )`);
    await comment(queryRunner, 'trades', {
      perp_delta: 'perp atoms, signed',
      usd_delta: 'USDC atoms, signed',
      mark_price_x96: 'the mark (EMA pool price, plain X96) the close was judged at',
      funding: 'USDC atoms the position paid (> 0) or received (< 0) in funding',
      util_fees: 'USDC atoms of trading fees',
      liq_fee: 'USDC atoms paid to the liquidator',
    });
    await queryRunner.query(`CREATE INDEX "trades_market_time_idx" ON "trades" ("perp_address", "timestamp" DESC, "id" DESC)`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    // Indexes and constraints go with their tables.
    await queryRunner.query(`DROP TABLE "trades"`);
    await queryRunner.query(`DROP TABLE "snapshots"`);
    await queryRunner.query(`DROP TABLE "positions"`);
    await queryRunner.query(`DROP TABLE "markets"`);
  }
}

async function comment(queryRunner: QueryRunner, table: string, comments: Record<string, string>): Promise<void> {
  for (const [column, text] of Object.entries(comments)) {
    await queryRunner.query(`COMMENT ON COLUMN "${table}"."${column}" IS '${text.replace(/'/g, "''")}'`);
  }
}
