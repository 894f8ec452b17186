/**
 * `npm run liquidation-bot [-- --sort largest_reward --page-size 100 --max 1000 --perp 0x... --json]`:
 * the example bot. Finds liquidation candidates through @perp/market-data-client, pages
 * through them, confirms each one (confirm-candidate.ts says how, and what it cannot do on the
 * dev stack), prints one line per candidate and a summary, and exits. Against `npm start` by
 * default; MARKET_DATA_URL and MARKET_DATA_API_KEY point it elsewhere.
 */
import { parseArgs } from 'node:util';
import { createMarketDataClient, MarketDataApiError } from '@perp/market-data-client';
import { DEV_DEFAULTS } from '@perp/service';
import { ANVIL_MNEMONIC } from '@perp/local-infra';
import { HDNodeWallet, JsonRpcProvider, Mnemonic, Wallet } from 'ethers';
import { ChainLiquidator } from './chain-liquidator';
import { scanLiquidations } from './liquidation-scan';

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
    },
  });
  const sort = values.sort === 'largest_reward' ? 'largest_reward' : 'most_underwater';
  const client = createMarketDataClient({ baseUrl: values.url, apiKey: values['api-key'] });
  const provider = values.rpc ? chainProvider(values.rpc) : undefined;
  const chain =
    provider && values.rpc ? { liquidator: new ChainLiquidator(provider, keeperWallet(values.rpc, provider)), liquidate: values.liquidate } : undefined;
  if (values.liquidate && !chain) throw new Error('--liquidate needs the chain: --rpc URL (or RPC_URL)');
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
  for (const c of report.confirmations) {
    const age = c.mark_age_seconds === null ? 'age ?' : `mark ${c.mark_age_seconds}s old`;
    console.log(
      `#${c.id} ${c.perp_address ?? '?'} ${c.verdict.padEnd(16)} ratio ${c.margin_ratio ?? '?'} / ${c.liq_margin_ratio ?? '?'}  reward ${c.estimated_reward ?? '?'}  ${age}` +
        (c.confirmed_on_chain ? '  (chain)' : '') +
        (c.tx_hash ? `  tx ${c.tx_hash}` : ''),
    );
  }
  const counts = Object.entries(report.counts)
    .map(([verdict, n]) => `${verdict} ${n}`)
    .join(', ');
  console.log(`${report.scanned} candidates in ${report.pages} pages (${sort}): ${counts}`);
  return 0;
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
