import { runMain, runService } from '@perp/service';
import { createMarketDataApp } from './create-app';
import { migrateMarketData } from './migrate-command';
import { loadMarketDataSettings } from './settings';

// `node main.js` serves; `node main.js migrate` migrates the stores and exits (a deploy's job before new replicas).
runMain('market-data', () => runService('market-data', () => loadMarketDataSettings(), createMarketDataApp), { migrate: () => migrateMarketData() });
