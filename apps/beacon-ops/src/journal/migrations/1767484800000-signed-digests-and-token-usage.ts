import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * What the signer signed, per transaction (the verifying adapter and the EIP-712 digest), so a
 * signature seen anywhere traces back to its request; and each token's usage per time window,
 * shared by every replica (see TokenUsage). A token is stored only as its sha256.
 */
export class SignedDigestsAndTokenUsage1767484800000 implements MigrationInterface {
  name = 'SignedDigestsAndTokenUsage1767484800000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      ALTER TABLE "tx_journal"
        ADD COLUMN "signed_verifier" varchar(42),
        ADD COLUMN "signed_digest" varchar(66),
        ADD CONSTRAINT "tx_journal_signed_pair" CHECK (("signed_verifier" IS NULL) = ("signed_digest" IS NULL))`);
    await queryRunner.query(`CREATE INDEX "tx_journal_signed_digest" ON "tx_journal" ("signed_digest") WHERE "signed_digest" IS NOT NULL`);
    await queryRunner.query(`
      CREATE TABLE "token_usage" (
        "token_hash" char(64) NOT NULL,
        "metric" varchar(16) NOT NULL,
        "window_start" timestamptz NOT NULL,
        "amount" numeric(78, 0) NOT NULL CHECK ("amount" >= 0),
        PRIMARY KEY ("token_hash", "metric", "window_start")
      )`);
    await queryRunner.query(`CREATE INDEX "token_usage_window_start" ON "token_usage" ("window_start")`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "token_usage"`);
    await queryRunner.query(`DROP INDEX "tx_journal_signed_digest"`);
    await queryRunner.query(`ALTER TABLE "tx_journal" DROP CONSTRAINT "tx_journal_signed_pair", DROP COLUMN "signed_digest", DROP COLUMN "signed_verifier"`);
  }
}
