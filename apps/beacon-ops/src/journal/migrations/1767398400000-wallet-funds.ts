import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Each wallet's accounted funds, shared by every replica: the last balance read from the chain
 * and what the pool may still spend beyond it (see WalletFunds). A send checks the floor
 * against them instead of reading the balance from the chain every time.
 */
export class WalletFunds1767398400000 implements MigrationInterface {
  name = 'WalletFunds1767398400000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      ALTER TABLE "wallets"
        ADD COLUMN "balance_wei" numeric(78, 0) CHECK ("balance_wei" >= 0),
        ADD COLUMN "balance_read_at" timestamptz,
        ADD COLUMN "committed_wei" numeric(78, 0) NOT NULL DEFAULT 0 CHECK ("committed_wei" >= 0)`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "wallets" DROP COLUMN "committed_wei", DROP COLUMN "balance_read_at", DROP COLUMN "balance_wei"`);
  }
}
