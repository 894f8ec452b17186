// Lets `node -r ./tools/ts-register.js some.ts` run the TypeScript tools and the libs they
// import (path aliases from tsconfig.base.json), transpile-only: type checks are the
// `typecheck` targets' job, and decorator metadata still comes out of transpileModule.
const { readFileSync } = require('node:fs');
const { join } = require('node:path');

process.env.TS_NODE_PROJECT ??= join(__dirname, 'tsconfig.json');
process.env.TS_NODE_TRANSPILE_ONLY ??= 'true';
require('ts-node').register();

const { compilerOptions } = JSON.parse(readFileSync(join(__dirname, '..', 'tsconfig.base.json'), 'utf8'));
require('tsconfig-paths').register({ baseUrl: join(__dirname, '..'), paths: compilerOptions.paths });
