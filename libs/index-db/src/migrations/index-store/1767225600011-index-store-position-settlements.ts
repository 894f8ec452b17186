import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Realized PnL and net funding of closed positions: a row per touch of a position (what it
 * settled), summed at read time over position_settlements_position_idx. Rows, not running
 * totals on positions: a reorg's rewind deletes the rows above the fork by block_number, as it
 * does trades, and a total it cannot restore never exists. Positions opened before this
 * migration get no rows (what they realized so far is in no view), hence no opening row: the
 * API serves their figures as null once they close, never a partial sum.
 */
export class IndexStorePositionSettlements1767225600011 implements MigrationInterface {
  name = 'IndexStorePositionSettlements1767225600011';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE "position_settlements" (
        "id" BIGSERIAL NOT NULL,
        "perp_address" character varying(42) NOT NULL,
        "pos_id" bigint NOT NULL,
        "timestamp" TIMESTAMP WITH TIME ZONE NOT NULL,
        "opened" boolean NOT NULL,
        "realized_pnl" numeric(78,0),
        "funding" numeric(78,0) NOT NULL,
        "block_number" bigint,
        CONSTRAINT "position_settlements_pkey" PRIMARY KEY ("id")
      )`);
    const comments: [string, string][] = [
      ['pos_id', 'the position id, local to perp_address'],
      ['opened', 'the position opened in this touch: a position without such a row has an incomplete history'],
      ['realized_pnl', 'USDC atoms, signed: swap usd + usd_delta before - usd_delta after (takers); null where not exact (a maker leg)'],
      ['funding', 'USDC atoms of funding settled, as the events sign it: paid > 0, received < 0'],
      ['block_number', 'the block this row was last written from (the indexer); null for rows the simulator wrote directly'],
    ];
    for (const [column, comment] of comments) await queryRunner.query(`COMMENT ON COLUMN "position_settlements"."${column}" IS '${comment}'`);
    await queryRunner.query(`CREATE INDEX "position_settlements_position_idx" ON "position_settlements" ("perp_address", "pos_id")`);
    await queryRunner.query(`CREATE INDEX "position_settlements_block_idx" ON "position_settlements" ("block_number") WHERE "block_number" IS NOT NULL`);
    await queryRunner.query(
      `ALTER TABLE "position_settlements" ADD CONSTRAINT "position_settlements_perp_address_fkey" FOREIGN KEY ("perp_address") REFERENCES "markets"("perp_address") ON DELETE NO ACTION ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "position_settlements" ADD CONSTRAINT "position_settlements_position_fkey" FOREIGN KEY ("perp_address", "pos_id") REFERENCES "positions"("perp_address", "id") ON DELETE NO ACTION ON UPDATE NO ACTION`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "position_settlements"`);
  }
}
