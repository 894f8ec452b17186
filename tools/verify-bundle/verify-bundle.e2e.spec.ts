import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { verifyBundle } from './verify-bundle';
import { VerifyError } from './verify-error';

const REPO_ROOT = join(__dirname, '..', '..');

/** Both bundles, as a deploy uses them: npm ci alone, migrate twice, boot with production settings only, real requests. */
describe('deployable bundles', () => {
  beforeAll(() => {
    execFileSync('npx', ['nx', 'run-many', '-t', 'bundle', '-p', 'market-data', 'beacon-ops', '--outputStyle=static'], {
      cwd: REPO_ROOT,
      env: { ...process.env, NX_DAEMON: 'false', NX_NO_CLOUD: 'true' },
      stdio: 'pipe',
      timeout: 240_000,
    });
  }, 250_000);

  it.each(['market-data', 'beacon-ops'] as const)(
    '%s installs alone, migrates, serves and answers authenticated requests',
    async (app) => {
      const report = await verifyBundle(app).catch((error: VerifyError) => {
        throw new Error(`${error.message}\n--- output of the failing process ---\n${error.output ?? '(none)'}`);
      });
      expect(report.installedBytes).toBeGreaterThan(report.bundleBytes);
      expect(report.timings.map(([step]) => step)).toContain('node main.js migrate (again)');
      expect(report.migrateOutput.filter((line) => line.endsWith(': up to date'))).toHaveLength(app === 'market-data' ? 3 : 1);
    },
    240_000,
  );
});
