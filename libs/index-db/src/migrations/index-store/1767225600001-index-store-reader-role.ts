import { MigrationInterface, QueryRunner } from 'typeorm';
import { grantReaderStatements, revokeReaderStatements } from '../../lib/reader-role';

/** Read-only access for the API (role market_data_reader): SELECT on every table of the index store. */
export class IndexStoreReaderRole1767225600001 implements MigrationInterface {
  name = 'IndexStoreReaderRole1767225600001';

  async up(queryRunner: QueryRunner): Promise<void> {
    for (const statement of grantReaderStatements()) await queryRunner.query(statement);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    for (const statement of revokeReaderStatements()) await queryRunner.query(statement);
  }
}
