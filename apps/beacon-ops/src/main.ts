import { runService } from '@perp/service';
import { createBeaconOpsApp } from './create-app';
import { loadBeaconOpsSettings } from './settings';

void runService('beacon-ops', () => loadBeaconOpsSettings(), createBeaconOpsApp);
