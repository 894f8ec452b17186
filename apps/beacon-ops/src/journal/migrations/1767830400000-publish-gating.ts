import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Publish gating reads a beacon's last ECDSA update still standing (sent, not failed) from the
 * journal: the newest row of that kind for the beacon. An ECDSA update names exactly one beacon,
 * so its first element is the key; the index makes that read one index probe however long the
 * beacon's history is (the GIN index on beacon_addresses cannot order by id).
 */
export class PublishGating1767830400000 implements MigrationInterface {
  name = 'PublishGating1767830400000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE INDEX "tx_journal_ecdsa_publishes" ON "tx_journal" (("beacon_addresses"[1]), "id" DESC)
       WHERE "request_kind" IN ('update_beacon_with_ecdsa_adapter', 'update_group_beacon_with_ecdsa_adapter')`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "tx_journal_ecdsa_publishes"`);
  }
}
