import { ServiceDescription } from '@perp/service';
import { API_KEY_HEADER, SECURITY_SCHEMES } from './auth/security-schemes';
import { applyMarketDataConventions } from './openapi/document-conventions';

export const SERVICE = {
  name: 'market-data',
  version: '0.1.0',
};

export const MARKET_DATA_DESCRIPTION: ServiceDescription = {
  title: 'Perp City market data',
  version: SERVICE.version,
  description:
    'Read-only market data for bots: markets, snapshots, trades, positions and liquidation candidates, from the index only. ' +
    'Every decimal is a string; every list is a page with explicit limits.',
  security: (builder) =>
    builder
      .addApiKey({ type: 'apiKey', in: 'header', name: API_KEY_HEADER }, SECURITY_SCHEMES.apiKey)
      .addBearerAuth({ type: 'http', scheme: 'bearer', bearerFormat: 'JWT' }, SECURITY_SCHEMES.bearer),
  amend: applyMarketDataConventions,
};
