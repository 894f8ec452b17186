import { MigrationInterface, QueryRunner } from 'typeorm';

/** The source store: raw measurement series and each market's boundary time. */
export class SourceStoreSchema1767225600000 implements MigrationInterface {
  name = 'SourceStoreSchema1767225600000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE "measurements" (
        "perp_address" character varying(42) NOT NULL,
        "ts" TIMESTAMP WITH TIME ZONE NOT NULL,
        "raw_value" double precision NOT NULL,
        "index_x96" numeric(78,0),
        "origin" text NOT NULL,
        -- The history route's index too: one market, in time order.
        CONSTRAINT "measurements_pkey" PRIMARY KEY ("perp_address", "ts"),
        CONSTRAINT "measurements_perp_address_check" CHECK ("perp_address" ~ '^0x[0-9a-f]{40}$'),
        CONSTRAINT "measurements_origin_check" CHECK ("origin" IN ('backfill', 'mirror', 'folded', 'chain'))
      )`);
    await queryRunner.query(`COMMENT ON COLUMN "measurements"."raw_value" IS 'raw source measurement'`);
    await queryRunner.query(
      `COMMENT ON COLUMN "measurements"."index_x96" IS 'index as plain X96, signed as measured; null or <= 0 means no index at this tick'`,
    );
    await queryRunner.query(`
      CREATE TABLE "market_boundaries" (
        "perp_address" character varying(42) NOT NULL,
        "boundary_ts" TIMESTAMP WITH TIME ZONE NOT NULL,
        CONSTRAINT "market_boundaries_pkey" PRIMARY KEY ("perp_address"),
        CONSTRAINT "market_boundaries_perp_address_check" CHECK ("perp_address" ~ '^0x[0-9a-f]{40}$')
      )`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "market_boundaries"`);
    await queryRunner.query(`DROP TABLE "measurements"`);
  }
}
