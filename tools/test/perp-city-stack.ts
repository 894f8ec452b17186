import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Multicall3__factory } from '@perp/contracts';
import { deployPerpCity, Perp__factory, pushEcdsaIndex, TestUSDC__factory, type Perp, type PerpCityAddresses } from '@perp/contracts/testing';
import { runIndexDbMigrations } from '@perp/index-db';
import {
  ANVIL_MNEMONIC,
  AnvilNode,
  ensureDevSigningKey,
  getFreePort,
  ManagedProcess,
  PostgresServer,
  rpcCall,
  spawnManaged,
  startAnvil,
  startTestPostgres,
  waitUntil,
  withPgClient,
} from '@perp/local-infra';
import { devServiceEnv } from '@perp/service';
import { priceToX96 } from '@perp/x96-math';
import { HDNodeWallet, JsonRpcProvider, MaxUint256, Mnemonic, Wallet } from 'ethers';
import { startApp } from '../dev-stack/service-process';

/** An explicit limit: an estimate made before the block's time is set can fall short of what the trade costs at it. */
const GAS = { gasLimit: 5_000_000 };

const ROOT = join(__dirname, '..', '..');
export const STACK_API_KEY = 'perp-city-stack-test-admin-key-0123456789';

export function anvilWallet(i: number, provider: JsonRpcProvider): Wallet {
  return new Wallet(HDNodeWallet.fromMnemonic(Mnemonic.fromPhrase(ANVIL_MNEMONIC), `m/44'/60'/0'/0/${i}`).privateKey, provider);
}

/**
 * Real parts for the tools that read the index and act on the chain: the protocol double on anvil
 * with one market, takers opened at several leverages (`opened`), then an index drop and elapsed
 * time that put the thinnest longs under water; the indexer as its own process (from source)
 * writing a real Postgres; the built market-data serving it.
 */
export interface PerpCityStack {
  pg: PostgresServer;
  anvil: AnvilNode;
  provider: JsonRpcProvider;
  addresses: PerpCityAddresses;
  /** The Multicall3 the indexer reads through (and beacon-ops touches through). */
  multicall3: string;
  perp: Perp;
  opened: bigint[];
  marketDataUrl: string;
  query<T = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<T[]>;
  /** Until the store's cursor is the chain's head. */
  indexed(): Promise<void>;
  stopIndexer(): Promise<void>;
  stop(): Promise<void>;
}

export async function startPerpCityStack(): Promise<PerpCityStack> {
  const started: (() => Promise<void> | void)[] = [];
  try {
    return await buildStack(started);
  } catch (error) {
    // A setup that fails stops what it had started: no Postgres or anvil outlives the test run.
    for (const stop of started.reverse()) {
      try {
        await stop();
      } catch {
        // the setup's own error is the one to report
      }
    }
    throw error;
  }
}

async function buildStack(started: (() => Promise<void> | void)[]): Promise<PerpCityStack> {
  const pg = await startTestPostgres(['perp_index', 'perp_source', 'market_data']);
  started.push(() => pg.stop());
  await runIndexDbMigrations(pg.url('perp_index'), pg.url('perp_source'));
  const anvil = await startAnvil();
  started.push(() => anvil.stop());
  const provider = new JsonRpcProvider(anvil.url, undefined, { staticNetwork: true, cacheTimeout: -1 });
  started.push(() => provider.destroy());
  const [deployer, trader, beaconSigner] = [0, 1, 3].map((i) => anvilWallet(i, provider));
  const multicall3 = await (await new Multicall3__factory(deployer).deploy()).waitForDeployment();
  const addresses = await deployPerpCity(deployer, { initialIndexX96: priceToX96('47'), beaconSigner });
  const perp = Perp__factory.connect(addresses.perp, trader);
  const usdc = TestUSDC__factory.connect(addresses.usdc, trader);
  await (await usdc.mint(trader.address, 10n ** 15n)).wait();
  await (await usdc.approve(addresses.perp, MaxUint256)).wait();
  const opened: bigint[] = [];
  for (const [perpDelta, margin] of [
    [10_000_000n, 60_000_000n],
    [10_000_000n, 100_000_000n],
    [8_000_000n, 300_000_000n],
    [-5_000_000n, 200_000_000n],
  ] as const) {
    opened.push(await perp.nextPosId());
    await (await perp.openTaker({ holder: trader.address, margin, perpDelta, amt1Limit: 0n }, GAS)).wait();
  }
  await pushEcdsaIndex(addresses.modules.beacon, beaconSigner, deployer, priceToX96('25'));
  const latest = await provider.getBlock('latest');
  await rpcCall(anvil.url, 'evm_setNextBlockTimestamp', [latest!.timestamp + 600]);
  await (await perp.touch(GAS)).wait();

  const query = <T = Record<string, unknown>>(sql: string, params: unknown[] = []) =>
    withPgClient(pg.url('perp_index'), async (c) => (await c.query(sql, params)).rows as T[]);
  let indexer: ManagedProcess | undefined = spawnManaged(
    process.execPath,
    ['-r', join(ROOT, 'tools', 'ts-register.js'), join(ROOT, 'apps', 'indexer', 'src', 'main.ts')],
    {
      cwd: ROOT,
      env: {
        PATH: process.env['PATH'],
        INDEX_DATABASE_URL: pg.url('perp_index'),
        RPC_URL: anvil.url,
        INDEXER_HOST: '127.0.0.1',
        INDEXER_PORT: '0',
        CONFIRMATIONS: '0',
        POLL_INTERVAL_MS: '100',
        LOG_LEVEL: 'warn',
        PERP_FACTORY_ADDRESSES: addresses.factory,
        POOL_MANAGER_ADDRESS: addresses.poolManager,
        MULTICALL3_ADDRESS: await multicall3.getAddress(),
      },
    },
  );
  started.push(() => indexer?.stop());
  const indexed = async () => {
    const head = Number(BigInt(await rpcCall<string>(anvil.url, 'eth_blockNumber')));
    await waitUntil(
      'the indexer at the head',
      async () => Number((await query<{ block_number: string }>(`SELECT block_number FROM chain_cursor`))[0]?.block_number ?? -1) === head,
      { timeoutMs: 120_000, intervalMs: 200 },
    );
  };
  await indexed();

  const dataDir = mkdtempSync(join(tmpdir(), 'perp-city-stack-'));
  started.push(() => rmSync(dataDir, { recursive: true, force: true }));
  chmodSync(dataDir, 0o755);
  const port = await getFreePort();
  const marketData = await startApp('market-data', port, {
    ...devServiceEnv(),
    PATH: process.env['PATH'],
    INDEX_DATABASE_URL: pg.url('perp_index'),
    SOURCE_DATABASE_URL: pg.url('perp_source'),
    MARKET_DATA_DATABASE_URL: pg.url('market_data'),
    ADMIN_API_KEYS: STACK_API_KEY,
    JWT_JWKS_FILE: ensureDevSigningKey(dataDir).files.jwks,
    MARKET_DATA_PORT: String(port),
    METRICS_PORT: 'off',
  });
  return {
    pg,
    anvil,
    provider,
    addresses,
    multicall3: await multicall3.getAddress(),
    perp,
    opened,
    marketDataUrl: `http://127.0.0.1:${port}`,
    query,
    indexed,
    async stopIndexer() {
      await indexer?.stop();
      indexer = undefined;
    },
    async stop() {
      await marketData.stop();
      for (const stop of started.reverse()) await stop();
    },
  };
}
