import { NestFastifyApplication } from '@nestjs/platform-fastify';
import { deployDevSystem, DevSystemAddresses } from '@perp/contracts/testing';
import { AnvilOptions, LOCAL_CHAIN_RULES, TcpProxy } from '@perp/local-infra';
import { devServiceEnv } from '@perp/service';
import { Wallet } from 'ethers';
import request from 'supertest';
import { DataSource } from 'typeorm';
import { createBeaconOpsApp } from '../create-app';
import { BeaconOpsSettings } from '../settings';
import { JournalStore } from '../journal/journal-store';
import { JournalReconciler } from '../wallet-pool/journal-reconciler.service';
import { WalletPoolHooks } from '../wallet-pool/wallet-pool-hooks';
import { anvilAddress, anvilKey } from './anvil-keys';
import { Infra, poolSettings, startInfra } from './pool-test-env';

export const TOKEN = 'beacon-ops-test-token-0123456789';
/** anvil account 9: the service's default SIGNER_PRIVATE_KEY. */
export const SIGNER = anvilAddress(9);

/** The environment variables that point beacon-ops at a deployed dev system. */
export function contractEnv(system: DevSystemAddresses): Record<string, string> {
  return {
    REGISTRY_ADDRESS: system.registry,
    BEACON_FACTORY_ADDRESS: system.beaconFactory,
    VERIFIABLE_BEACON_FACTORY_ADDRESS: system.verifiableBeaconFactory,
    GROUP_ECDSA_BEACON_FACTORY_ADDRESS: system.groupEcdsaBeaconFactory,
    MULTICALL3_ADDRESS: system.multicall3,
    BATCH_UPDATER_ADDRESS: system.batchUpdater,
    DEMO_ECDSA_BEACON_ADDRESS: system.demoEcdsaBeacon,
    DEMO_ECDSA_ADAPTER_ADDRESS: system.demoEcdsaAdapter,
    DEMO_ZK_BEACON_ADDRESS: system.demoZkBeacon,
    DEMO_ZK_VERIFIER_ADDRESS: system.demoZkVerifier,
  };
}

export interface ServiceApp {
  app: NestFastifyApplication;
  settings: BeaconOpsSettings;
  db: DataSource;
  reconciler: JournalReconciler;
  /** POST with the token (unless `token: null`) and an optional Idempotency-Key. */
  post(path: string, body?: unknown, options?: { token?: string | null; key?: string }): request.Test;
  close(): Promise<void>;
}

export interface ChainEnv {
  infra: Infra;
  /** The service's RPC goes through it: pause() is an RPC outage, resume() the recovery. */
  proxy: TcpProxy;
  system: DevSystemAddresses;
  /** anvil account 0, which deployed everything (registry owner, adapter deployer). */
  deployer: Wallet;
  walletAccounts: number[];
  /** The service's settings as environment variables (for a child process), with `env` on top. */
  serviceEnv(env?: Record<string, string>): Record<string, string>;
  /** An app on this database and chain (several: replicas, or other settings). */
  startService(env?: Record<string, string>, hooks?: WalletPoolHooks): Promise<ServiceApp>;
  stop(): Promise<void>;
}

export interface BeaconEnv extends ChainEnv {
  service: ServiceApp;
}

/**
 * Postgres, anvil (account 0 deploys the dev system, the pool wallets are its registrars) and
 * the real beacon-ops app over HTTP, its RPC behind a proxy.
 */
export async function startBeaconEnv(
  options: { walletAccounts?: number[]; env?: Record<string, string>; hooks?: WalletPoolHooks; anvil?: AnvilOptions } = {},
): Promise<BeaconEnv> {
  const chain = await startChainEnv(options);
  return { ...chain, service: await chain.startService({}, options.hooks) };
}

/** Postgres and anvil with the dev system deployed; services are started on demand. */
export async function startChainEnv(options: { walletAccounts?: number[]; env?: Record<string, string>; anvil?: AnvilOptions } = {}): Promise<ChainEnv> {
  const walletAccounts = options.walletAccounts ?? [1, 2, 3, 4];
  const infra = await startInfra(options.anvil);
  const proxy = await TcpProxy.start(infra.anvil.port);
  const deployer = new Wallet(anvilKey(0), infra.chain);
  const system = await deployDevSystem(deployer, { signer: SIGNER, registrars: walletAccounts.map(anvilAddress) });
  const services: ServiceApp[] = [];

  // A complete environment (a child process gets nothing else): the dev one, then this chain's.
  const serviceEnv = (env: Record<string, string> = {}): Record<string, string> => ({
    ...devServiceEnv(),
    BEACON_OPS_DATABASE_URL: infra.pg.url('beacon_ops'),
    RPC_URL: proxy.url,
    WALLET_PRIVATE_KEYS: walletAccounts.map(anvilKey).join(','),
    BEACON_OPS_ACCESS_TOKENS: TOKEN,
    // The test chain runs Prague (no EIP-7825 cap): a 100-proof batch is one transaction.
    MAX_TRANSACTION_GAS: String(LOCAL_CHAIN_RULES.blockGasLimit),
    // The route tests fail authentication on purpose, all from 127.0.0.1.
    FAILED_AUTH_LIMIT: '10000',
    // A child process' /metrics on a free port: replicas and parallel suites would collide on the default.
    METRICS_PORT: '0',
    ...contractEnv(system),
    ...options.env,
    ...env,
  });
  const startService = async (env: Record<string, string> = {}, hooks?: WalletPoolHooks): Promise<ServiceApp> => {
    const settings = poolSettings(infra.pg.url('beacon_ops'), proxy.url, serviceEnv(env), walletAccounts);
    const app = await createBeaconOpsApp(settings, { logger: false, poolHooks: hooks });
    await app.init();
    await app.getHttpAdapter().getInstance().ready();
    const service: ServiceApp = {
      app,
      settings,
      db: await app.get(JournalStore).dataSource(),
      reconciler: app.get(JournalReconciler),
      post(path, body, { token = TOKEN, key } = {}) {
        let req = request(app.getHttpServer()).post(path);
        if (token !== null) req = req.set('Authorization', `Bearer ${token}`);
        if (key !== undefined) req = req.set('Idempotency-Key', key);
        return body === undefined ? req : req.send(body as object);
      },
      close: () => app.close(),
    };
    services.push(service);
    return service;
  };

  return {
    infra,
    proxy,
    system,
    deployer,
    walletAccounts,
    serviceEnv,
    startService,
    async stop() {
      for (const s of services) await s.close().catch(() => undefined);
      await proxy.pause();
      await infra.stop();
    },
  };
}

/** Sum of the pool wallets' mined transaction counts: how many transactions the service sent. */
export async function poolTxCount(env: Pick<ChainEnv, 'infra' | 'walletAccounts'>): Promise<number> {
  const counts = await Promise.all(env.walletAccounts.map((i) => env.infra.chain.getTransactionCount(anvilAddress(i))));
  return counts.reduce((a, b) => a + b, 0);
}

export const TX_HASH = /^0x[0-9a-f]{64}$/;
export const ADDRESS = /^0x[0-9a-f]{40}$/;
