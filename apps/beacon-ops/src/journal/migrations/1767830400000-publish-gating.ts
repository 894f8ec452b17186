import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Publish gating (gating/).
 *
 * It reads a beacon's last ECDSA update still standing (sent, not failed) from the journal: the
 * newest row of that kind for the beacon. An ECDSA update names exactly one beacon, so its first
 * element is the key; the index makes that read one index probe however long the beacon's history
 * is (the GIN index on beacon_addresses cannot order by id).
 *
 * beacon_gating: the per-beacon overrides of the gating settings (NULL: the setting's value).
 */
export class PublishGating1767830400000 implements MigrationInterface {
  name = 'PublishGating1767830400000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE INDEX "tx_journal_ecdsa_publishes" ON "tx_journal" (("beacon_addresses"[1]), "id" DESC)
       WHERE "request_kind" IN ('update_beacon_with_ecdsa_adapter', 'update_group_beacon_with_ecdsa_adapter')`,
    );
    await queryRunner.query(`
      CREATE TABLE "beacon_gating" (
        "beacon_address" varchar(42) PRIMARY KEY,
        "heartbeat_seconds" integer CHECK ("heartbeat_seconds" BETWEEN 0 AND 604800),
        "min_interval_seconds" integer CHECK ("min_interval_seconds" BETWEEN 0 AND 604800),
        "idle_min_interval_seconds" integer CHECK ("idle_min_interval_seconds" BETWEEN 0 AND 604800),
        "tier" varchar(8) CHECK ("tier" IN ('active', 'idle', 'dormant')),
        "updated_at" timestamptz NOT NULL DEFAULT now()
      )`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "beacon_gating"`);
    await queryRunner.query(`DROP INDEX "tx_journal_ecdsa_publishes"`);
  }
}
