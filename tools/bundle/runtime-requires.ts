import { builtinModules } from 'node:module';

const BUILTINS = new Set(builtinModules);

/** The package a bare specifier loads: `@scope/name` or `name` (a deep path like `typeorm/driver/x` counts as `typeorm`). */
export function packageName(specifier: string): string {
  const parts = specifier.split('/');
  return specifier.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0];
}

/**
 * The packages a webpack-built main.js loads at run time: every `require("...")` with a literal
 * bare specifier (webpack writes externals that way), minus Node's own modules. Sorted, distinct.
 */
export function runtimeRequires(mainJs: string): string[] {
  const names = new Set<string>();
  for (const match of mainJs.matchAll(/\brequire\((["'])([^"'\s]+)\1\)/g)) {
    const specifier = match[2];
    if (specifier.startsWith('.') || specifier.startsWith('/') || specifier.startsWith('node:') || BUILTINS.has(specifier)) continue;
    if (BUILTINS.has(specifier.split('/')[0])) continue;
    names.add(packageName(specifier));
  }
  return [...names].sort();
}
