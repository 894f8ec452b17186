/**
 * Verifies deployable bundles as a deploy would use them (see verify-bundle.ts). Build them first:
 *   npx nx run-many -t bundle -p market-data beacon-ops indexer
 *   node -r ./tools/ts-register.js tools/verify-bundle/main.ts market-data beacon-ops indexer
 * Exit code 0 when every bundle passed, 1 with the reason and the failing process's output.
 */
import { BUNDLE_APPS, BundleApp } from '../bundle/make-bundle';
import { megabytes } from './disk-usage';
import { verifyBundle, VerifyReport } from './verify-bundle';
import { VerifyError } from './verify-error';

function printReport(report: VerifyReport): void {
  const total = report.timings.reduce((sum, [, ms]) => sum + ms, 0);
  console.log(`\n${report.app} bundle verified in ${(total / 1000).toFixed(1)} s`);
  console.log(`  size on disk: ${megabytes(report.bundleBytes)} bundle, ${megabytes(report.installedBytes)} after npm ci --omit=dev`);
  console.log(`  timings: ${report.timings.map(([step, ms]) => `${step} ${(ms / 1000).toFixed(1)} s`).join(' | ')}`);
  for (const line of report.migrateOutput) console.log(`  | ${line}`);
  for (const line of report.checks) console.log(`  ok  ${line}`);
}

async function main(): Promise<number> {
  const apps = process.argv.slice(2);
  const unknown = apps.filter((app) => !BUNDLE_APPS.includes(app as BundleApp));
  if (apps.length === 0 || unknown.length > 0) {
    console.error(`usage: tools/verify-bundle/main.ts ${BUNDLE_APPS.join(' ')} (one or more)`);
    return 2;
  }
  for (const app of apps as BundleApp[]) {
    try {
      printReport(await verifyBundle(app, { log: (line) => console.log(line) }));
    } catch (error) {
      console.error(`\n${app} bundle verification FAILED: ${error instanceof Error ? error.message : String(error)}`);
      if (error instanceof VerifyError && error.output) console.error(`--- output of the failing process (last 64 KB) ---\n${error.output.trimEnd()}\n---`);
      else if (!(error instanceof VerifyError) && error instanceof Error && error.stack) console.error(error.stack);
      return 1;
    }
  }
  return 0;
}

// Ctrl-C: run the cleanups (each started process is also reaped on exit).
process.once('SIGINT', () => process.exit(130));
main().then((code) => process.exit(code));
