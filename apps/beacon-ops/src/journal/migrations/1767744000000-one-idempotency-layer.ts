import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * One idempotency layer: the request fingerprint lives in the key's claim (idempotency_keys)
 * only; a journal row carries the key, which the claim has already checked the request against.
 */
export class OneIdempotencyLayer1767744000000 implements MigrationInterface {
  name = 'OneIdempotencyLayer1767744000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "tx_journal" DROP COLUMN "request_fingerprint"`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    // The old fingerprints are gone: rows get a placeholder (the old code compared it only on a retry with a key).
    await queryRunner.query(`ALTER TABLE "tx_journal" ADD COLUMN "request_fingerprint" char(64) NOT NULL DEFAULT repeat('0', 64)`);
    await queryRunner.query(`ALTER TABLE "tx_journal" ALTER COLUMN "request_fingerprint" DROP DEFAULT`);
  }
}
