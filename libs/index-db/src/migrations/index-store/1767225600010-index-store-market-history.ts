import { MigrationInterface, QueryRunner } from 'typeorm';

/** Each history table, the markets columns it records, and what counts as a change (IS DISTINCT FROM: funding_per_day is nullable). */
const HISTORIES = [
  { table: 'funding_history', columns: ['funding_per_day', 'cumulative_funding_x96'], notNull: ['cumulative_funding_x96'] },
  {
    table: 'open_interest_history',
    columns: ['open_interest_long', 'open_interest_short', 'capacity_long', 'capacity_short'],
    notNull: ['open_interest_long', 'open_interest_short', 'capacity_long', 'capacity_short'],
  },
] as const;

/**
 * Funding and open-interest history: a row per market each time a write of its `markets` row
 * changes these figures, kept by a row trigger on markets, so whoever writes the row (the
 * indexer once per block with the block's last state, the simulator's insert of its final
 * markets) writes the history by the same code path. A point is compared with the market's
 * latest history row, not with OLD: after a reorg's rewind deleted the points above the fork,
 * the market row re-read at the fork equals the latest remaining point and adds none.
 *
 * Its time is the row's last_touched_at (the block time of the write), else its created_at;
 * a row with neither records nothing. block_number is the row's (null from the simulator):
 * the indexer's rewind deletes the points above the fork by it, as it does trades and
 * snapshots. Deleting a market deletes its points; a TRUNCATE of markets empties both.
 */
export class IndexStoreMarketHistory1767225600010 implements MigrationInterface {
  name = 'IndexStoreMarketHistory1767225600010';

  async up(queryRunner: QueryRunner): Promise<void> {
    for (const { table, columns, notNull } of HISTORIES) {
      const definitions = columns.map((c) => `"${c}" numeric(78,0)${(notNull as readonly string[]).includes(c) ? ' NOT NULL' : ''}`);
      await queryRunner.query(`
        CREATE TABLE "${table}" (
          "id" BIGSERIAL NOT NULL,
          "perp_address" character varying(42) NOT NULL,
          "timestamp" TIMESTAMP WITH TIME ZONE NOT NULL,
          "block_number" bigint,
          ${definitions.join(',\n          ')},
          CONSTRAINT "${table}_pkey" PRIMARY KEY ("id")
        )`);
      await queryRunner.query(
        `COMMENT ON TABLE "${table}" IS 'the markets row''s ${columns.join(', ')} at each write that changed them (trigger markets_history_write); same units as markets'`,
      );
      await queryRunner.query(`CREATE INDEX "${table}_market_time_idx" ON "${table}" ("perp_address", "timestamp" DESC, "id" DESC)`);
      await queryRunner.query(`CREATE INDEX "${table}_block_idx" ON "${table}" ("block_number") WHERE "block_number" IS NOT NULL`);
    }

    const appendIfChanged = HISTORIES.map(({ table, columns }) => {
      const same = columns.map((c) => `l."${c}" IS NOT DISTINCT FROM NEW."${c}"`).join(' AND ');
      return `
        IF NOT EXISTS (
          SELECT 1 FROM (SELECT * FROM ${table} WHERE perp_address = NEW.perp_address ORDER BY "timestamp" DESC, id DESC LIMIT 1) l WHERE ${same}
        ) THEN
          INSERT INTO ${table} (perp_address, "timestamp", block_number, ${columns.map((c) => `"${c}"`).join(', ')})
          VALUES (NEW.perp_address, to_timestamp(at), NEW.block_number, ${columns.map((c) => `NEW."${c}"`).join(', ')});
        END IF;`;
    }).join('');
    await queryRunner.query(`
      CREATE FUNCTION "markets_history_write"() RETURNS trigger LANGUAGE plpgsql AS $$
      DECLARE at bigint := COALESCE(NEW.last_touched_at, NEW.created_at);
      BEGIN
        IF at IS NULL THEN RETURN NULL; END IF;${appendIfChanged}
        RETURN NULL;
      END $$`);
    await queryRunner.query(`
      CREATE FUNCTION "markets_history_delete"() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        ${HISTORIES.map(({ table }) => `DELETE FROM ${table} WHERE perp_address = OLD.perp_address;`).join('\n        ')}
        RETURN NULL;
      END $$`);
    await queryRunner.query(`
      CREATE FUNCTION "markets_history_truncate"() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        TRUNCATE ${HISTORIES.map(({ table }) => table).join(', ')};
        RETURN NULL;
      END $$`);
    await queryRunner.query(`CREATE TRIGGER "markets_history_write" AFTER INSERT OR UPDATE ON "markets" FOR EACH ROW EXECUTE FUNCTION markets_history_write()`);
    await queryRunner.query(`CREATE TRIGGER "markets_history_delete" AFTER DELETE ON "markets" FOR EACH ROW EXECUTE FUNCTION markets_history_delete()`);
    await queryRunner.query(
      `CREATE TRIGGER "markets_history_truncate" AFTER TRUNCATE ON "markets" FOR EACH STATEMENT EXECUTE FUNCTION markets_history_truncate()`,
    );

    // The markets already stored start their history at their current state.
    for (const { table, columns } of HISTORIES) {
      await queryRunner.query(`
        INSERT INTO ${table} (perp_address, "timestamp", block_number, ${columns.map((c) => `"${c}"`).join(', ')})
        SELECT perp_address, to_timestamp(COALESCE(last_touched_at, created_at)), block_number, ${columns.map((c) => `"${c}"`).join(', ')}
        FROM markets WHERE COALESCE(last_touched_at, created_at) IS NOT NULL ORDER BY perp_address`);
    }
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TRIGGER "markets_history_truncate" ON "markets"`);
    await queryRunner.query(`DROP TRIGGER "markets_history_delete" ON "markets"`);
    await queryRunner.query(`DROP TRIGGER "markets_history_write" ON "markets"`);
    await queryRunner.query(`DROP FUNCTION "markets_history_truncate"()`);
    await queryRunner.query(`DROP FUNCTION "markets_history_delete"()`);
    await queryRunner.query(`DROP FUNCTION "markets_history_write"()`);
    for (const { table } of HISTORIES) await queryRunner.query(`DROP TABLE "${table}"`);
  }
}
