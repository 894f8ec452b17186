/**
 * `node -r ./tools/ts-register.js tools/openapi-client/generate-types.ts <openapi.json> <out.ts> [--check]`:
 * writes the TypeScript types of a committed OpenAPI document (openapi-typescript), for the
 * typed client libs (`nx run market-data-client:generate-types`). With --check it writes
 * nothing and exits 1 when `out.ts` is not what the document gives (the libs' drift specs).
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { relative, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import openapiTS, { astToString } from 'openapi-typescript';

const ROOT = resolve(__dirname, '..', '..');

export async function openApiTypes(documentFile: string): Promise<string> {
  const ast = await openapiTS(pathToFileURL(documentFile), { alphabetize: true });
  const source = relative(ROOT, documentFile);
  return `/**\n * Generated from ${source} by openapi-typescript: do not edit.\n * Regenerate: nx run-many -t generate-types (after nx run <app>:openapi).\n */\n\n${astToString(ast)}`;
}

async function main(args: string[]): Promise<number> {
  const [documentFile, outFile] = args.filter((arg) => !arg.startsWith('--')).map((file) => resolve(file));
  if (!documentFile || !outFile) {
    console.error('usage: generate-types.ts <openapi.json> <out.ts> [--check]');
    return 2;
  }
  const types = await openApiTypes(documentFile);
  if (args.includes('--check')) {
    if (existsSync(outFile) && readFileSync(outFile, 'utf8') === types) return 0;
    console.error(
      `${relative(ROOT, outFile)} is stale: it is not what ${relative(ROOT, documentFile)} gives (run nx run-many -t generate-types and commit it)`,
    );
    return 1;
  }
  writeFileSync(outFile, types);
  console.error(`wrote ${relative(ROOT, outFile)}`);
  return 0;
}

if (require.main === module) {
  main(process.argv.slice(2)).then(
    (code) => process.exit(code),
    (error: unknown) => {
      console.error(error instanceof Error ? error.message : error);
      process.exit(1);
    },
  );
}
