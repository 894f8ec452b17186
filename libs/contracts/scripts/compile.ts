// Compiles the Solidity sources with the solc npm package (wasm, no download) and generates the
// typed ethers bindings. Run from the workspace root: nx run contracts:build-artifacts.
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import solc from 'solc';
import { runTypeChain } from 'typechain';

const PROJECT_ROOT = join(__dirname, '..');
const GENERATED = join(PROJECT_ROOT, 'generated');

/**
 * Production sources, test fixtures and the Perp City protocol double land in separate artifact
 * and type sets, so the production entry point can never pull a fixture or the double in by
 * accident. The double (perp-double/, dev chains and tests only) imports `@uniswap/v4-core` and
 * `solady` from node_modules and is compiled on its own, so its settings can never change the
 * bytecode of the production set.
 */
const SETS = [
  { sourceDir: 'solidity', artifactsDir: 'artifacts', typesDir: 'types', unit: 'beacons' },
  { sourceDir: 'test-fixtures', artifactsDir: 'test-artifacts', typesDir: 'test-types', unit: 'beacons' },
  { sourceDir: 'perp-double', artifactsDir: 'double-artifacts', typesDir: 'double-types', unit: 'double' },
] as const;

/** Packages a source may import by name (`@uniswap/v4-core/src/...`, `solady/src/...`). */
const PACKAGE_IMPORTS = ['@uniswap/v4-core/', 'solady/'];
const NODE_MODULES = join(PROJECT_ROOT, '..', '..', 'node_modules');

const SETTINGS = {
  optimizer: { enabled: true, runs: 200 },
  evmVersion: 'cancun',
  outputSelection: { '*': { '*': ['abi', 'evm.bytecode.object', 'evm.deployedBytecode.object'] } },
};

interface SolcError {
  severity: 'error' | 'warning' | 'info';
  formattedMessage: string;
}

interface SolcContract {
  abi: unknown[];
  evm: { bytecode: { object: string }; deployedBytecode: { object: string } };
}

interface SolcOutput {
  errors?: SolcError[];
  contracts?: Record<string, Record<string, SolcContract>>;
}

/** Source unit names are posix paths relative to the project root, e.g. `solidity/Beacon.sol`. */
function unitName(absolute: string): string {
  return relative(PROJECT_ROOT, absolute).split(sep).join('/');
}

function listSol(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return listSol(path);
    return entry.name.endsWith('.sol') ? [path] : [];
  });
}

/**
 * The double optimises for size (runs 1): the factory carries the Perp's creation code and must stay
 * under the 24 KB code limit the dev chain enforces. Legacy code generation, not via IR: the IR
 * pipeline took minutes of a build the dev stack waits for.
 */
const DOUBLE_SETTINGS = { ...SETTINGS, optimizer: { enabled: true, runs: 1 } };
const UNIT_SETTINGS: Record<string, object> = { beacons: SETTINGS, double: DOUBLE_SETTINGS };

/** The settings an artifact records: the production sets' exactly as before, the double's with its own. */
function artifactSettings(sourceDir: string): object {
  const set = SETS.find((candidate) => candidate.sourceDir === sourceDir);
  if (set?.unit === 'double') return { optimizer: DOUBLE_SETTINGS.optimizer, evmVersion: DOUBLE_SETTINGS.evmVersion };
  return { optimizer: SETTINGS.optimizer, evmVersion: SETTINGS.evmVersion };
}

function compile(files: string[], settings: object): SolcOutput {
  const sources = Object.fromEntries(files.map((file) => [unitName(file), { content: readFileSync(file, 'utf8') }]));
  const input = { language: 'Solidity', sources, settings };
  // Every source is passed in, so the callback only serves an import that points elsewhere.
  const findImports = (path: string) => {
    const absolute = PACKAGE_IMPORTS.some((prefix) => path.startsWith(prefix)) ? join(NODE_MODULES, path) : join(PROJECT_ROOT, path);
    return existsSync(absolute) ? { contents: readFileSync(absolute, 'utf8') } : { error: `not found: ${path}` };
  };
  return JSON.parse(solc.compile(JSON.stringify(input), { import: findImports })) as SolcOutput;
}

function reportDiagnostics(output: SolcOutput): void {
  const diagnostics = output.errors ?? [];
  for (const diagnostic of diagnostics) console.error(diagnostic.formattedMessage);
  if (diagnostics.some((d) => d.severity === 'error')) throw new Error('solc reported errors');
}

function writeArtifacts(output: SolcOutput, sourceDir: string, outDir: string): string[] {
  mkdirSync(outDir, { recursive: true });
  const written = new Map<string, string>();
  for (const [sourceName, contracts] of Object.entries(output.contracts ?? {})) {
    if (!sourceName.startsWith(`${sourceDir}/`)) continue;
    for (const [contractName, contract] of Object.entries(contracts)) {
      // Internal-only libraries have no ABI: nothing to call or type.
      if (contract.abi.length === 0) continue;
      const previous = written.get(contractName);
      if (previous) throw new Error(`contract name ${contractName} in both ${previous} and ${sourceName}`);
      const file = join(outDir, `${contractName}.json`);
      const bytecode = contract.evm.bytecode.object;
      const artifact = {
        contractName,
        sourceName,
        abi: contract.abi,
        bytecode: bytecode ? `0x${bytecode}` : '0x',
        deployedBytecode: contract.evm.deployedBytecode.object ? `0x${contract.evm.deployedBytecode.object}` : '0x',
        compiler: { version: solc.version(), settings: artifactSettings(sourceDir) },
      };
      writeFileSync(file, `${JSON.stringify(artifact, null, 2)}\n`);
      written.set(contractName, sourceName);
    }
  }
  return [...written.keys()].map((name) => join(outDir, `${name}.json`));
}

