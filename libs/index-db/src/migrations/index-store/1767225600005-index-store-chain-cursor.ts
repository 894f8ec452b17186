import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The indexer's own state (apps/indexer): its cursor, the recent block hashes it finds a fork
 * point with, and the first table its follower writes, the beacons' IndexUpdated logs.
 */
export class IndexStoreChainCursor1767225600005 implements MigrationInterface {
  name = 'IndexStoreChainCursor1767225600005';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE "chain_cursor" (
        "chain_id" bigint NOT NULL,
        "genesis_hash" character varying(66) NOT NULL,
        "block_number" bigint NOT NULL,
        "block_hash" character varying(66) NOT NULL,
        "block_timestamp" bigint NOT NULL,
        "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL,
        CONSTRAINT "chain_cursor_pkey" PRIMARY KEY ("chain_id")
      )`);
    await queryRunner.query(`
      CREATE TABLE "chain_cursor_blocks" (
        "chain_id" bigint NOT NULL,
        "block_number" bigint NOT NULL,
        "block_hash" character varying(66) NOT NULL,
        CONSTRAINT "chain_cursor_blocks_pkey" PRIMARY KEY ("chain_id", "block_number")
      )`);
    await queryRunner.query(`
      CREATE TABLE "beacon_index_updates" (
        "block_number" bigint NOT NULL,
        "log_index" integer NOT NULL,
        "beacon_address" character varying(42) NOT NULL,
        "transaction_hash" character varying(66) NOT NULL,
        "index_x96" numeric(78,0) NOT NULL,
        "block_timestamp" bigint NOT NULL,
        CONSTRAINT "beacon_index_updates_beacon_address_check" CHECK ("beacon_address" ~ '^0x[0-9a-f]{40}$'),
        CONSTRAINT "beacon_index_updates_pkey" PRIMARY KEY ("block_number", "log_index")
      )`);
    await queryRunner.query(`CREATE INDEX "beacon_index_updates_beacon_idx" ON "beacon_index_updates" ("beacon_address", "block_number", "log_index")`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "beacon_index_updates"`);
    await queryRunner.query(`DROP TABLE "chain_cursor_blocks"`);
    await queryRunner.query(`DROP TABLE "chain_cursor"`);
  }
}
