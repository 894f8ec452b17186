import { DynamicModule, Module, Type } from '@nestjs/common';
import { NestFastifyApplication } from '@nestjs/platform-fastify';
import { frameworkErrorHandler, useHttpConventions } from '@perp/http';
import { AnvilNode, AnvilOptions, PostgresServer, rpcCall, startAnvil, startTestPostgres } from '@perp/local-infra';
import { createServiceApp, devServiceEnv } from '@perp/service';
import { FetchRequest, JsonRpcProvider, Network } from 'ethers';
import { DataSource } from 'typeorm';
import { AppModule } from '../app.module';
import { AuthModule } from '../auth/auth.module';
import { IdempotencyModule } from '../idempotency/idempotency.module';
import { RateLimitsModule } from '../rate-limits/rate-limits.module';
import { WalletPoolModule } from '../wallet-pool/wallet-pool.module';
import { BeaconOpsSettings, loadBeaconOpsSettings } from '../settings';
import { JournalStore } from '../journal/journal-store';
import { JournalReconciler } from '../wallet-pool/journal-reconciler.service';
import { WalletPoolHooks } from '../wallet-pool/wallet-pool-hooks';
import { WalletPool } from '../wallet-pool/wallet-pool.service';
import { anvilKey } from './anvil-keys';

@Module({})
class PoolTestRootModule {}

export interface PoolApp {
  app: NestFastifyApplication;
  pool: WalletPool;
  reconciler: JournalReconciler;
  db: DataSource;
  settings: BeaconOpsSettings;
  close(): Promise<void>;
}

/** Settings for the pool on anvil accounts `walletAccounts` (default 1-4), quick timeouts. */
export function poolSettings(databaseUrl: string, rpcUrl: string, env: Record<string, string> = {}, walletAccounts = [1, 2, 3, 4]): BeaconOpsSettings {
  return loadBeaconOpsSettings(
    devServiceEnv({
      BEACON_OPS_DATABASE_URL: databaseUrl,
      RPC_URL: rpcUrl,
      WALLET_PRIVATE_KEYS: walletAccounts.map(anvilKey).join(','),
      RECEIPT_TIMEOUT_MS: '5000',
      RECEIPT_POLL_INTERVAL_MS: '20',
      LEASE_WAIT_MS: '20000',
      RECONCILE_INTERVAL_MS: '600000',
      WALLET_BALANCE_CACHE_MS: '500',
      ...env,
    }),
  );
}

/** The real app (AppModule, HTTP conventions) plus test-only controllers, initialised. */
export async function startPoolApp(settings: BeaconOpsSettings, options: { hooks?: WalletPoolHooks; controllers?: Type<unknown>[] } = {}): Promise<PoolApp> {
  const root: DynamicModule = {
    module: PoolTestRootModule,
    // What the test controllers use: operation routes (token, Idempotency-Key, rate limits) sending through the pool.
    imports: [AppModule.register(settings, { poolHooks: options.hooks }), AuthModule, IdempotencyModule, RateLimitsModule, WalletPoolModule],
    controllers: options.controllers ?? [],
  };
  const app = await createServiceApp(root, {
    logger: false,
    fastify: { frameworkErrors: frameworkErrorHandler('envelope') },
    configure: (nest) => useHttpConventions(nest, { errors: 'envelope' }),
  });
  await app.init();
  await app.getHttpAdapter().getInstance().ready();
  return {
    app,
    pool: app.get(WalletPool),
    reconciler: app.get(JournalReconciler),
    db: await app.get(JournalStore).dataSource(),
    settings,
    close: () => app.close(),
  };
}

export interface Infra {
  pg: PostgresServer;
  anvil: AnvilNode;
  /** A provider for the test's own chain reads and anvil_* calls. */
  chain: JsonRpcProvider;
  rpc<T>(method: string, params?: unknown[]): Promise<T>;
  stop(): Promise<void>;
}

export async function startInfra(anvilOptions: AnvilOptions = {}): Promise<Infra> {
  const [pg, anvil] = await Promise.all([startTestPostgres(['beacon_ops']), startAnvil({ chainId: 31337, ...anvilOptions })]);
  const network = Network.from(31337n);
  const request = new FetchRequest(anvil.url);
  request.timeout = 5_000;
  const infra: Infra = {
    pg,
    anvil,
    chain: new JsonRpcProvider(request, network, { staticNetwork: network, batchMaxCount: 1, cacheTimeout: -1 }),
    rpc: (method, params = []) => rpcCall(infra.anvil.url, method, params),
    async stop() {
      infra.chain.destroy();
      await Promise.all([pg.stop(), infra.anvil.stop()]);
    },
  };
  return infra;
}

/** Journal rows, oldest first, as plain objects. */
export async function journalRows(
  db: DataSource,
): Promise<
  { id: number; kind: string; wallet: string; nonce: number; tx_hash: string; status: string; block_number: number | null; request: { i?: number } }[]
> {
  const rows = (await db.query(`SELECT id, request_kind, wallet, nonce, tx_hash, status, block_number, request FROM tx_journal ORDER BY id`)) as Record<
    string,
    unknown
  >[];
  return rows.map((r) => ({
    id: Number(r['id']),
    kind: r['request_kind'] as string,
    wallet: r['wallet'] as string,
    nonce: Number(r['nonce']),
    tx_hash: r['tx_hash'] as string,
    status: r['status'] as string,
    block_number: r['block_number'] === null ? null : Number(r['block_number']),
    request: r['request'] as { i?: number },
  }));
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
