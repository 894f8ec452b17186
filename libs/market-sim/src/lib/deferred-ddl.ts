import { createHash } from 'node:crypto';
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from 'pg';

/** A secondary index or a foreign key, dropped for a bulk load and created again after it. */
export interface DeferredObject {
  table: string;
  name: string;
  kind: 'index' | 'foreign key';
  definition: string;
}

/**
 * Bulk loads build indexes once at the end (a sort) instead of row by row, and check
 * foreign keys with one join instead of a trigger per row. What was dropped is written to
 * a recovery file first, so that an interrupted run still gets it back on the next run.
 */
export class DeferredDdl {
  private constructor(
    private readonly url: string,
    private readonly objects: DeferredObject[],
    private readonly file: string,
  ) {}

  /** Records, then drops, the secondary indexes and foreign keys of `tables` (primary keys stay). */
  static async defer(url: string, tables: string[]): Promise<DeferredDdl> {
    const file = recoveryFile(url);
    const recovered: DeferredObject[] = existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : [];
    const client = new Client({ connectionString: url });
    await client.connect();
    try {
      const current = await existing(client, tables);
      const objects = [...current, ...recovered.filter((r) => !current.some((c) => c.name === r.name))];
      writeFileSync(file, JSON.stringify(objects, null, 2));
      await client.query('BEGIN');
      for (const o of current.filter((c) => c.kind === 'foreign key')) await client.query(`ALTER TABLE "${o.table}" DROP CONSTRAINT "${o.name}"`);
      for (const o of current.filter((c) => c.kind === 'index')) await client.query(`DROP INDEX "${o.name}"`);
      await client.query('COMMIT');
      return new DeferredDdl(url, objects, file);
    } finally {
      await client.end();
    }
  }

  /** Creates what was dropped (indexes, then foreign keys) and forgets the recovery file. */
  async restore(): Promise<void> {
    const client = new Client({ connectionString: this.url });
    await client.connect();
    try {
      // Index builds sort in memory and may use parallel workers.
      await client.query(`SET maintenance_work_mem = '1GB'`);
      await client.query('SET max_parallel_maintenance_workers = 2');
      const present = new Set(
        (await client.query(`SELECT conname AS name FROM pg_constraint UNION SELECT relname FROM pg_class WHERE relkind = 'i'`)).rows.map((r) => r.name),
      );
      for (const o of this.objects.filter((x) => x.kind === 'index' && !present.has(x.name))) await client.query(o.definition);
      for (const o of this.objects.filter((x) => x.kind === 'foreign key' && !present.has(x.name))) {
        await client.query(`ALTER TABLE "${o.table}" ADD CONSTRAINT "${o.name}" ${o.definition}`);
      }
      rmSync(this.file, { force: true });
    } finally {
      await client.end();
    }
  }
}

async function existing(client: Client, tables: string[]): Promise<DeferredObject[]> {
  const foreignKeys = await client.query(
    `SELECT conrelid::regclass::text AS table, conname AS name, pg_get_constraintdef(oid) AS definition
       FROM pg_constraint WHERE contype = 'f' AND conrelid::regclass::text = ANY($1) ORDER BY conname`,
    [tables],
  );
  const indexes = await client.query(
    `SELECT i.indrelid::regclass::text AS table, c.relname AS name, pg_get_indexdef(i.indexrelid) AS definition
       FROM pg_index i JOIN pg_class c ON c.oid = i.indexrelid
      WHERE i.indrelid::regclass::text = ANY($1)
        AND NOT EXISTS (SELECT 1 FROM pg_constraint k WHERE k.conindid = i.indexrelid AND k.conrelid = i.indrelid)
      ORDER BY c.relname`,
    [tables],
  );
  return [
    ...foreignKeys.rows.map((r) => ({ table: r.table, name: r.name, kind: 'foreign key' as const, definition: r.definition })),
    ...indexes.rows.map((r) => ({ table: r.table, name: r.name, kind: 'index' as const, definition: r.definition })),
  ];
}

function recoveryFile(url: string): string {
  const parsed = new URL(url);
  parsed.password = '';
  const hash = createHash('sha256').update(parsed.toString()).digest('hex').slice(0, 16);
  return join(tmpdir(), `perp-simulate-deferred-${hash}.json`);
}
