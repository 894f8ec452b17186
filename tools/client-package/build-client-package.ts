/**
 * `node -r ./tools/ts-register.js tools/client-package/build-client-package.ts <lib> [outDir]`
 *
 * Builds libs/<lib> into an npm package a bot outside this repository installs: ESM (esm/) and
 * CJS (cjs/) with their own declarations, a package.json whose `exports` map resolves under
 * node16/nodenext, bundler and classic node10, with only the runtime dependencies (openapi-fetch,
 * at the workspace's own version) and the lib's README. The default outDir is dist/libs/<lib>,
 * the build target's output.
 */
import { execFile } from 'node:child_process';
import { copyFileSync, existsSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

const ROOT = resolve(__dirname, '..', '..');
/** What the clients require at run time; everything else they import is types or relative. */
export const RUNTIME_DEPENDENCIES = ['openapi-fetch'];

interface LibManifest {
  name: string;
  version: string;
  description?: string;
  license?: string;
}

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? filesUnder(path) : [path];
  });
}

/**
 * Node's ESM loader needs the file extension of a relative import (and TypeScript's node16
 * resolution checks it in the declarations too); the sources omit it, as the workspace's CJS does.
 */
export function withJsExtensions(text: string, dir: string): string {
  return text.replace(/(\bfrom\s+|\bimport\s*\(\s*|\bimport\s+)(['"])(\.{1,2}\/[^'"]+)\2/g, (whole, lead: string, quote: string, spec: string) => {
    if (/\.(m|c)?js$/.test(spec)) return whole;
    const target = resolve(dir, spec);
    const file = existsSync(`${target}.js`) || existsSync(`${target}.d.ts`) ? `${spec}.js` : `${spec}/index.js`;
    return `${lead}${quote}${file}${quote}`;
  });
}

async function tsc(libDir: string, outDir: string, module: string, moduleResolution: string): Promise<void> {
  await run(
    process.execPath,
    [
      join(ROOT, 'node_modules', 'typescript', 'bin', 'tsc'),
      ...['-p', 'tsconfig.lib.json', '--rootDir', 'src', '--outDir', outDir],
      ...['--module', module, '--moduleResolution', moduleResolution],
      // No tslib at run time (the workspace sets importHelpers), no maps pointing at sources that are not shipped.
      ...['--importHelpers', 'false', '--sourceMap', 'false', '--declaration', 'true', '--declarationMap', 'false'],
    ],
    { cwd: libDir },
  );
}

export async function buildClientPackage(lib: string, outDir = join(ROOT, 'dist', 'libs', lib)): Promise<string> {
  const libDir = join(ROOT, 'libs', lib);
  const manifest = JSON.parse(readFileSync(join(libDir, 'package.json'), 'utf8')) as LibManifest;
  const workspace = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { dependencies: Record<string, string> };
  rmSync(outDir, { recursive: true, force: true });

  await Promise.all([tsc(libDir, join(outDir, 'cjs'), 'commonjs', 'node10'), tsc(libDir, join(outDir, 'esm'), 'es2022', 'bundler')]);
  for (const file of filesUnder(join(outDir, 'esm')).filter((f) => f.endsWith('.js') || f.endsWith('.d.ts'))) {
    writeFileSync(file, withJsExtensions(readFileSync(file, 'utf8'), dirname(file)));
  }
  // Each folder says how its .js and .d.ts are read, whatever the consumer's own package says.
  writeFileSync(join(outDir, 'esm', 'package.json'), `${JSON.stringify({ type: 'module' }, null, 2)}\n`);
  writeFileSync(join(outDir, 'cjs', 'package.json'), `${JSON.stringify({ type: 'commonjs' }, null, 2)}\n`);

  const dependencies: Record<string, string> = {};
  for (const name of RUNTIME_DEPENDENCIES) {
    const range = workspace.dependencies[name];
    if (!range) throw new Error(`${name} is not a dependency of the workspace's package.json`);
    dependencies[name] = range;
  }
  const leftover = filesUnder(outDir).filter((f) => /@perp\//.test(readFileSync(f, 'utf8')));
  if (leftover.length > 0) throw new Error(`A workspace path alias (@perp/...) is left in ${leftover.join(', ')}`);

  const pkg = {
    name: manifest.name,
    version: manifest.version,
    description: manifest.description,
    license: manifest.license,
    type: 'commonjs',
    main: './cjs/index.js',
    module: './esm/index.js',
    types: './cjs/index.d.ts',
    exports: {
      '.': {
        import: { types: './esm/index.d.ts', default: './esm/index.js' },
        require: { types: './cjs/index.d.ts', default: './cjs/index.js' },
      },
      './package.json': './package.json',
    },
    files: ['cjs', 'esm', 'README.md'],
    sideEffects: false,
    engines: { node: '>=20' },
    dependencies,
  };
  writeFileSync(join(outDir, 'package.json'), `${JSON.stringify(pkg, null, 2)}\n`);
  copyFileSync(join(libDir, 'README.md'), join(outDir, 'README.md'));
  return outDir;
}

if (require.main === module) {
  const [lib, outDir] = process.argv.slice(2);
  if (!lib) {
    console.error('Usage: build-client-package.ts <lib> [outDir]');
    process.exit(2);
  }
  buildClientPackage(lib, outDir && resolve(outDir)).then(
    (dir) => console.log(`Built ${dir}`),
    (error: { stdout?: string; message?: string }) => {
      // tsc reports its errors on stdout.
      console.error(error.stdout || error.message || error);
      process.exit(1);
    },
  );
}
