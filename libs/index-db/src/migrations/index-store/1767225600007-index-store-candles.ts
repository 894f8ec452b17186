import { MigrationInterface, QueryRunner } from 'typeorm';
import { CANDLE_RESOLUTIONS, DEFER_ROLLUPS_SETTING } from '../../lib/candles';

const MEASURES = `open_sqrt_x96, high_sqrt_x96, low_sqrt_x96, close_sqrt_x96, open_index_x96, high_index_x96, low_index_x96, close_index_x96, volume_usd, volume_perps, trade_count, snapshot_count`;

/**
 * Candles of every market at 1m, 5m, 15m, 1h, 4h and 1d, kept at write time by one SQL function,
 * candles_refresh(market, from, to): it recomputes the 1m buckets covering [from, to] from the
 * snapshots and trades rows that are there now, then each coarser resolution's covering buckets
 * from the one below it (5 <- 1, 15 <- 5, 60 <- 15, 240 <- 60, 1440 <- 240 minutes: a handful of rows
 * each, never 1440 per day). Recomputing from what is there (never adding deltas) makes inserts,
 * updates and deletes alike: a reorg's rewind or a removed market leaves the buckets it touched
 * right, and an empty bucket has no row.
 *
 * Its reads are index range scans by construction; enable_seqscan is off inside candles_refresh
 * (and so in the helpers it calls) because a candles table filled within one transaction (the rebuild, a migration) has no
 * statistics yet, and the planner would scan it whole for each statement; its plans are generic
 * (planned once per session, not per call: a custom plan of its ~25 statements cost ~7 ms a call,
 * a generic one ~1 ms, measured on the demo preset).
 *
 * Two callers, one path: statement triggers on snapshots and trades (a transition table gives each
 * market's written time range, one refresh per market and statement: the indexer's per-block
 * writes), and candles_rebuild(), which refreshes every market over its whole range (the
 * simulator, after its COPY with the triggers deferred by the session setting perp.defer_rollups,
 * and after a TRUNCATE).
 *
 * `ord` numbers a market's candles of one resolution 1, 2, ... by bucket, so that a page's total is
 * two index probes instead of counting up to 525,600 rows a year: the refreshed buckets are
 * numbered on from the one before them as they are inserted, and only the buckets after the range
 * are renumbered (none when the indexer appends or the rebuild fills a market).
 */
