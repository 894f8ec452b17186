/**
 * `npm run openapi [-- --check]`
 *
 * Writes each service's OpenAPI document, built from its code without any database or chain,
 * to apps/<service>/openapi.json (sorted keys, 2-space JSON, trailing newline). With --check it
 * writes nothing and exits 1, saying which operations and schemas differ, when a committed
 * file is not what the code gives. CI runs the same comparison as a Jest test
 * (openapi-drift.spec.ts).
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describeDrift, REPO_ROOT, SERVICES, stableJson } from './documents';

async function main(): Promise<number> {
  const args = process.argv.slice(2);
  const unknown = args.filter((arg) => arg !== '--check');
  if (unknown.length > 0) {
    console.error(`Unknown argument ${unknown.join(' ')}\nUsage: npm run openapi [-- --check]`);
    return 2;
  }
  const check = args.includes('--check');
  let drifted = 0;
  for (const service of SERVICES) {
    const text = stableJson(await service.build());
    const path = join(REPO_ROOT, service.file);
    const committed = existsSync(path) ? readFileSync(path, 'utf8') : undefined;
    if (!check) {
      if (committed === text) console.log(`${service.file}: up to date`);
      else {
        writeFileSync(path, text);
        console.log(`${service.file}: written`);
      }
      continue;
    }
    if (committed === text) {
      console.log(`${service.file}: up to date`);
      continue;
    }
    drifted++;
    if (committed === undefined) {
      console.error(`${service.file}: missing`);
      continue;
    }
    let lines: string[];
    try {
      lines = describeDrift(JSON.parse(committed), JSON.parse(text));
    } catch {
      lines = ['  the file is not valid JSON'];
    }
    // Same document, other bytes: hand-edited formatting or key order.
    if (lines.length === 0) lines = ['  same document, formatted differently'];
    console.error(`${service.file}: differs from the code\n${lines.join('\n')}`);
  }
  if (drifted > 0) {
    console.error(`\n${drifted} OpenAPI document(s) out of date: run npm run openapi and commit the result`);
    return 1;
  }
  return 0;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  },
);
