import { runMain, runService } from '@perp/service';
import { createBeaconOpsApp } from './create-app';
import { migrateBeaconOps } from './migrate-command';
import { loadBeaconOpsSettings } from './settings';

// `node main.js` serves; `node main.js migrate` migrates the journal and exits (a deploy's job before new replicas).
runMain('beacon-ops', () => runService('beacon-ops', () => loadBeaconOpsSettings(), createBeaconOpsApp), { migrate: () => migrateBeaconOps() });