/**
 * Contracts the double deploys from a package's own compiled artifact, byte for byte (the v4
 * PoolManager is the deployed build: solc 0.8.26, 44444444 runs, via IR; we never recompile it).
 */
const PACKAGE_ARTIFACTS: Record<string, { contractName: string; sourceName: string; path: string }[]> = {
  'perp-double': [
    { contractName: 'PoolManager', sourceName: '@uniswap/v4-core/src/PoolManager.sol', path: '@uniswap/v4-core/out/PoolManager.sol/PoolManager.json' },
  ],
};

interface FoundryArtifact {
  abi: unknown[];
  bytecode: { object: string };
  deployedBytecode: { object: string };
  metadata?: { compiler?: { version?: string }; settings?: { optimizer?: unknown; evmVersion?: string; viaIR?: boolean } };
}

function writePackageArtifacts(sourceDir: string, outDir: string): string[] {
  return (PACKAGE_ARTIFACTS[sourceDir] ?? []).map(({ contractName, sourceName, path }) => {
    const shipped = JSON.parse(readFileSync(join(NODE_MODULES, path), 'utf8')) as FoundryArtifact;
    const hex = (code: string) => (code.startsWith('0x') ? code : `0x${code}`);
    const artifact = {
      contractName,
      sourceName,
      abi: shipped.abi,
      bytecode: hex(shipped.bytecode.object),
      deployedBytecode: hex(shipped.deployedBytecode.object),
      compiler: {
        version: shipped.metadata?.compiler?.version,
        settings: {
          optimizer: shipped.metadata?.settings?.optimizer,
          evmVersion: shipped.metadata?.settings?.evmVersion,
          viaIR: shipped.metadata?.settings?.viaIR,
        },
        shippedIn: path,
      },
    };
    const file = join(outDir, `${contractName}.json`);
    writeFileSync(file, `${JSON.stringify(artifact, null, 2)}\n`);
    return file;
  });
}

/**
 * Makes `target` equal to `source`: changed files are replaced atomically (rename), unchanged
 * ones are left alone, and files `source` lacks are removed (a deleted or renamed contract
 * leaves no stale artifact or type behind).
 */
function syncTree(source: string, target: string): void {
  mkdirSync(target, { recursive: true });
  const wanted = new Set(readdirSync(source));
  for (const name of readdirSync(target)) {
    if (!wanted.has(name)) rmSync(join(target, name), { recursive: true, force: true });
  }
  for (const name of wanted) {
    const from = join(source, name);
    const to = join(target, name);
    if (statSync(from).isDirectory()) {
      if (existsSync(to) && !statSync(to).isDirectory()) rmSync(to, { force: true });
      syncTree(from, to);
    } else if (!existsSync(to) || !readFileSync(from).equals(readFileSync(to))) {
      if (existsSync(to) && statSync(to).isDirectory()) rmSync(to, { recursive: true, force: true });
      renameSync(from, to);
    }
  }
}

async function main(): Promise<void> {
  const started = Date.now();
  const units = [...new Set(SETS.map((set) => set.unit))];
  const outputs = new Map<string, SolcOutput>();
  let files = 0;
  for (const unit of units) {
    const unitFiles = SETS.filter((set) => set.unit === unit).flatMap((set) => listSol(join(PROJECT_ROOT, set.sourceDir)));
    const output = compile(unitFiles, UNIT_SETTINGS[unit]);
    reportDiagnostics(output);
    outputs.set(unit, output);
    files += unitFiles.length;
  }

  // Built in a staging folder, then synced: a test already reading generated/ (a parallel
  // Nx task, or the dev stack's own build) never sees a missing or half-written file.
  const staging = `${GENERATED}.staging-${process.pid}`;
  rmSync(staging, { recursive: true, force: true });
  try {
    for (const set of SETS) {
      const artifacts = [
        ...writeArtifacts(outputs.get(set.unit) as SolcOutput, set.sourceDir, join(staging, set.artifactsDir)),
        ...writePackageArtifacts(set.sourceDir, join(staging, set.artifactsDir)),
      ];
      const { filesGenerated } = await runTypeChain({
        cwd: PROJECT_ROOT,
        filesToProcess: artifacts,
        allFiles: artifacts,
        outDir: join(staging, set.typesDir),
        target: 'ethers-v6',
      });
      console.log(`${set.sourceDir}: ${artifacts.length} artifacts, ${filesGenerated} typechain files`);
    }
    syncTree(staging, GENERATED);
  } finally {
    rmSync(staging, { recursive: true, force: true });
  }
  console.log(`compiled ${files} sources with solc ${solc.version()} in ${Date.now() - started} ms`);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
