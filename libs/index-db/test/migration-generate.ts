/**
 * `nx run index-db:migration-generate --store=index|source --name=AddSomething`: writes the
 * migration that brings a freshly migrated database to the entities, into the store's
 * migrations folder. Needs no running database (a throw-away Postgres is started).
 * Review it (directions, partial and expression indexes are hand-written) and register it.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { startTestPostgres } from '@perp/local-infra';
import { migrationSource } from '../src/lib/migration-source';
import { StoreName } from '../src/lib/store-options';
import { driftAfterMigrations } from './schema-check';

function argument(name: string): string | undefined {
  const prefix = `--${name}=`;
  const inline = process.argv.find((a) => a.startsWith(prefix));
  if (inline) return inline.slice(prefix.length);
  const at = process.argv.indexOf(`--${name}`);
  return at >= 0 ? process.argv[at + 1] : undefined;
}

async function main(): Promise<void> {
  const store = argument('store') as StoreName | undefined;
  const name = argument('name');
  if ((store !== 'index' && store !== 'source') || !name || !/^[A-Z][A-Za-z0-9]*$/.test(name)) {
    throw new Error('Usage: migration-generate --store=index|source --name=PascalCaseName');
  }
  const server = await startTestPostgres();
  try {
    const drift = await driftAfterMigrations(server, store);
    if (drift.up.length === 0) {
      console.log(`${store} store: nothing to generate, entities and migrations agree.`);
      return;
    }
    const timestamp = Date.now();
    const kebab = name.replace(/([a-z0-9])([A-Z])/g, '$1-$2').toLowerCase();
    const file = join(__dirname, '..', 'src', 'migrations', `${store}-store`, `${timestamp}-${kebab}.ts`);
    writeFileSync(file, migrationSource(name, timestamp, drift.up, [...drift.down].reverse()));
    console.log(`Wrote ${file}\nRegister ${name}${timestamp} in libs/index-db/src/migrations/index.ts.`);
  } finally {
    await server.stop();
  }
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
