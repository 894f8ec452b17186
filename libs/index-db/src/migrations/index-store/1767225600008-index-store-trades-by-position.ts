import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Fills by wallet (GET /trades?holder=) reach a holder's trades through its positions
 * (positions_holder_idx), then each position's trades: without this index every position
 * probe would scan its market's trades. Timestamp and id follow so that the probe also
 * returns them in page order and the total is an index-only count.
 */
export class IndexStoreTradesByPosition1767225600008 implements MigrationInterface {
  name = 'IndexStoreTradesByPosition1767225600008';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`CREATE INDEX "trades_position_time_idx" ON "trades" ("perp_address", "pos_id", "timestamp" DESC, "id" DESC)`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "trades_position_time_idx"`);
  }
}
