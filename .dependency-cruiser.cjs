/**
 * The walls inside each app (issue 23): which file role may import which, and no cycle between
 * files or between folders. Each app's `walls` target runs it (its `lint` depends on that), so
 * `npm test` holds it with zero exceptions; tools/workspace/app-walls.spec.ts shows it failing
 * on planted violations. Production files only: specs and `test/` folders may reach anything
 * they exercise.
 */

const CONTROLLER = '\\.controller\\.ts$';
const SERVICE = '\\.service\\.ts$';
// Repositories and stores: the files that run SQL. Under `journal/` the entities and their column
// transformers only describe tables; its schema runner and migrations do run SQL.
const STORE = ['\\.repository\\.ts$', '-store\\.ts$', '/stores/', '/journal/(?![^/]*\\.entity\\.ts$|columns\\.ts$)'];
const VIEW = '-views?\\.ts$';

module.exports = {
  forbidden: [
    {
      name: 'controller-not-to-store',
      comment: 'A controller asks a service; the service owns the repository or store it reads.',
      severity: 'error',
      from: { path: CONTROLLER },
      to: { path: STORE },
    },
    {
      name: 'store-not-to-service',
      comment: 'Repositories and stores sit below services and controllers and never call back up.',
      severity: 'error',
      from: { path: STORE },
      to: { path: [SERVICE, CONTROLLER] },
    },
    {
      name: 'view-not-to-store',
      comment: 'A view shapes the rows it is handed; reading them is the service and repository job.',
      severity: 'error',
      from: { path: VIEW },
      to: { path: STORE },
    },
    {
      name: 'no-file-cycle',
      comment: 'A file circle has no bottom to load or test first.',
      severity: 'error',
      from: {},
      to: { circular: true },
    },
    {
      name: 'no-folder-cycle',
      comment: 'The folders of an app form layers: when A imports from B, nothing in B reaches back to A.',
      severity: 'error',
      scope: 'folder',
      from: {},
      to: { circular: true },
    },
  ],
  options: {
    // The walled apps; every role above is matched inside them only.
    includeOnly: '^apps/(market-data|beacon-ops|indexer)/src/',
    exclude: { path: ['\\.spec\\.ts$', '/test/'] },
    // Type-only imports count: importing a type still crosses the wall.
    tsPreCompilationDeps: true,
    doNotFollow: { path: 'node_modules' },
  },
};
