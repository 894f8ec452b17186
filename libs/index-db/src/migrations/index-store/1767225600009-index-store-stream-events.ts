import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Rows one statement may add to the trades channel; a bulk load beyond it is one `bulk` event (the reader is told
 * to re-read). It also bounds the burst one statement sends every subscriber at once (~350 KB), well under
 * market-data's STREAM_BUFFER_BYTES.
 */
export const STREAM_TRADES_PER_STATEMENT = 1_000;
/** The replay window's default: how many events stay in stream_events behind the newest. */
export const STREAM_EVENT_WINDOW = 100_000;
/** The channel market-data's stream LISTENs on: one notification per writing transaction (Postgres folds repeats). */
export const STREAM_EVENTS_CHANNEL = 'stream_events';

/**
 * The change table behind market-data's `GET /stream`: statement triggers on the tables the
 * writers fill (the indexer, a reorg's rewrite, the simulator's COPY) add one row per event, so
 * both writers reach the stream through one path and every replica reads the same ids:
 *
 * - `trades`: one row per trade inserted (ref_id = trades.id); more than STREAM_TRADES_PER_STATEMENT
 *   in one statement (a bulk load) are one row with `data = {"bulk": n}`.
 * - `marks`: one row per market and statement, the statement's latest snapshot (ref_id = snapshots.id);
 *   a COPY of a week of snapshots is one row per market, not one per snapshot.
 * - `index`: one row per statement that moves a chain cursor, the new head in `data`.
 *
 * Each statement also NOTIFYs `stream_events` (delivered at commit; a standby gets none, so readers
 * also poll). The window is kept by the writers: each statement deletes the rows more than
 * `stream_event_window.events` behind its own, a range of the primary key about as long as what it
 * added, so the table stays bounded at a cost linear in what is written. Ids come from the bigserial in
 * insertion order; two writers committing out of order leave a short hole that readers wait for.
 */
export class IndexStoreStreamEvents1767225600009 implements MigrationInterface {
  name = 'IndexStoreStreamEvents1767225600009';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE "stream_events" (
        "id" bigserial NOT NULL,
        "channel" character varying(16) NOT NULL,
        "perp_address" character varying(42),
        "ref_id" bigint,
        "data" jsonb,
        "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT clock_timestamp(),
        CONSTRAINT "stream_events_pkey" PRIMARY KEY ("id"),
        CONSTRAINT "stream_events_channel_check" CHECK ("channel" IN ('trades', 'marks', 'index'))
      )`);
    await queryRunner.query(
      `COMMENT ON TABLE "stream_events" IS 'market-data /stream: one row per trade, per market and snapshot statement, per cursor move; the last stream_event_window.events rows are kept'`,
    );
    await queryRunner.query(
      `CREATE TABLE "stream_event_window" ("events" integer NOT NULL CHECK ("events" > 0), "one" boolean PRIMARY KEY DEFAULT true CHECK ("one"))`,
    );
    await queryRunner.query(`INSERT INTO "stream_event_window" ("events") VALUES (${STREAM_EVENT_WINDOW})`);
    // Keeps the window and wakes the readers; called by every trigger below after its insert.
    await queryRunner.query(`
      CREATE FUNCTION "stream_events_written"() RETURNS void LANGUAGE plpgsql AS $$
      DECLARE newest bigint;
      BEGIN
        SELECT max(id) INTO newest FROM stream_events;
        IF newest IS NOT NULL THEN
          DELETE FROM stream_events WHERE id <= newest - (SELECT events FROM stream_event_window);
        END IF;
        PERFORM pg_notify('${STREAM_EVENTS_CHANNEL}', '');
      END $$`);
    await queryRunner.query(`
      CREATE FUNCTION "stream_trades_inserted"() RETURNS trigger LANGUAGE plpgsql AS $$
      DECLARE n bigint;
      BEGIN
        SELECT count(*) INTO n FROM written;
        IF n = 0 THEN RETURN NULL; END IF;
        IF n > ${STREAM_TRADES_PER_STATEMENT} THEN
          INSERT INTO stream_events (channel, data) VALUES ('trades', jsonb_build_object('bulk', n));
        ELSE
          INSERT INTO stream_events (channel, perp_address, ref_id) SELECT 'trades', perp_address, id FROM written ORDER BY id;
        END IF;
        PERFORM stream_events_written();
        RETURN NULL;
      END $$`);
    await queryRunner.query(`
      CREATE FUNCTION "stream_snapshots_inserted"() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        INSERT INTO stream_events (channel, perp_address, ref_id)
        SELECT 'marks', l.perp_address, l.id FROM (
          SELECT DISTINCT ON (perp_address) perp_address, id FROM written ORDER BY perp_address, "timestamp" DESC, id DESC
        ) l ORDER BY l.perp_address;
        IF FOUND THEN PERFORM stream_events_written(); END IF;
        RETURN NULL;
      END $$`);
    await queryRunner.query(`
      CREATE FUNCTION "stream_cursor_moved"() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        INSERT INTO stream_events (channel, data)
        SELECT 'index', jsonb_build_object('chain_id', chain_id::text, 'block_number', block_number::text, 'block_hash', block_hash, 'block_timestamp', block_timestamp::text)
        FROM written ORDER BY chain_id;
        IF FOUND THEN PERFORM stream_events_written(); END IF;
        RETURN NULL;
      END $$`);
    await queryRunner.query(
      `CREATE TRIGGER "trades_stream_insert" AFTER INSERT ON "trades" REFERENCING NEW TABLE AS written FOR EACH STATEMENT EXECUTE FUNCTION stream_trades_inserted()`,
    );
    await queryRunner.query(
      `CREATE TRIGGER "snapshots_stream_insert" AFTER INSERT ON "snapshots" REFERENCING NEW TABLE AS written FOR EACH STATEMENT EXECUTE FUNCTION stream_snapshots_inserted()`,
    );
    await queryRunner.query(
      `CREATE TRIGGER "chain_cursor_stream_insert" AFTER INSERT ON "chain_cursor" REFERENCING NEW TABLE AS written FOR EACH STATEMENT EXECUTE FUNCTION stream_cursor_moved()`,
    );
    await queryRunner.query(
      `CREATE TRIGGER "chain_cursor_stream_update" AFTER UPDATE ON "chain_cursor" REFERENCING NEW TABLE AS written FOR EACH STATEMENT EXECUTE FUNCTION stream_cursor_moved()`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TRIGGER "chain_cursor_stream_update" ON "chain_cursor"`);
    await queryRunner.query(`DROP TRIGGER "chain_cursor_stream_insert" ON "chain_cursor"`);
    await queryRunner.query(`DROP TRIGGER "snapshots_stream_insert" ON "snapshots"`);
    await queryRunner.query(`DROP TRIGGER "trades_stream_insert" ON "trades"`);
    await queryRunner.query(`DROP FUNCTION "stream_cursor_moved"()`);
    await queryRunner.query(`DROP FUNCTION "stream_snapshots_inserted"()`);
    await queryRunner.query(`DROP FUNCTION "stream_trades_inserted"()`);
    await queryRunner.query(`DROP FUNCTION "stream_events_written"()`);
    await queryRunner.query(`DROP TABLE "stream_event_window"`);
    await queryRunner.query(`DROP TABLE "stream_events"`);
  }
}
