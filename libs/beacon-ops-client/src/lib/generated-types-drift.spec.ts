import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';

const ROOT = join(__dirname, '..', '..', '..', '..');

// The types are committed (a fresh clone builds and tests without generating anything); this keeps them what the committed document gives.
it('src/generated/beacon-ops-api.ts is what apps/beacon-ops/openapi.json gives (else: nx run beacon-ops-client:generate-types)', async () => {
  const run = promisify(execFile)(
    process.execPath,
    [
      '-r',
      './tools/ts-register.js',
      'tools/openapi-client/generate-types.ts',
      'apps/beacon-ops/openapi.json',
      'libs/beacon-ops-client/src/generated/beacon-ops-api.ts',
      '--check',
    ],
    { cwd: ROOT },
  );
  await expect(run.then(() => 'up to date')).resolves.toBe('up to date');
}, 60_000);
