import { MigrationInterface, QueryRunner } from 'typeorm';

const BLOCK_TABLES = ['markets', 'snapshots', 'trades', 'positions', 'ticks'] as const;
const BLOCK_COMMENT = 'the block this row was last written from (the indexer); null for rows the simulator wrote directly';

/**
 * On chain a position id is local to its Perp (one contract per market), so a position is
 * (perp_address, id) and a trade references it by both. The (column, id) indexes gain
 * perp_address as the last key, so pages ordered by (id, perp_address) stay index scans, and
 * positions_id_idx serves the unfiltered page and a lookup by id alone. Every row the indexer
 * writes carries its block: a reorg deletes the append-only rows after the fork by it and
 * re-reads the mutable rows it touched (partial indexes: simulator rows have no block).
 * Existing rows keep their ids, which the simulator numbered across markets, so they satisfy
 * the wider key as they are.
 */
export class IndexStorePositionsPerMarket1767225600004 implements MigrationInterface {
  name = 'IndexStorePositionsPerMarket1767225600004';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "trades" DROP CONSTRAINT "trades_pos_id_fkey"`);
    await queryRunner.query(`ALTER TABLE "positions" DROP CONSTRAINT "positions_pkey"`);
    await queryRunner.query(`ALTER TABLE "positions" ADD CONSTRAINT "positions_pkey" PRIMARY KEY ("perp_address", "id")`);
    await queryRunner.query(`COMMENT ON COLUMN "positions"."id" IS 'on-chain position id, local to its perp'`);
    await queryRunner.query(`DROP INDEX "positions_market_idx"`);
    await queryRunner.query(`DROP INDEX "positions_holder_idx"`);
    await queryRunner.query(`DROP INDEX "positions_closed_idx"`);
    await queryRunner.query(`CREATE INDEX "positions_holder_idx" ON "positions" ("holder", "id", "perp_address")`);
    await queryRunner.query(`CREATE INDEX "positions_closed_idx" ON "positions" ("is_closed", "id", "perp_address")`);
    await queryRunner.query(`CREATE INDEX "positions_id_idx" ON "positions" ("id", "perp_address")`);
    await queryRunner.query(`COMMENT ON COLUMN "trades"."pos_id" IS 'the position id, local to perp_address'`);
    await queryRunner.query(
      `ALTER TABLE "trades" ADD CONSTRAINT "trades_position_fkey" FOREIGN KEY ("perp_address", "pos_id") REFERENCES "positions"("perp_address", "id") ON DELETE NO ACTION ON UPDATE NO ACTION`,
    );
    for (const table of BLOCK_TABLES) {
      await queryRunner.query(`ALTER TABLE "${table}" ADD "block_number" bigint`);
      await queryRunner.query(`COMMENT ON COLUMN "${table}"."block_number" IS '${BLOCK_COMMENT}'`);
    }
    for (const table of ['snapshots', 'trades', 'positions']) {
      await queryRunner.query(`CREATE INDEX "${table}_block_idx" ON "${table}" ("block_number") WHERE "block_number" IS NOT NULL`);
    }
  }

  /** Fails, as it must, once two markets hold the same position id. */
  async down(queryRunner: QueryRunner): Promise<void> {
    for (const table of ['snapshots', 'trades', 'positions']) await queryRunner.query(`DROP INDEX "${table}_block_idx"`);
    for (const table of BLOCK_TABLES) await queryRunner.query(`ALTER TABLE "${table}" DROP COLUMN "block_number"`);
    await queryRunner.query(`ALTER TABLE "trades" DROP CONSTRAINT "trades_position_fkey"`);
    await queryRunner.query(`DROP INDEX "positions_id_idx"`);
    await queryRunner.query(`DROP INDEX "positions_closed_idx"`);
    await queryRunner.query(`DROP INDEX "positions_holder_idx"`);
    await queryRunner.query(`CREATE INDEX "positions_closed_idx" ON "positions" ("is_closed", "id")`);
    await queryRunner.query(`CREATE INDEX "positions_holder_idx" ON "positions" ("holder", "id")`);
    await queryRunner.query(`CREATE INDEX "positions_market_idx" ON "positions" ("perp_address", "id")`);
    await queryRunner.query(`ALTER TABLE "positions" DROP CONSTRAINT "positions_pkey"`);
    await queryRunner.query(`ALTER TABLE "positions" ADD CONSTRAINT "positions_pkey" PRIMARY KEY ("id")`);
    await queryRunner.query(`COMMENT ON COLUMN "positions"."id" IS 'on-chain position id'`);
    await queryRunner.query(`COMMENT ON COLUMN "trades"."pos_id" IS NULL`);
    await queryRunner.query(
      `ALTER TABLE "trades" ADD CONSTRAINT "trades_pos_id_fkey" FOREIGN KEY ("pos_id") REFERENCES "positions"("id") ON DELETE NO ACTION ON UPDATE NO ACTION`,
    );
  }
}
