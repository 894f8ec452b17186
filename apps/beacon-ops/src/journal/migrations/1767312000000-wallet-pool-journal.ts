import { MigrationInterface, QueryRunner } from 'typeorm';

/** Wallet leases and nonces, the transaction journal, idempotency keys and beacon locks. */
export class WalletPoolJournal1767312000000 implements MigrationInterface {
  name = 'WalletPoolJournal1767312000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE "wallets" (
        "address" varchar(42) PRIMARY KEY CHECK ("address" ~ '^0x[0-9a-f]{40}$'),
        "next_nonce" bigint CHECK ("next_nonce" >= 0),
        "lease_token" bigint NOT NULL DEFAULT 0,
        "leased_until" timestamptz,
        "leased_by" varchar(128),
        "last_used_at" timestamptz,
        "nonce_synced_at" timestamptz,
        "created_at" timestamptz NOT NULL DEFAULT now(),
        "updated_at" timestamptz NOT NULL DEFAULT now()
      )`);
    await queryRunner.query(`CREATE INDEX "wallets_lru" ON "wallets" ("last_used_at" ASC NULLS FIRST, "address")`);

    await queryRunner.query(`
      CREATE TABLE "tx_journal" (
        "id" bigserial PRIMARY KEY,
        "request_kind" varchar(64) NOT NULL,
        "request" jsonb NOT NULL,
        "request_fingerprint" char(64) NOT NULL,
        "idempotency_key" varchar(255),
        "beacon_addresses" varchar(42)[] NOT NULL DEFAULT '{}',
        "wallet" varchar(42) NOT NULL,
        "nonce" bigint NOT NULL CHECK ("nonce" >= 0),
        "chain_id" bigint NOT NULL,
        "tx_hash" varchar(66) NOT NULL,
        "raw_tx" text NOT NULL,
        "status" varchar(16) NOT NULL CHECK ("status" IN ('pending', 'confirmed', 'failed', 'replaced')),
        "broadcast_count" integer NOT NULL DEFAULT 0,
        "last_broadcast_at" timestamptz,
        "block_number" bigint,
        "block_hash" varchar(66),
        "gas_used" numeric(78, 0),
        "effective_gas_price" numeric(78, 0),
        "receipt_status" smallint,
        "logs" jsonb,
        "error" text,
        "created_at" timestamptz NOT NULL DEFAULT now(),
        "updated_at" timestamptz NOT NULL DEFAULT now(),
        CHECK ("status" <> 'confirmed' OR "block_number" IS NOT NULL)
      )`);
    await queryRunner.query(`CREATE UNIQUE INDEX "tx_journal_tx_hash" ON "tx_journal" ("tx_hash")`);
    // At most one pending transaction per wallet nonce (a second would race the first for it);
    // also the index the reconciler and the nonce checks read pending rows through.
    await queryRunner.query(`CREATE UNIQUE INDEX "tx_journal_live_wallet_nonce" ON "tx_journal" ("wallet", "nonce") WHERE "status" = 'pending'`);
    // One live transaction per idempotency key: a retry finds it instead of sending again.
    await queryRunner.query(
      `CREATE UNIQUE INDEX "tx_journal_live_idempotency_key" ON "tx_journal" ("idempotency_key")
       WHERE "idempotency_key" IS NOT NULL AND ("status" = 'pending' OR "block_number" IS NOT NULL)`,
    );
    // The wallet's last mined nonce: a lower bound for the next one when a node's count lags.
    await queryRunner.query(`CREATE INDEX "tx_journal_mined_wallet_nonce" ON "tx_journal" ("wallet", "nonce" DESC) WHERE "block_number" IS NOT NULL`);
    await queryRunner.query(`CREATE INDEX "tx_journal_beacons" ON "tx_journal" USING gin ("beacon_addresses")`);
    await queryRunner.query(`CREATE INDEX "tx_journal_created_at" ON "tx_journal" ("created_at")`);

    await queryRunner.query(`
      CREATE TABLE "idempotency_keys" (
        "key" varchar(255) PRIMARY KEY,
        "fingerprint" char(64) NOT NULL,
        "status" varchar(16) NOT NULL CHECK ("status" IN ('in_progress', 'completed')),
        "owner" uuid NOT NULL,
        "locked_until" timestamptz NOT NULL,
        "response_status" integer,
        "response_body" json,
        "created_at" timestamptz NOT NULL DEFAULT now(),
        "completed_at" timestamptz
      )`);
    await queryRunner.query(`CREATE INDEX "idempotency_keys_created_at" ON "idempotency_keys" ("created_at")`);

    await queryRunner.query(`
      CREATE TABLE "beacon_locks" (
        "beacon_address" varchar(42) PRIMARY KEY,
        "token" uuid NOT NULL,
        "locked_until" timestamptz NOT NULL,
        "locked_by" varchar(128)
      )`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "beacon_locks"`);
    await queryRunner.query(`DROP TABLE "idempotency_keys"`);
    await queryRunner.query(`DROP TABLE "tx_journal"`);
    await queryRunner.query(`DROP TABLE "wallets"`);
  }
}
