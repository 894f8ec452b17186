import { PostgresServer } from '@perp/local-infra';
import { DEV_DEFAULTS } from '@perp/service';
import { DevStackSettings } from './dev-settings';

/** What a newcomer needs right after `npm start`: where things listen and how to authenticate. */
export function printBanner({ settings, postgres, rpcUrl, env }: { settings: DevStackSettings; postgres: PostgresServer; rpcUrl: string; env: NodeJS.ProcessEnv }): void {
  const adminKey = (env['ADMIN_API_KEYS'] ?? DEV_DEFAULTS.adminApiKey).split(',')[0].trim();
  const token = (env['BEACON_OPS_ACCESS_TOKENS'] ?? DEV_DEFAULTS.beaconOpsAccessToken).split(',')[0].trim();
  const md = `http://127.0.0.1:${settings.marketDataPort}`;
  const bo = `http://127.0.0.1:${settings.beaconOpsPort}`;
  // dev-token must find the same key pair: repeat a non-default data folder.
  const devToken = `${env['DEV_DATA_DIR'] ? `DEV_DATA_DIR=${settings.dataDir} ` : ''}npm run dev-token -- --sub alice`;
  const lines = [
    '',
    '================ Perp City dev stack is up ================',
    '',
    `market-data   ${md}      docs ${md}/docs   OpenAPI ${md}/openapi.json`,
    `  auth: header  X-API-Key: ${adminKey}   (an admin key from ADMIN_API_KEYS)`,
    `  try:  curl -H 'X-API-Key: ${adminKey}' ${md}/ready`,
    `  developer keys (/auth/keys): get a bearer token, then use it`,
    `        ${devToken}      (the token is the last line)`,
    `        curl -H "Authorization: Bearer <token>" ${md}/auth/keys`,
    '',
    `beacon-ops    ${bo}      docs ${bo}/docs   OpenAPI ${bo}/openapi.json`,
    `  auth: header  Authorization: Bearer ${token}   (from BEACON_OPS_ACCESS_TOKENS)`,
    `  try:  curl ${bo}/ready`,
    '',
    `Postgres      ${postgres.url()}   (databases: ${Object.values(DEV_DEFAULTS.databases).join(', ')})`,
    `Chain RPC     ${rpcUrl}`,
    '',
    'Press Ctrl-C to stop everything.',
    '============================================================',
    '',
  ];
  console.log(lines.join('\n'));
}
