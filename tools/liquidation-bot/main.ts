/**
 * `npm run liquidation-bot [-- --sort largest_reward --page-size 100 --max 1000 --perp 0x... --json --follow]`:
 * the example bot. Finds liquidation candidates through @perp/market-data-client, pages
 * through them, confirms each one (confirm-candidate.ts says how, and what it cannot do on the
 * dev stack), prints one line per candidate and a summary, and exits. Against `npm start` by
 * default; MARKET_DATA_URL and MARKET_DATA_API_KEY point it elsewhere.
 */
import { parseArgs } from 'node:util';
import { createMarketDataClient, MarketDataApiError, MarketDataClient } from '@perp/market-data-client';
import { DEV_DEFAULTS } from '@perp/dev-defaults';
import { ANVIL_MNEMONIC } from '@perp/local-infra';
import { HDNodeWallet, JsonRpcProvider, Mnemonic, Wallet } from 'ethers';
import { ChainLiquidator } from './chain-liquidator';
import type { ChainConfirm, Confirmation } from './confirm-candidate';
import { followLiquidations } from './liquidation-follow';
import { ScanReport, scanLiquidations } from './liquidation-scan';

async function main(): Promise<number> {
  const { values } = parseArgs({
    options: {
      url: { type: 'string', default: process.env['MARKET_DATA_URL'] ?? `http://127.0.0.1:${DEV_DEFAULTS.marketDataPort}` },
      // The dev stack's public admin key: fine for the local stack only; set MARKET_DATA_API_KEY anywhere else.
      'api-key': { type: 'string', default: process.env['MARKET_DATA_API_KEY'] ?? DEV_DEFAULTS.adminApiKey },
      sort: { type: 'string', default: 'most_underwater' },
      'page-size': { type: 'string', default: '100' },
      max: { type: 'string', default: '1000' },
      perp: { type: 'string' },
      json: { type: 'boolean', default: false },
      // The chain: confirm each candidate with the Perp's own liquidation test; --liquidate sends it.
      rpc: { type: 'string', default: process.env['RPC_URL'] },
      liquidate: { type: 'boolean', default: false },
      // Keep running on the push stream (GET /stream): a pass on each reset, each entering candidate confirmed as it comes.
      follow: { type: 'boolean', default: false },
      // With --follow: stop after this many seconds (0: until Ctrl-C).
      'follow-seconds': { type: 'string', default: '0' },
    },
  });
  const sort = values.sort === 'largest_reward' ? 'largest_reward' : 'most_underwater';
  const client = createMarketDataClient({ baseUrl: values.url, apiKey: values['api-key'] });
  const provider = values.rpc ? chainProvider(values.rpc) : undefined;
  const chain =
    provider && values.rpc ? { liquidator: new ChainLiquidator(provider, keeperWallet(values.rpc, provider)), liquidate: values.liquidate } : undefined;
  if (values.liquidate && !chain) throw new Error('--liquidate needs the chain: --rpc URL (or RPC_URL)');
  if (values.follow) return follow(client, values, sort, chain);
  const report = await scanLiquidations(client, {
    sort,
    pageSize: Number(values['page-size']),
    maxCandidates: Number(values.max),
    ...(values.perp ? { perpAddress: values.perp } : {}),
    chain,
  });
  if (values.json) {
    console.log(JSON.stringify(report));
    return 0;
  }
  for (const c of report.confirmations) console.log(confirmationLine(c));
  console.log(summaryLine(report, sort));
  return 0;
}

function confirmationLine(c: Confirmation): string {
  const age = c.mark_age_seconds === null ? 'age ?' : `mark ${c.mark_age_seconds}s old`;
  return (
    `#${c.id} ${c.perp_address ?? '?'} ${c.verdict.padEnd(16)} ratio ${c.margin_ratio ?? '?'} / ${c.liq_margin_ratio ?? '?'}  reward ${c.estimated_reward ?? '?'}  ${age}` +
    (c.confirmed_on_chain ? '  (chain)' : '') +
    (c.tx_hash ? `  tx ${c.tx_hash}` : '')
  );
}

