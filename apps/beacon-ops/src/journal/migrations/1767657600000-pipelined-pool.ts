import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Several transactions in flight per wallet: a journal row carries its maximum cost (the funds
 * check sums the pending ones) and the hashes it was sent under before a fee-bumped re-send
 * (any of them may be the one mined). Wallet leases and their accounted funds are gone: a
 * wallet's nonce is taken by a compare-and-set in the journal insert itself.
 */
export class PipelinedPool1767657600000 implements MigrationInterface {
  name = 'PipelinedPool1767657600000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      ALTER TABLE "tx_journal"
        ADD COLUMN "max_cost" numeric(78, 0) NOT NULL DEFAULT 0 CHECK ("max_cost" >= 0),
        ADD COLUMN "previous_hashes" varchar(66)[] NOT NULL DEFAULT '{}'`);
    // The funds check reads a wallet's rows mined since its balance was read.
    await queryRunner.query(`CREATE INDEX "tx_journal_wallet_updated_at" ON "tx_journal" ("wallet", "updated_at")`);
    await queryRunner.query(`
      ALTER TABLE "wallets"
        DROP COLUMN "lease_token", DROP COLUMN "leased_until", DROP COLUMN "leased_by",
        DROP COLUMN "balance_wei", DROP COLUMN "balance_read_at", DROP COLUMN "committed_wei"`);
    // Claims and locks now live seconds, renewed by their holder's heartbeat: say who holds a claim.
    await queryRunner.query(`ALTER TABLE "idempotency_keys" ADD COLUMN "holder" varchar(128)`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "idempotency_keys" DROP COLUMN "holder"`);
    await queryRunner.query(`
      ALTER TABLE "wallets"
        ADD COLUMN "lease_token" bigint NOT NULL DEFAULT 0, ADD COLUMN "leased_until" timestamptz, ADD COLUMN "leased_by" varchar(128),
        ADD COLUMN "balance_wei" numeric(78, 0), ADD COLUMN "balance_read_at" timestamptz, ADD COLUMN "committed_wei" numeric(78, 0) NOT NULL DEFAULT 0`);
    await queryRunner.query(`DROP INDEX "tx_journal_wallet_updated_at"`);
    await queryRunner.query(`ALTER TABLE "tx_journal" DROP COLUMN "previous_hashes", DROP COLUMN "max_cost"`);
  }
}