export class IndexStoreCandles1767225600007 implements MigrationInterface {
  name = 'IndexStoreCandles1767225600007';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE "candles" (
        "perp_address" character varying(42) NOT NULL,
        "resolution" integer NOT NULL,
        "bucket" TIMESTAMP WITH TIME ZONE NOT NULL,
        "ord" bigint NOT NULL,
        "open_sqrt_x96" numeric(78,0),
        "high_sqrt_x96" numeric(78,0),
        "low_sqrt_x96" numeric(78,0),
        "close_sqrt_x96" numeric(78,0),
        "open_index_x96" numeric(78,0),
        "high_index_x96" numeric(78,0),
        "low_index_x96" numeric(78,0),
        "close_index_x96" numeric(78,0),
        "volume_usd" numeric(78,0) NOT NULL,
        "volume_perps" numeric(78,0) NOT NULL,
        "trade_count" integer NOT NULL,
        "snapshot_count" integer NOT NULL,
        CONSTRAINT "candles_pkey" PRIMARY KEY ("perp_address", "resolution", "bucket"),
        CONSTRAINT "candles_resolution_check" CHECK ("resolution" IN (${CANDLE_RESOLUTIONS.join(', ')})),
        CONSTRAINT "candles_filled_check" CHECK ("snapshot_count" > 0 OR "trade_count" > 0),
        CONSTRAINT "candles_prices_check" CHECK (("snapshot_count" > 0) = ("open_sqrt_x96" IS NOT NULL))
      )`);
    const comments: Record<string, string> = {
      resolution: 'seconds: 60, 300, 900, 3600, 14400 or 86400',
      bucket: 'start of the interval, aligned to the Unix epoch (UTC midnight for 1d)',
      ord: "1-based rank of the bucket among the market's candles of this resolution (page totals by two probes)",
      open_sqrt_x96: 'amm_price_x96 (pool sqrt price) of the first snapshot (timestamp, id); null without snapshots',
      high_sqrt_x96: 'max amm_price_x96 of the interval (the mark price is its square, so it bounds every snapshot)',
      low_sqrt_x96: 'min amm_price_x96 of the interval',
      close_sqrt_x96: 'amm_price_x96 of the last snapshot (timestamp, id)',
      open_index_x96: 'index_price_x96 (plain X96) of the first snapshot with an index > 0; null when none has one',
      high_index_x96: 'max index_price_x96 > 0',
      low_index_x96: 'min index_price_x96 > 0',
      close_index_x96: 'index_price_x96 of the last snapshot with an index > 0',
      volume_usd: 'USDC atoms: sum of |usd_delta| of the trades',
      volume_perps: 'perp atoms: sum of |perp_delta| of the trades',
      trade_count: 'trades in the interval',
      snapshot_count: 'snapshots in the interval',
    };
    for (const [column, text] of Object.entries(comments)) {
      await queryRunner.query(`COMMENT ON COLUMN "candles"."${column}" IS '${text.replace(/'/g, "''")}'`);
    }
    // The candles from `hi` on follow the ones before them: nothing to do when the writer appends.
    await queryRunner.query(`CREATE FUNCTION "candles_renumber_from"(p varchar, res integer, hi timestamptz) RETURNS void LANGUAGE plpgsql AS $$
      DECLARE prev bigint;
      BEGIN
        IF NOT EXISTS (SELECT 1 FROM candles WHERE perp_address = p AND resolution = res AND bucket >= hi) THEN RETURN; END IF;
        prev := coalesce((SELECT ord FROM candles WHERE perp_address = p AND resolution = res AND bucket < hi ORDER BY bucket DESC LIMIT 1), 0);
        UPDATE candles c SET ord = prev + n.rn
          FROM (SELECT bucket, row_number() OVER (ORDER BY bucket) AS rn FROM candles WHERE perp_address = p AND resolution = res AND bucket >= hi) n
         WHERE c.perp_address = p AND c.resolution = res AND c.bucket = n.bucket AND c.ord <> prev + n.rn;
      END $$`);
    // The rank of the last candle before `lo`: the refreshed candles are numbered on from it.
    await queryRunner.query(`CREATE FUNCTION "candles_ord_before"(p varchar, res integer, lo timestamptz) RETURNS bigint LANGUAGE sql STABLE AS $$
      SELECT coalesce((SELECT ord FROM candles WHERE perp_address = p AND resolution = res AND bucket < lo ORDER BY bucket DESC LIMIT 1), 0)
    $$`);
    await queryRunner.query(`CREATE FUNCTION "candles_refresh"(p varchar, p_from timestamptz, p_to timestamptz) RETURNS void LANGUAGE plpgsql SET enable_seqscan = off SET plan_cache_mode = force_generic_plan AS $$
      DECLARE
        lo timestamptz := date_bin('60 seconds', p_from, 'epoch');
        hi timestamptz := date_bin('60 seconds', p_to, 'epoch') + interval '60 seconds';
        prev bigint;
        res integer;
        child integer := 60;
        span interval;
      BEGIN
        -- 1m from the rows.
        DELETE FROM candles WHERE perp_address = p AND resolution = 60 AND bucket >= lo AND bucket < hi;
        prev := candles_ord_before(p, 60, lo);
        INSERT INTO candles (perp_address, resolution, bucket, ord, ${MEASURES})
        SELECT p, 60, coalesce(s.bucket, t.bucket), prev + row_number() OVER (ORDER BY coalesce(s.bucket, t.bucket)),
               s.open_sqrt_x96, s.high_sqrt_x96, s.low_sqrt_x96, s.close_sqrt_x96,
               s.open_index_x96, s.high_index_x96, s.low_index_x96, s.close_index_x96,
               coalesce(t.volume_usd, 0), coalesce(t.volume_perps, 0), coalesce(t.trade_count, 0), coalesce(s.snapshot_count, 0)
          FROM (
            SELECT date_bin('60 seconds', "timestamp", 'epoch') AS bucket,
                   (array_agg(amm_price_x96 ORDER BY "timestamp", id))[1] AS open_sqrt_x96,
                   max(amm_price_x96) AS high_sqrt_x96,
                   min(amm_price_x96) AS low_sqrt_x96,
                   (array_agg(amm_price_x96 ORDER BY "timestamp" DESC, id DESC))[1] AS close_sqrt_x96,
                   (array_agg(index_price_x96 ORDER BY "timestamp", id) FILTER (WHERE index_price_x96 > 0))[1] AS open_index_x96,
                   max(index_price_x96) FILTER (WHERE index_price_x96 > 0) AS high_index_x96,
                   min(index_price_x96) FILTER (WHERE index_price_x96 > 0) AS low_index_x96,
                   (array_agg(index_price_x96 ORDER BY "timestamp" DESC, id DESC) FILTER (WHERE index_price_x96 > 0))[1] AS close_index_x96,
                   count(*) AS snapshot_count
              FROM snapshots WHERE perp_address = p AND "timestamp" >= lo AND "timestamp" < hi GROUP BY 1
          ) s
          FULL JOIN (
            SELECT date_bin('60 seconds', "timestamp", 'epoch') AS bucket, sum(abs(usd_delta)) AS volume_usd, sum(abs(perp_delta)) AS volume_perps, count(*) AS trade_count
              FROM trades WHERE perp_address = p AND "timestamp" >= lo AND "timestamp" < hi GROUP BY 1
          ) t ON t.bucket = s.bucket;
        PERFORM candles_renumber_from(p, 60, hi);
        FOREACH res IN ARRAY ARRAY[300, 900, 3600, 14400, 86400] LOOP
          span := make_interval(secs => res);
          lo := date_bin(span, lo, 'epoch');
          hi := date_bin(span, hi - interval '1 microsecond', 'epoch') + span;
          DELETE FROM candles WHERE perp_address = p AND resolution = res AND bucket >= lo AND bucket < hi;
          prev := candles_ord_before(p, res, lo);
          INSERT INTO candles (perp_address, resolution, bucket, ord, ${MEASURES})
          SELECT p, res, date_bin(span, bucket, 'epoch'), prev + row_number() OVER (ORDER BY date_bin(span, bucket, 'epoch')),
                 (array_agg(open_sqrt_x96 ORDER BY bucket) FILTER (WHERE open_sqrt_x96 IS NOT NULL))[1],
                 max(high_sqrt_x96), min(low_sqrt_x96),
                 (array_agg(close_sqrt_x96 ORDER BY bucket DESC) FILTER (WHERE close_sqrt_x96 IS NOT NULL))[1],
                 (array_agg(open_index_x96 ORDER BY bucket) FILTER (WHERE open_index_x96 IS NOT NULL))[1],
                 max(high_index_x96), min(low_index_x96),
                 (array_agg(close_index_x96 ORDER BY bucket DESC) FILTER (WHERE close_index_x96 IS NOT NULL))[1],
                 sum(volume_usd), sum(volume_perps), sum(trade_count), sum(snapshot_count)
            FROM candles WHERE perp_address = p AND resolution = child AND bucket >= lo AND bucket < hi
           GROUP BY 3;
          PERFORM candles_renumber_from(p, res, hi);
          child := res;
        END LOOP;
      END $$`);
    await queryRunner.query(`CREATE FUNCTION "candles_rebuild"() RETURNS void LANGUAGE plpgsql AS $$
      DECLARE r record;
      BEGIN
        TRUNCATE candles;
        FOR r IN
          SELECT perp_address, min(lo) AS lo, max(hi) AS hi FROM (
            SELECT perp_address, min("timestamp") AS lo, max("timestamp") AS hi FROM snapshots GROUP BY perp_address
            UNION ALL
            SELECT perp_address, min("timestamp"), max("timestamp") FROM trades GROUP BY perp_address
          ) ranges GROUP BY perp_address ORDER BY perp_address
        LOOP
          PERFORM candles_refresh(r.perp_address, r.lo, r.hi);
        END LOOP;
      END $$`);
    // One function per transition-table shape: INSERT and DELETE see one table, UPDATE both.
    const deferred = `IF current_setting('${DEFER_ROLLUPS_SETTING}', true) = 'on' THEN RETURN NULL; END IF;`;
    const refreshEach = (
      from: string,
    ) => `FOR r IN SELECT perp_address, min("timestamp") AS lo, max("timestamp") AS hi FROM ${from} GROUP BY perp_address ORDER BY perp_address LOOP
          PERFORM candles_refresh(r.perp_address, r.lo, r.hi);
        END LOOP;`;
    await queryRunner.query(`CREATE FUNCTION "candles_after_write"() RETURNS trigger LANGUAGE plpgsql AS $$
      DECLARE r record;
      BEGIN
        ${deferred}
        ${refreshEach('written')}
        RETURN NULL;
      END $$`);
    await queryRunner.query(`CREATE FUNCTION "candles_after_update"() RETURNS trigger LANGUAGE plpgsql AS $$
      DECLARE r record;
      BEGIN
        ${deferred}
        ${refreshEach(`(SELECT perp_address, "timestamp" FROM written_old UNION ALL SELECT perp_address, "timestamp" FROM written) w`)}
        RETURN NULL;
      END $$`);
    await queryRunner.query(`CREATE FUNCTION "candles_after_truncate"() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        ${deferred}
        PERFORM candles_rebuild();
        RETURN NULL;
      END $$`);
    for (const table of ['snapshots', 'trades']) {
      await queryRunner.query(
        `CREATE TRIGGER "${table}_candles_insert" AFTER INSERT ON "${table}" REFERENCING NEW TABLE AS written FOR EACH STATEMENT EXECUTE FUNCTION candles_after_write()`,
      );
      await queryRunner.query(
        `CREATE TRIGGER "${table}_candles_delete" AFTER DELETE ON "${table}" REFERENCING OLD TABLE AS written FOR EACH STATEMENT EXECUTE FUNCTION candles_after_write()`,
      );
      await queryRunner.query(
        `CREATE TRIGGER "${table}_candles_update" AFTER UPDATE ON "${table}" REFERENCING OLD TABLE AS written_old NEW TABLE AS written FOR EACH STATEMENT EXECUTE FUNCTION candles_after_update()`,
      );
      await queryRunner.query(
        `CREATE TRIGGER "${table}_candles_truncate" AFTER TRUNCATE ON "${table}" FOR EACH STATEMENT EXECUTE FUNCTION candles_after_truncate()`,
      );
    }
    // Existing data gets its candles now.
    await queryRunner.query(`SELECT candles_rebuild()`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    for (const table of ['snapshots', 'trades']) {
      for (const event of ['insert', 'delete', 'update', 'truncate']) await queryRunner.query(`DROP TRIGGER "${table}_candles_${event}" ON "${table}"`);
    }
    for (const fn of ['candles_after_truncate()', 'candles_after_update()', 'candles_after_write()', 'candles_rebuild()']) {
      await queryRunner.query(`DROP FUNCTION ${fn}`);
    }
    await queryRunner.query(`DROP FUNCTION candles_refresh(varchar, timestamptz, timestamptz)`);
    await queryRunner.query(`DROP FUNCTION candles_renumber_from(varchar, integer, timestamptz)`);
    await queryRunner.query(`DROP FUNCTION candles_ord_before(varchar, integer, timestamptz)`);
    await queryRunner.query(`DROP TABLE "candles"`);
  }
}
