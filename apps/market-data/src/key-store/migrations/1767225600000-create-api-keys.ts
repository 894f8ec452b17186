import { MigrationInterface, QueryRunner } from 'typeorm';

export class CreateApiKeys1767225600000 implements MigrationInterface {
  name = 'CreateApiKeys1767225600000';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(`
      CREATE TABLE api_keys (
        id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
        developer_id text NULL,
        name varchar(100) NOT NULL,
        key_hash bytea NOT NULL,
        key_preview varchar(32) NOT NULL,
        is_active boolean NOT NULL DEFAULT true,
        created_at timestamptz NOT NULL DEFAULT now(),
        last_used_at timestamptz NULL,
        revoked_at timestamptz NULL,
        CONSTRAINT api_keys_key_hash_key UNIQUE (key_hash),
        CONSTRAINT api_keys_key_hash_is_sha256 CHECK (octet_length(key_hash) = 32),
        CONSTRAINT api_keys_revoked_iff_inactive CHECK (is_active = (revoked_at IS NULL))
      )`);
    // A developer's listing, in id order; admin-created bot keys (no developer) stay out of it.
    await runner.query(`CREATE INDEX api_keys_developer_id_idx ON api_keys (developer_id, id) WHERE developer_id IS NOT NULL`);
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query(`DROP TABLE api_keys`);
  }
}
