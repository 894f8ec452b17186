import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * One idempotency layer: the request fingerprint lives in the key's claim (idempotency_keys)
 * only; a journal row carries the key, which the claim has already checked the request against.
 *
 * Expand, not drop: during a rolling deploy the previous release still inserts
 * request_fingerprint and would fail on a dropped column, so this release only stops requiring
 * it (its rows leave it NULL). A later release, once no replica of the previous one runs,
 * drops it (the contract step).
 */
export class OneIdempotencyLayer1767744000000 implements MigrationInterface {
  name = 'OneIdempotencyLayer1767744000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "tx_journal" ALTER COLUMN "request_fingerprint" DROP NOT NULL`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    // Rows written by this release have no fingerprint: a placeholder (the old code compared it only on a retry with a key).
    await queryRunner.query(`UPDATE "tx_journal" SET "request_fingerprint" = repeat('0', 64) WHERE "request_fingerprint" IS NULL`);
    await queryRunner.query(`ALTER TABLE "tx_journal" ALTER COLUMN "request_fingerprint" SET NOT NULL`);
  }
}
