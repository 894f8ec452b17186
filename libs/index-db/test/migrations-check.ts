/**
 * `nx run index-db:migrations-check`: fails when the entities and the migrations disagree,
 * i.e. when `migration:generate` against a freshly migrated database would write anything.
 */
import { checkAllStores } from './schema-check';

async function main(): Promise<void> {
  const drift = await checkAllStores();
  let failed = false;
  for (const [store, { up }] of Object.entries(drift)) {
    if (up.length === 0) {
      console.log(`${store} store: entities and migrations agree.`);
      continue;
    }
    failed = true;
    console.error(`${store} store: the entities need ${up.length} more statement(s) than the migrations create:`);
    for (const query of up) console.error(`  ${query};`);
  }
  if (failed) {
    console.error('Write a migration (nx run index-db:migration-generate --store=<store> --name=<Name>) or fix the entities.');
    process.exit(1);
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
