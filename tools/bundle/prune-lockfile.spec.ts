import { Lockfile, pruneLockfile, resolveInLock } from './prune-lockfile';
import { packageName, runtimeRequires } from './runtime-requires';

const root: Lockfile = {
  lockfileVersion: 3,
  packages: {
    '': { name: 'workspace', dependencies: { a: '1.0.0', tool: '1.0.0' } },
    'node_modules/a': { version: '1.0.0', dependencies: { b: '^1.0.0' }, optionalDependencies: { 'native-x': '1', 'native-y': '1' } },
    'node_modules/a/node_modules/b': { version: '1.2.0', peerDependencies: { c: '*', d: '*' }, peerDependenciesMeta: { d: { optional: true } } },
    'node_modules/b': { version: '2.0.0', dev: true },
    'node_modules/c': { version: '1.0.0', peer: true },
    'node_modules/d': { version: '1.0.0', dev: true },
    'node_modules/native-x': { version: '1.0.0', optional: true, dev: true },
    'node_modules/tool': { version: '1.0.0', dev: true, dependencies: { b: '^2.0.0' } },
  },
};

describe('pruneLockfile', () => {
  it('keeps what the dependencies install, at the same paths, as production entries', () => {
    const lock = pruneLockfile(root, { name: 'app', version: '0.1.0', dependencies: { a: '1.0.0' } });
    expect(Object.keys(lock.packages)).toEqual(['', 'node_modules/a', 'node_modules/a/node_modules/b', 'node_modules/c', 'node_modules/native-x']);
    expect(lock.packages['']).toEqual({ name: 'app', version: '0.1.0', dependencies: { a: '1.0.0' } });
    expect(lock.packages['node_modules/c']).toEqual({ version: '1.0.0' });
    // Reached only through an optional edge; another platform's binary (native-y) is simply absent.
    expect(lock.packages['node_modules/native-x']).toEqual({ version: '1.0.0', optional: true });
  });

  it('refuses a required dependency the root lockfile lacks', () => {
    expect(() => pruneLockfile(root, { name: 'app', version: '0.1.0', dependencies: { missing: '1.0.0' } })).toThrow(/missing, required by app/);
  });

  it('resolves like Node: nested first, then each parent', () => {
    expect(resolveInLock(root.packages, 'node_modules/a', 'b')).toBe('node_modules/a/node_modules/b');
    expect(resolveInLock(root.packages, 'node_modules/a/node_modules/b', 'c')).toBe('node_modules/c');
    expect(resolveInLock(root.packages, 'node_modules/tool', 'b')).toBe('node_modules/b');
  });
});

describe('runtimeRequires', () => {
  it("lists the packages a webpack bundle requires, without Node's own modules or relative paths", () => {
    const mainJs = 'module.exports = require("tslib"); require("node:fs"); require("path"); require("@nestjs/core/x"); require(\'./chunk\'); require(name);';
    expect(runtimeRequires(mainJs)).toEqual(['@nestjs/core', 'tslib']);
    expect(packageName('typeorm/driver/postgres')).toBe('typeorm');
  });
});
