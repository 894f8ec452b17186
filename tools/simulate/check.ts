/**
 * Checks loaded stores against the simulator's invariants and prints the plan of every
 * spec query path:
 *   node -r ./tools/ts-register.js tools/simulate/check.ts [--index-url U] [--source-url U] [--sample-markets N]
 */
import { DEV_DEFAULTS, devDatabaseUrl } from '@perp/dev-defaults';
import { checkInvariants, explainQueryPaths, plansMarkdown } from '@perp/market-sim';

function option(name: string): string | undefined {
  const at = process.argv.indexOf(`--${name}`);
  return at >= 0 ? process.argv[at + 1] : undefined;
}

async function main(): Promise<void> {
  const indexUrl = option('index-url') ?? process.env['INDEX_DATABASE_URL'] ?? devDatabaseUrl(DEV_DEFAULTS.databases.index);
  const sourceUrl = option('source-url') ?? process.env['SOURCE_DATABASE_URL'] ?? devDatabaseUrl(DEV_DEFAULTS.databases.source);
  const sampleMarkets = Number(option('sample-markets') ?? 'Infinity');
  let failed = false;
  for (const r of await checkInvariants(indexUrl, sourceUrl, { sampleMarkets })) {
    failed ||= r.failures.length > 0;
    console.log(`${r.failures.length ? 'FAIL' : 'ok  '} ${r.name} (${r.checked.toLocaleString('en-US')} checked)`);
    for (const f of r.failures) console.log(`       ${f}`);
  }
  console.log(`\n${plansMarkdown(await explainQueryPaths(indexUrl, sourceUrl))}`);
  if (failed) process.exit(1);
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
