import { MigrationInterface, QueryRunner } from 'typeorm';

/** The tables a candles page reads (the rollup and the open interest at each candle's start). */
const VERSIONED_TABLES = ['candles', 'open_interest_history'] as const;
const EVENTS = [
  ['INSERT', 'NEW'],
  ['UPDATE', 'NEW'],
  ['DELETE', 'OLD'],
] as const;

/**
 * Write versions of a market's candles and open-interest points, by the same statement triggers
 * and sequence as its positions and ticks (migration 006), so that a reader keeping a candles page
 * (market-data's candles service) knows in one primary-key probe whether the page could have
 * changed, whoever wrote it (the snapshot and trade triggers that keep the rollup, a rewind, the
 * simulator's rebuild). A version read before the page, and equal to the one kept with it, proves
 * the page unchanged. `table_name` grows to 32 characters for `open_interest_history`.
 */
export class IndexStoreCandleWriteVersions1767225600012 implements MigrationInterface {
  name = 'IndexStoreCandleWriteVersions1767225600012';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "market_write_versions" ALTER COLUMN "table_name" TYPE character varying(32)`);
    await queryRunner.query(
      `COMMENT ON TABLE "market_write_versions" IS 'per market and table (positions, ticks, candles, open_interest_history): a new version (market_write_version_seq) after every statement that wrote its rows'`,
    );
    for (const table of VERSIONED_TABLES) {
      for (const [event, side] of EVENTS) {
        await queryRunner.query(
          `CREATE TRIGGER "${table}_write_version_${event.toLowerCase()}" AFTER ${event} ON "${table}" REFERENCING ${side} TABLE AS written FOR EACH STATEMENT EXECUTE FUNCTION bump_market_write_versions()`,
        );
      }
      await queryRunner.query(
        `CREATE TRIGGER "${table}_write_version_truncate" AFTER TRUNCATE ON "${table}" FOR EACH STATEMENT EXECUTE FUNCTION bump_every_market_write_version()`,
      );
    }
    await queryRunner.query(`
      INSERT INTO market_write_versions (perp_address, table_name, version)
      SELECT d.perp_address, t.table_name, nextval('market_write_version_seq') FROM (
        SELECT perp_address FROM markets UNION SELECT perp_address FROM candles UNION SELECT perp_address FROM open_interest_history ORDER BY 1
      ) d CROSS JOIN (VALUES ('candles'), ('open_interest_history')) AS t(table_name)
      ON CONFLICT (perp_address, table_name) DO NOTHING`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    for (const table of VERSIONED_TABLES) {
      for (const [event] of EVENTS) await queryRunner.query(`DROP TRIGGER "${table}_write_version_${event.toLowerCase()}" ON "${table}"`);
      await queryRunner.query(`DROP TRIGGER "${table}_write_version_truncate" ON "${table}"`);
    }
    await queryRunner.query(`DELETE FROM "market_write_versions" WHERE table_name IN ('candles', 'open_interest_history')`);
    await queryRunner.query(`ALTER TABLE "market_write_versions" ALTER COLUMN "table_name" TYPE character varying(16)`);
    await queryRunner.query(
      `COMMENT ON TABLE "market_write_versions" IS 'per market and table (positions, ticks): a new version (market_write_version_seq) after every statement that wrote its rows'`,
    );
  }
}
