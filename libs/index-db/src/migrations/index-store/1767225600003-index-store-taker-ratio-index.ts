import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The candidate range scan keys takers at their market's liquidation ratio; the contract tests
 * each taker at the ratio stored in its position. Takers whose ratio differs from the market's
 * (the market's was changed after they opened) are read whole through this index, so none can
 * fall outside a range computed at another ratio. One probe per side and market while they match.
 */
export class IndexStoreTakerRatioIndex1767225600003 implements MigrationInterface {
  name = 'IndexStoreTakerRatioIndex1767225600003';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE INDEX "positions_open_takers_ratio_idx" ON "positions" ("perp_address", "liq_margin_ratio") WHERE NOT "is_closed" AND NOT "is_maker"`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "positions_open_takers_ratio_idx"`);
  }
}