function summaryLine(report: ScanReport, sort: string): string {
  const counts = Object.entries(report.counts)
    .map(([verdict, n]) => `${verdict} ${n}`)
    .join(', ');
  return `${report.scanned} candidates in ${report.pages} pages (${sort}): ${counts}`;
}

/**
 * `--follow`: the stream instead of polling (liquidation-follow.ts). With --json, one JSON object per
 * line: {"type":"scan",...} per pass, {"type":"confirmation",...} per entering candidate, {"type":"end",...}.
 */
async function follow(
  client: MarketDataClient,
  values: { url: string; 'api-key': string; 'page-size': string; max: string; perp?: string; json: boolean; 'follow-seconds': string },
  sort: 'most_underwater' | 'largest_reward',
  chain: ChainConfirm | undefined,
): Promise<number> {
  const stop = new AbortController();
  process.once('SIGINT', () => stop.abort());
  process.once('SIGTERM', () => stop.abort());
  const seconds = Number(values['follow-seconds']);
  if (seconds > 0) setTimeout(() => stop.abort(), seconds * 1000).unref();
  const print = (line: object, text: string) => console.log(values.json ? JSON.stringify(line) : text);
  let failed: Error | undefined;
  const report = await followLiquidations(client, {
    baseUrl: values.url,
    apiKey: values['api-key'],
    sort,
    pageSize: Number(values['page-size']),
    maxCandidates: Number(values.max),
    ...(values.perp ? { perpAddress: values.perp } : {}),
    chain,
    signal: stop.signal,
    onScan: (scan, reason) => {
      print({ type: 'scan', reason, ...scan }, `[pass after ${reason}]`);
      if (!values.json) for (const c of scan.confirmations) console.log(confirmationLine(c));
      if (!values.json) console.log(summaryLine(scan, sort));
    },
    onConfirmation: (c) => print({ type: 'confirmation', ...c }, `[entered] ${confirmationLine(c)}`),
    onError: (error) => {
      failed = error;
      console.error(error instanceof MarketDataApiError ? `market-data answered ${error.message}` : error.message);
    },
  });
  print({ type: 'end', ...report }, `${report.scans} passes, ${report.entered} candidates entered, ${report.left} left`);
  // A subscription refused for good (401, 404, 422) is a failure; a stop is not.
  return failed && !stop.signal.aborted ? 1 : 0;
}

/** No response cache: each liquidation reads its own nonce (ethers' 250 ms cache would reuse the last one). */
function chainProvider(rpc: string): JsonRpcProvider {
  return new JsonRpcProvider(rpc, undefined, { cacheTimeout: -1 });
}

/**
 * The keeper that asks the chain and pays for liquidations: LIQUIDATOR_PRIVATE_KEY. On a chain
 * at a loopback address (the dev stack's anvil) it defaults to anvil's published account 5; a
 * published key anywhere else would be swept at once, so there it must be set.
 */
function keeperWallet(rpc: string, provider: JsonRpcProvider): Wallet {
  const key = process.env['LIQUIDATOR_PRIVATE_KEY'];
  if (key) return new Wallet(key, provider);
  const host = new URL(rpc).hostname;
  if (!['127.0.0.1', 'localhost', '[::1]'].includes(host)) throw new Error('set LIQUIDATOR_PRIVATE_KEY: the dev key is only for a chain on this machine');
  return new Wallet(HDNodeWallet.fromMnemonic(Mnemonic.fromPhrase(ANVIL_MNEMONIC), "m/44'/60'/0'/0/5").privateKey, provider);
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error instanceof MarketDataApiError ? `market-data answered ${error.message}` : error instanceof Error ? error.message : error);
    process.exit(1);
  },
);
