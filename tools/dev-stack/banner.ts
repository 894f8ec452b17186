import { PostgresServer } from '@perp/local-infra';
import { DEV_DEFAULTS } from '@perp/service';
import { DevContracts } from './deploy-contracts';
import { DevStackSettings } from './dev-settings';

/** What a newcomer needs right after `npm start`: where things listen and how to authenticate. */
export function printBanner({
  settings,
  postgres,
  rpcUrl,
  env,
  contracts,
}: {
  settings: DevStackSettings;
  postgres: PostgresServer;
  rpcUrl: string;
  env: NodeJS.ProcessEnv;
  contracts?: DevContracts;
}): void {
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
    `  try:  curl -H 'X-API-Key: ${adminKey}' '${md}/markets?limit=2'   (the simulator's demo markets)`,
    `  metrics: http://127.0.0.1:${settings.marketDataMetricsPort}/metrics   (Prometheus; METRICS_PORT, apart from the API)`,
    `  developer keys (/auth/keys): get a bearer token, then use it`,
    `        ${devToken}      (the token is the last line)`,
    `        curl -H "Authorization: Bearer <token>" ${md}/auth/keys`,
    '',
    `beacon-ops    ${bo}      docs ${bo}/docs   OpenAPI ${bo}/openapi.json`,
    `  auth: header  Authorization: Bearer ${token}   (from BEACON_OPS_ACCESS_TOKENS)`,
    `  try:  curl ${bo}/ready`,
    `  metrics: http://127.0.0.1:${settings.beaconOpsMetricsPort}/metrics   (Prometheus; METRICS_PORT, apart from the API)`,
    ...(contracts ? contractLines(contracts, bo, token) : ['  contracts: from the environment (external RPC_URL); see GET / for what is configured']),
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

/** The deployed addresses, what each one is, and a request that works right away. */
function contractLines(contracts: DevContracts, bo: string, token: string): string[] {
  const a = contracts.addresses;
  const body = JSON.stringify({ beacon_address: a.demoEcdsaBeacon.toLowerCase(), measurement: '42' });
  const zkBeacon = a.demoZkBeacon.toLowerCase();
  return [
    `  contracts (deployed on the local anvil by account 0, ${contracts.deployer}):`,
    `    registry                   ${a.registry}`,
    `    beacon factory             ${a.beaconFactory}`,
    `    verifiable beacon factory  ${a.verifiableBeaconFactory}`,
    `    multicall3                 ${a.multicall3}`,
    `    batch updater              ${a.batchUpdater}`,
    `    demo ECDSA beacon          ${a.demoEcdsaBeacon}   (range 0-100)`,
    `    demo ECDSA adapter         ${a.demoEcdsaAdapter}   (signer ${contracts.signer}: the service signer)`,
    `    demo ZK beacon (TWAP)      ${a.demoZkBeacon}   (value: the mean of 4 measurements x 2^96, proven with Groth16)`,
    `    demo ZK verifier           ${a.demoZkVerifier}   (Groth16VerifierAdapter -> Groth16Verifier ${a.groth16Verifier}; dev key, libs/zk)`,
    `  pool wallets (registrars, funded): ${contracts.poolWallets.length}; GET ${bo}/ lists them with balances`,
    `  update the demo ECDSA beacon:`,
    `        curl -X POST ${bo}/update_beacon_with_ecdsa_adapter -H 'Authorization: Bearer ${token}' -H 'Content-Type: application/json' -d '${body}'`,
    `  prove a value and update the demo ZK beacon (prove prints the /update_beacon body):`,
    `        npm run -s prove -- --measurements 1,2,3,4 --beacon ${zkBeacon} | curl -X POST ${bo}/update_beacon -H 'Authorization: Bearer ${token}' -H 'Content-Type: application/json' -d @-`,
  ];
}
