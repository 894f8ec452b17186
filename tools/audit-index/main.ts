/**
 * npm run audit:index -- --rpc URL [--block B] [--pool-manager ADDRESS] [--json]
 *
 * The index store against the chain (index-audit.ts). Every other setting as the dev stack reads
 * it: the environment first (INDEX_DATABASE_URL, POOL_MANAGER_ADDRESS, MARKET_DATA_URL,
 * MARKET_DATA_API_KEY), the dev stack's defaults otherwise (its pool manager from .dev-data/chain). Prints the counts and every
 * disagreement; exits 1 on any, 2 on bad usage or an audit that could not run.
 */
import { DEV_DEFAULTS, devDatabaseUrl } from '@perp/dev-defaults';
import { devChainPaths } from '../dev-stack/dev-chain';
import { readRecord } from '../dev-stack/dev-chain-record';
import { devStackSettings } from '../dev-stack/dev-settings';
import { auditIndex } from './index-audit';

function option(name: string): string | undefined {
  const at = process.argv.indexOf(`--${name}`);
  return at >= 0 ? process.argv[at + 1] : undefined;
}

function usage(message: string): never {
  console.error(`audit:index: ${message}\nusage: npm run audit:index -- --rpc URL [--block B] [--pool-manager ADDRESS] [--json]`);
  process.exit(2);
}

async function main(): Promise<void> {
  const rpcUrl = option('rpc') ?? usage('--rpc URL is required');
  const blockText = option('block');
  const block = blockText === undefined ? undefined : Number(blockText);
  if (block !== undefined && (!Number.isSafeInteger(block) || block < 0)) usage(`--block must be a block number, not ${blockText}`);
  const poolManager =
    option('pool-manager') ??
    process.env['POOL_MANAGER_ADDRESS'] ??
    // The dev stack's chain: its record says which pool manager it deployed.
    readRecord(devChainPaths(devStackSettings()).record)?.driven.poolManager ??
    usage('--pool-manager ADDRESS (or POOL_MANAGER_ADDRESS) is required (no dev chain record in .dev-data/chain)');
  const report = await auditIndex({
    rpcUrl,
    block,
    poolManager,
    indexUrl: process.env['INDEX_DATABASE_URL'] ?? devDatabaseUrl(DEV_DEFAULTS.databases.index),
    marketData: {
      baseUrl: process.env['MARKET_DATA_URL'] ?? `http://127.0.0.1:${DEV_DEFAULTS.marketDataPort}`,
      apiKey: process.env['MARKET_DATA_API_KEY'] ?? DEV_DEFAULTS.adminApiKey,
    },
  });
  if (process.argv.includes('--json')) console.log(JSON.stringify(report, null, 2));
  else {
    console.log(
      `audit at block ${report.block}: ${report.markets} markets, ${report.openPositions} open and ${report.closedPositions} closed positions checked against the chain's views; ` +
        `${report.liquidatable} positions the chain would liquidate, ${report.listed} of them listed by /positions/liquidatable` +
        (report.settledSince > 0 ? `, ${report.settledSince} liquidated or healthy again before the list was read (a live chain)` : ''),
    );
    for (const d of report.disagreements) console.log(`  DISAGREE ${d}`);
    console.log(report.disagreements.length === 0 ? 'no disagreement' : `${report.disagreements.length} disagreements`);
  }
  process.exit(report.disagreements.length === 0 ? 0 : 1);
}

main().catch((error) => {
  console.error(`audit:index: ${error instanceof Error ? error.message : error}`);
  process.exit(2);
});
