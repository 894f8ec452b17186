import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { relative } from 'node:path';
import type { OpenAPIObject } from '@nestjs/swagger';
import { openApiDrift } from './openapi-drift';
import { stableJson } from './stable-json';

/**
 * The body of each app's `openapi` target: writes the document `build` gives to `file`
 * (sorted keys, 2-space JSON, trailing newline). With `--check` it writes nothing and returns
 * 1, saying which operations and schemas differ, when the committed file is not what the code
 * gives. Returns the exit code.
 */
export async function runOpenApiExport(file: string, build: () => Promise<OpenAPIObject>, args: string[], target: string): Promise<number> {
  const unknown = args.filter((arg) => arg !== '--check');
  if (unknown.length > 0) {
    console.error(`Unknown argument ${unknown.join(' ')}\nUsage: npx nx run ${target} [--check]`);
    return 2;
  }
  const name = relative(process.cwd(), file);
  const document = await build();
  if (!args.includes('--check')) {
    const text = stableJson(document);
    if (existsSync(file) && readFileSync(file, 'utf8') === text) console.log(`${name}: up to date`);
    else {
      writeFileSync(file, text);
      console.log(`${name}: written`);
    }
    return 0;
  }
  const drift = openApiDrift(file, document);
  if (drift === undefined) {
    console.log(`${name}: up to date`);
    return 0;
  }
  console.error(`${name}: ${drift}\n\nOut of date: run npx nx run ${target} (or npm run openapi) and commit the result`);
  return 1;
}
