import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { promisify } from 'node:util';

const ROOT = join(__dirname, '..', '..');
const CONFIG = join(ROOT, '.dependency-cruiser.cjs');
const run = promisify(execFile);
// No colours: under `npm test` (FORCE_COLOR from Nx) the report wraps file names in escape codes.
const { FORCE_COLOR: _forced, ...inherited } = process.env;
const PLAIN = { ...inherited, NO_COLOR: '1' };

/** Runs the wall check as each app's `walls` target does, on a tree laid out like the repository. */
async function cruise(root: string, files: Record<string, string>): Promise<{ code: number; report: string }> {
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), text);
  }
  const bin = require.resolve('dependency-cruiser/bin/dependency-cruise.mjs');
  try {
    const { stdout } = await run(process.execPath, [bin, '--config', CONFIG, '--output-type', 'err', 'apps'], { cwd: root, env: PLAIN });
    return { code: 0, report: stdout };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, report: failed.stdout + failed.stderr };
  }
}

// A room that keeps to its walls: controller -> service -> repository, a view on rows it is handed.
const SOUND: Record<string, string> = {
  'apps/market-data/src/fills/fill-row.ts': 'export interface FillRow { id: string }\n',
  'apps/market-data/src/fills/fills.repository.ts':
    "import { FillRow } from './fill-row';\nexport class FillsRepository { read(): FillRow[] { return []; } }\n",
  'apps/market-data/src/fills/fill-views.ts': "import { FillRow } from './fill-row';\nexport const fillView = (row: FillRow) => row.id;\n",
  'apps/market-data/src/fills/fills.service.ts':
    "import { FillsRepository } from './fills.repository';\nimport { fillView } from './fill-views';\nexport class FillsService { constructor(readonly repository: FillsRepository) {} views() { return this.repository.read().map(fillView); } }\n",
  'apps/market-data/src/fills/fills.controller.ts':
    "import { FillsService } from './fills.service';\nexport class FillsController { constructor(readonly service: FillsService) {} }\n",
  'apps/market-data/src/fills/fills.controller.spec.ts':
    "import { FillsRepository } from './fills.repository';\nimport { FillsController } from './fills.controller';\nexport const probe = [FillsRepository, FillsController];\n",
};

describe('app walls (.dependency-cruiser.cjs)', () => {
  let root: string;
  beforeEach(() => {
    root = mkdtempSync(join(tmpdir(), 'app-walls-'));
  });
  afterEach(() => rmSync(root, { recursive: true, force: true }));

  it('passes a room that keeps to its walls (a spec may import what it tests)', async () => {
    const { code, report } = await cruise(root, SOUND);
    expect(report).toContain('no dependency violations found');
    expect(code).toBe(0);
  });

  it('fails on a controller that reads a repository, naming the rule and both files', async () => {
    const { code, report } = await cruise(root, {
      ...SOUND,
      'apps/market-data/src/fills/fills.controller.ts':
        "import { FillsRepository } from './fills.repository';\nexport class FillsController { constructor(readonly repository: FillsRepository) {} }\n",
    });
    expect(code).not.toBe(0);
    expect(report).toMatch(
      /controller-not-to-store: apps\/market-data\/src\/fills\/fills\.controller\.ts → apps\/market-data\/src\/fills\/fills\.repository\.ts/,
    );
  });

  it('fails on a store that calls up into a service, and on a view that reads a store', async () => {
    const { code, report } = await cruise(root, {
      ...SOUND,
      'apps/beacon-ops/src/stores/pool-store.ts':
        "import { PoolService } from '../pool/pool.service';\nexport class PoolStore { constructor(readonly up: typeof PoolService) {} }\n",
      'apps/beacon-ops/src/pool/pool.service.ts': 'export class PoolService {}\n',
      'apps/market-data/src/fills/fill-views.ts':
        "import { FillsRepository } from './fills.repository';\nexport const fillView = (repository: FillsRepository) => repository.read();\n",
    });
    expect(code).not.toBe(0);
    expect(report).toMatch(/store-not-to-service: apps\/beacon-ops\/src\/stores\/pool-store\.ts → apps\/beacon-ops\/src\/pool\/pool\.service\.ts/);
    expect(report).toMatch(/view-not-to-store: apps\/market-data\/src\/fills\/fill-views\.ts → apps\/market-data\/src\/fills\/fills\.repository\.ts/);
  });

  it('fails on a folder cycle and on the file circle under it, naming both', async () => {
    const { code, report } = await cruise(root, {
      ...SOUND,
      // fills -> markets -> fills, through a file circle of two.
      'apps/market-data/src/fills/fill-row.ts':
        "import { MarketRow } from '../markets/market-row';\nexport interface FillRow { id: string; market?: MarketRow }\n",
      'apps/market-data/src/markets/market-row.ts': "import { FillRow } from '../fills/fill-row';\nexport interface MarketRow { last?: FillRow }\n",
    });
    expect(code).not.toBe(0);
    expect(report).toMatch(/no-folder-cycle: apps\/market-data\/src\/fills → \s*apps\/market-data\/src\/markets →\s*apps\/market-data\/src\/fills/);
    expect(report).toMatch(
      /no-file-cycle: apps\/market-data\/src\/fills\/fill-row\.ts → \s*apps\/market-data\/src\/markets\/market-row\.ts →\s*apps\/market-data\/src\/fills\/fill-row\.ts/,
    );
  });

  it('fails on a folder cycle that runs through a third folder, with no file circle', async () => {
    const { code, report } = await cruise(root, {
      ...SOUND,
      'apps/market-data/src/fills/fill-row.ts':
        "import { PAGE } from '../markets/page';\nexport interface FillRow { id: string }\nexport const FILL_PAGE = PAGE;\n",
      'apps/market-data/src/markets/page.ts': "import { LIMIT } from '../common/limit';\nexport const PAGE = LIMIT;\n",
      'apps/market-data/src/common/limit.ts': "import { MAX_FILLS } from '../fills/fill-limits';\nexport const LIMIT = MAX_FILLS;\n",
      'apps/market-data/src/fills/fill-limits.ts': 'export const MAX_FILLS = 500;\n',
    });
    expect(code).not.toBe(0);
    expect(report).toContain('no-folder-cycle: apps/market-data/src/');
    expect(report).not.toContain('no-file-cycle');
  });
});
