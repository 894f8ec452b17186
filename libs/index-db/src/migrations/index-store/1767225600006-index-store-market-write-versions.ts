import { MigrationInterface, QueryRunner } from 'typeorm';

/** The tables a position's figures read besides its market's own row (markets) and its mark snapshot (snapshots). */
const VERSIONED_TABLES = ['positions', 'ticks'] as const;
const EVENTS = [
  ['INSERT', 'NEW'],
  ['UPDATE', 'NEW'],
  ['DELETE', 'OLD'],
] as const;

/**
 * A per-market version of the positions and ticks rows: every statement that inserts, updates or
 * deletes rows of either gives each market it touched a new version of that table from one
 * sequence, whoever wrote them (the indexer, a reorg's rewrite, the simulator's COPY), and a
 * TRUNCATE gives every market one. A reader that keeps results per market (market-data's
 * liquidation candidates) compares a market's two versions and re-reads only the markets whose
 * versions moved.
 *
 * Statement triggers with a transition table: one upsert of the distinct markets per statement,
 * never a trigger per row (a COPY of a million positions bumps each of its markets once). A
 * market's row per table (not one per market): the row stays locked until the writing
 * transaction commits, and the simulator fills positions and ticks in two concurrent
 * transactions (one waiting for the other's commit would never end). Two transactions writing the
 * same table for the same market do wait for each other (the indexer is one writer). Markets are
 * locked in address order, so such writers wait rather than deadlock. The sequence never repeats
 * a version, so a truncated and reloaded market cannot show an old one. Existing markets get
 * their versions now: a market with positions or ticks always has both.
 */
export class IndexStoreMarketWriteVersions1767225600006 implements MigrationInterface {
  name = 'IndexStoreMarketWriteVersions1767225600006';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`CREATE SEQUENCE "market_write_version_seq"`);
    await queryRunner.query(`
      CREATE TABLE "market_write_versions" (
        "perp_address" character varying(42) NOT NULL,
        "table_name" character varying(16) NOT NULL,
        "version" bigint NOT NULL,
        CONSTRAINT "market_write_versions_pkey" PRIMARY KEY ("perp_address", "table_name")
      )`);
    await queryRunner.query(
      `COMMENT ON TABLE "market_write_versions" IS 'per market and table (positions, ticks): a new version (market_write_version_seq) after every statement that wrote its rows'`,
    );
    // TG_TABLE_NAME: the trigger's table, so that one function serves both.
    await queryRunner.query(`
      CREATE FUNCTION "bump_market_write_versions"() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        INSERT INTO market_write_versions AS v (perp_address, table_name, version)
        SELECT d.perp_address, TG_TABLE_NAME, nextval('market_write_version_seq') FROM (SELECT DISTINCT perp_address FROM written ORDER BY perp_address) d
        ON CONFLICT (perp_address, table_name) DO UPDATE SET version = EXCLUDED.version;
        RETURN NULL;
      END $$`);
    await queryRunner.query(`
      CREATE FUNCTION "bump_every_market_write_version"() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        UPDATE market_write_versions SET version = nextval('market_write_version_seq') WHERE table_name = TG_TABLE_NAME;
        RETURN NULL;
      END $$`);
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
        SELECT perp_address FROM markets UNION SELECT perp_address FROM positions UNION SELECT perp_address FROM ticks ORDER BY 1
      ) d CROSS JOIN (VALUES ('positions'), ('ticks')) AS t(table_name)`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    for (const table of VERSIONED_TABLES) {
      for (const [event] of EVENTS) await queryRunner.query(`DROP TRIGGER "${table}_write_version_${event.toLowerCase()}" ON "${table}"`);
      await queryRunner.query(`DROP TRIGGER "${table}_write_version_truncate" ON "${table}"`);
    }
    await queryRunner.query(`DROP FUNCTION "bump_every_market_write_version"()`);
    await queryRunner.query(`DROP FUNCTION "bump_market_write_versions"()`);
    await queryRunner.query(`DROP TABLE "market_write_versions"`);
    await queryRunner.query(`DROP SEQUENCE "market_write_version_seq"`);
  }
}
