/**
 * `nx run <app>:bundle` (after `nx build <app>`): writes dist/bundles/<app>/, a folder that
 * deploys alone (see make-bundle.ts).
 *   node -r ./tools/ts-register.js tools/bundle/main.ts market-data|beacon-ops|indexer
 */
import { relative } from 'node:path';
import { BUNDLE_APPS, BundleApp, makeBundle, REPO_ROOT } from './make-bundle';

const app = process.argv[2] as BundleApp;
if (!BUNDLE_APPS.includes(app)) {
  console.error(`usage: tools/bundle/main.ts ${BUNDLE_APPS.join('|')}`);
  process.exit(2);
}
try {
  const bundle = makeBundle(app);
  const added = bundle.addedRequires.length > 0 ? ` (added what main.js requires beyond the build's list: ${bundle.addedRequires.join(', ')})` : '';
  console.log(
    `${app} bundle in ${relative(REPO_ROOT, bundle.dir)}: ${Object.keys(bundle.dependencies).length} dependencies${added}, ${bundle.lockedPackages} locked packages`,
  );
} catch (error) {
  console.error(`${app} bundle failed: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
}
