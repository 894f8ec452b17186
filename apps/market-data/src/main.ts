import { runService } from '@perp/service';
import { createMarketDataApp } from './create-app';
import { loadMarketDataSettings } from './settings';

void runService('market-data', () => loadMarketDataSettings(), createMarketDataApp);
