import { PostgresServer } from '@perp/local-infra';
import { DEV_DEFAULTS } from '@perp/dev-defaults';
import { themedMarket } from '@perp/market-sim';
import { DevContracts } from './deploy-contracts';
import { devChainPaths, type DevChain } from './dev-chain';
import { DevStackSettings } from './dev-settings';

/** What a newcomer needs right after `npm start`: where things listen and how to authenticate. */
export function printBanner({
  settings,
  postgres,
  rpcUrl,
  env,
  contracts,
  chain,
}: {
  settings: DevStackSettings;
  postgres: PostgresServer;
  rpcUrl: string;
  env: NodeJS.ProcessEnv;
  contracts?: DevContracts;
  chain?: DevChain;
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
    `  try:  curl -H 'X-API-Key: ${adminKey}' '${md}/markets?limit=2'   (${chain ? "the dev chain's markets, written by the indexer" : "the simulator's demo markets"})`,
    `  metrics: http://127.0.0.1:${settings.marketDataMetricsPort}/metrics   (Prometheus; METRICS_PORT, apart from the API)`,
    `  developer keys (/auth/keys): get a bearer token, then use it`,
    `        ${devToken}      (the token is the last line)`,
    `        curl -H "Authorization: Bearer <token>" ${md}/auth/keys`,
    '',
    `beacon-ops    ${bo}      docs ${bo}/docs   OpenAPI ${bo}/openapi.json`,
    `  auth: header  Authorization: Bearer ${token}   (from BEACON_OPS_ACCESS_TOKENS)`,
    `  try:  curl ${bo}/ready`,
    `  metrics: http://127.0.0.1:${settings.beaconOpsMetricsPort}/metrics   (Prometheus; METRICS_PORT, apart from the API)`,
    ...(contracts ? contractLines(contracts, bo, token, chain) : ['  contracts: from the environment (external RPC_URL); see GET / for what is configured']),
    '',
    ...(chain ? chainLines(chain, settings) : []),
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
function contractLines(contracts: DevContracts, bo: string, token: string, chain?: DevChain): string[] {
  const a = contracts.addresses;
  // On the dev chain the demo ECDSA beacon is market 0's oracle: a plain X96 index, 5 % above the driven one.
  const index = chain?.driven.markets[0]?.indexX96;
  const measurement = index ? ((index * 105n) / 100n).toString() : '42';
  const body = JSON.stringify({ beacon_address: a.demoEcdsaBeacon.toLowerCase(), measurement });
  const zkBeacon = a.demoZkBeacon.toLowerCase();
  return [
    `  contracts (deployed on the local anvil by account 0, ${contracts.deployer}):`,
    `    registry                   ${a.registry}`,
    `    beacon factory             ${a.beaconFactory}`,
    `    verifiable beacon factory  ${a.verifiableBeaconFactory}`,
    `    multicall3                 ${a.multicall3}`,
    `    batch updater              ${a.batchUpdater}`,
    `    demo ECDSA beacon          ${a.demoEcdsaBeacon}   (${chain ? `the oracle of market 0, ${themedMarket(0).symbol}: X96 prices` : 'range 0-100'})`,
    `    demo ECDSA adapter         ${a.demoEcdsaAdapter}   (signer ${contracts.signer}: the service signer)`,
    `    demo ZK beacon (TWAP)      ${a.demoZkBeacon}   (value: the mean of 4 measurements x 2^96, proven with Groth16)`,
    `    demo ZK verifier           ${a.demoZkVerifier}   (Groth16VerifierAdapter -> Groth16Verifier ${a.groth16Verifier}; dev key, libs/zk)`,
    `  pool wallets (registrars, funded): ${contracts.poolWallets.length}; GET ${bo}/ lists them with balances`,
    `  update the demo ECDSA beacon${chain ? ` (moves ${themedMarket(0).symbol}'s index 5 % up)` : ''}:`,
    `        curl -X POST ${bo}/update_beacon_with_ecdsa_adapter -H 'Authorization: Bearer ${token}' -H 'Content-Type: application/json' -d '${body}'`,
    `  prove a value and update the demo ZK beacon (prove prints the /update_beacon body):`,
    `        npm run -s prove -- --measurements 1,2,3,4 --beacon ${zkBeacon} | curl -X POST ${bo}/update_beacon -H 'Authorization: Bearer ${token}' -H 'Content-Type: application/json' -d @-`,
  ];
}

/** The Perp City double on the dev chain: where its markets are, and what keeps them moving. */
function chainLines(chain: DevChain, settings: DevStackSettings): string[] {
  const d = chain.driven;
  return [
    `Perp City     factory ${d.factory}   (the protocol double on the local anvil; ${chain.fresh ? 'deployed and driven now' : `resumed from ${devChainPaths(settings).dir}`})`,
    `  pool manager ${d.poolManager}   multicall3 ${d.multicall3}   test USDC ${d.usdc}`,
    ...d.markets.map((m, i) => `  ${themedMarket(i).symbol.padEnd(6)} perp ${m.perp}   beacon ${m.beacon}`),
    `  indexer: http://127.0.0.1:${settings.indexerPort}/ready   (its cursor and lag; /metrics beside it)`,
    `  live load: ${settings.liveLoad ? `an action every ${settings.liveLoadIntervalMs} ms (DEV_LIVE_LOAD=false stops it)` : 'off (DEV_LIVE_LOAD=false)'}`,
    `  audit the index against the chain: npm run audit:index -- --rpc ${chain.anvil.url}`,
    '',
  ];
}
