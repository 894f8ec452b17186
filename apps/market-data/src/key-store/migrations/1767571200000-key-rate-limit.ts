import { MigrationInterface, QueryRunner } from 'typeorm';

/** A per-key rate-limit override (requests per window); null = the API_KEY_RATE_LIMIT default. */
export class KeyRateLimit1767571200000 implements MigrationInterface {
  name = 'KeyRateLimit1767571200000';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(`ALTER TABLE api_keys ADD COLUMN rate_limit integer NULL CONSTRAINT api_keys_rate_limit_positive CHECK (rate_limit > 0)`);
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query(`ALTER TABLE api_keys DROP COLUMN rate_limit`);
  }
}
