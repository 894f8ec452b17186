import { join } from 'node:path';
import { Multicall3__factory } from '@perp/contracts';
import { deployPerpCity, Perp__factory, pushEcdsaIndex, TestUSDC__factory, type PerpCityAddresses } from '@perp/contracts/testing';
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
import { mkdtempSync, rmSync, chmodSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { startApp } from '../dev-stack/service-process';
import { auditIndex, type AuditOptions } from './index-audit';

const ROOT = join(__dirname, '..', '..');
const API_KEY = 'audit-index-test-admin-key-0123456789abcdef';

function devWallet(i: number, provider: JsonRpcProvider): Wallet {
  return new Wallet(HDNodeWallet.fromMnemonic(Mnemonic.fromPhrase(ANVIL_MNEMONIC), `m/44'/60'/0'/0/${i}`).privateKey, provider);
}

/**
 * The audit on real parts: the protocol double on anvil with takers, some of them under water; the
 * indexer (its own process, from source) writing the index store; market-data (the built app)
 * serving it. No disagreement; then a row changed by hand, and a row deleted, each reported.
 */
describe('npm run audit:index (the index store against the chain)', () => {
  let pg: PostgresServer;
  let anvil: AnvilNode;
  let provider: JsonRpcProvider;
  let indexer: ManagedProcess;
  let marketData: ManagedProcess;
  let addresses: PerpCityAddresses;
  let options: AuditOptions;
  let dataDir: string;
  const opened: bigint[] = [];

  const query = <T = Record<string, unknown>>(sql: string, params: unknown[] = []) =>
    withPgClient(pg.url('perp_index'), async (c) => (await c.query(sql, params)).rows as T[]);

  beforeAll(async () => {
    pg = await startTestPostgres(['perp_index', 'perp_source', 'market_data']);
    await runIndexDbMigrations(pg.url('perp_index'), pg.url('perp_source'));
    anvil = await startAnvil();
    provider = new JsonRpcProvider(anvil.url, undefined, { staticNetwork: true, cacheTimeout: -1 });
    const [deployer, trader, beaconSigner] = [0, 1, 3].map((i) => devWallet(i, provider));
    const multicall3 = await (await new Multicall3__factory(deployer).deploy()).waitForDeployment();
    addresses = await deployPerpCity(deployer, { initialIndexX96: priceToX96('47'), beaconSigner });
    const perp = Perp__factory.connect(addresses.perp, trader);
    const usdc = TestUSDC__factory.connect(addresses.usdc, trader);
    await (await usdc.mint(trader.address, 10n ** 15n)).wait();
    await (await usdc.approve(addresses.perp, MaxUint256)).wait();
    // Longs at several leverages and a short; an index drop then puts the thinnest longs under water.
    for (const [perpDelta, margin] of [
      [10_000_000n, 60_000_000n],
      [10_000_000n, 100_000_000n],
      [8_000_000n, 300_000_000n],
      [-5_000_000n, 200_000_000n],
    ] as const) {
      opened.push(await perp.nextPosId());
      await (await perp.openTaker({ holder: trader.address, margin, perpDelta, amt1Limit: 0n })).wait();
    }
    await pushEcdsaIndex(addresses.modules.beacon, beaconSigner, deployer, priceToX96('25'));
    const latest = await provider.getBlock('latest');
    await rpcCall(anvil.url, 'evm_setNextBlockTimestamp', [latest!.timestamp + 600]);
    await (await perp.touch()).wait();

    indexer = spawnManaged(process.execPath, ['-r', join(ROOT, 'tools', 'ts-register.js'), join(ROOT, 'apps', 'indexer', 'src', 'main.ts')], {
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
    });
    const head = Number(BigInt(await rpcCall<string>(anvil.url, 'eth_blockNumber')));
    await waitUntil(
      'the indexer at the head',
      async () => Number((await query<{ block_number: string }>(`SELECT block_number FROM chain_cursor`))[0]?.block_number ?? -1) === head,
      { timeoutMs: 120_000, intervalMs: 200 },
    );

    dataDir = mkdtempSync(join(tmpdir(), 'audit-index-'));
    chmodSync(dataDir, 0o755);
    const port = await getFreePort();
    marketData = await startApp('market-data', port, {
      ...devServiceEnv(),
      PATH: process.env['PATH'],
      INDEX_DATABASE_URL: pg.url('perp_index'),
      SOURCE_DATABASE_URL: pg.url('perp_source'),
      MARKET_DATA_DATABASE_URL: pg.url('market_data'),
      ADMIN_API_KEYS: API_KEY,
      JWT_JWKS_FILE: ensureDevSigningKey(dataDir).files.jwks,
      MARKET_DATA_PORT: String(port),
      METRICS_PORT: 'off',
    });
    options = {
      rpcUrl: anvil.url,
      indexUrl: pg.url('perp_index'),
      poolManager: addresses.poolManager,
      marketData: { baseUrl: `http://127.0.0.1:${port}`, apiKey: API_KEY },
    };
  }, 300_000);

  afterAll(async () => {
    await marketData?.stop();
    await indexer?.stop();
    provider?.destroy();
    await anvil?.stop();
    await pg?.stop();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  it('finds no disagreement, and every position the chain would liquidate is a listed candidate', async () => {
    const report = await auditIndex(options);
    expect(report.disagreements).toEqual([]);
    expect(report).toMatchObject({ markets: 1, openPositions: opened.length + 1, closedPositions: 0 });
    expect(report.liquidatable).toBeGreaterThan(0);
    expect(report.listed).toBe(report.liquidatable);
  });

  it('reports a stored figure one atom off, and a position missing from the store', async () => {
    await indexer.stop();
    const victim = opened[1].toString();
    await query(`UPDATE positions SET margin = margin + 1 WHERE id = $1`, [victim]);
    const report = await auditIndex(options);
    expect(report.disagreements).toEqual([expect.stringMatching(new RegExp(`^position ${victim} of 0x[0-9a-f]{40} margin: store \\d+, chain \\d+$`))]);

    await query(`DELETE FROM positions WHERE id = $1`, [opened[3].toString()]);
    const missing = await auditIndex(options);
    // The seed maker and the four takers are numbered on chain; the store now holds four.
    expect(missing.disagreements).toContainEqual(
      `market ${addresses.perp.toLowerCase()}: the store holds ${opened.length} positions, the Perp has numbered ${opened.length + 1}`,
    );
  });
});
