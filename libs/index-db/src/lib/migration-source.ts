/**
 * The TypeScript text of a migration class, as `migration:generate` would write it: the
 * generator script uses it, and a hand-written migration keeps the same shape.
 */
export function migrationSource(className: string, timestamp: number, up: string[], down: string[]): string {
  const lines = (queries: string[]) => queries.map((q) => `    await queryRunner.query(${JSON.stringify(q)});`).join('\n');
  return [
    `import { MigrationInterface, QueryRunner } from 'typeorm';`,
    ``,
    `export class ${className}${timestamp} implements MigrationInterface {`,
    `  name = '${className}${timestamp}';`,
    ``,
    `  async up(queryRunner: QueryRunner): Promise<void> {`,
    lines(up),
    `  }`,
    ``,
    `  async down(queryRunner: QueryRunner): Promise<void> {`,
    lines(down),
    `  }`,
    `}`,
    ``,
  ].join('\n');
}
