import {
  address,
  corsSettingsSpec,
  DEV_DEFAULTS,
  devKeyProblems,
  devKeysSettingsSpec,
  httpServerSettingsSpec,
  storeSettingsSpec,
  observabilitySettingsSpec,
  httpUrl,
  integer,
  InvalidSettingsError,
  list,
  loadSettings,
  optional,
  port,
  postgresUrl,
  privateKey,
  secretList,
  setting,
  Settings,
} from '@perp/service';
import { failedAuthSettingsSpec } from './auth/failed-auth-settings';
import { gasPolicySettingsSpec } from './gas-policy';
import { tokenLimitSettingsSpec } from './rate-limits/token-limit-settings';

/** An amount of wei as a non-negative integer string (bigint: wei overflow a JS number). */
function weiAmount(raw: string): bigint {
  if (!/^\d+$/.test(raw)) throw new Error('must be a non-negative integer amount of wei');
  return BigInt(raw);
}

/** The same key twice would be two "wallets" racing for one nonce; a blank entry is a missing key. */
function distinctKeys(raw: string): string[] {
  const blank = raw.split(',').findIndex((part) => part.trim() === '');
  if (blank >= 0) throw new Error(`item ${blank + 1} is blank`);
  const keys = list(privateKey, { min: 1 })(raw);
  if (new Set(keys).size !== keys.length) throw new Error('lists the same key twice');
  return keys;
}

/**
 * The chain, the journal database and every secret are required: no default could be right in
 * production (a default chain or database would let a misconfigured replica send from, or
 * journal into, the dev one). The dev stack and tests pass them all (devServiceEnv in @perp/service).
 */
export const beaconOpsSettingsSpec = {
  ...httpServerSettingsSpec,
  ...storeSettingsSpec,
  /** LOG_LEVEL, LOG_FORMAT, METRICS_HOST, METRICS_PORT (/metrics apart from the API). */
  ...observabilitySettingsSpec({ metricsPort: DEV_DEFAULTS.beaconOpsMetricsPort }),
  host: setting('BEACON_OPS_HOST', String, { default: '0.0.0.0' }),
  port: setting('BEACON_OPS_PORT', port, { default: String(DEV_DEFAULTS.beaconOpsPort) }),
  /** user:password in the URL is sent as HTTP Basic authentication (chain.module.ts). */
  rpcUrl: setting('RPC_URL', httpUrl),
  /** How long one JSON-RPC call may take before 502; once one times out, calls answer 502 at once until the node answers a probe. */
  rpcTimeoutMs: setting('RPC_TIMEOUT_MS', integer({ min: 100, max: 60_000 }), { default: '5000' }),
  databaseUrl: setting('BEACON_OPS_DATABASE_URL', postgresUrl),
  /** At least 32 characters each, distinct; comma-separated for rotation. */
  accessTokens: setting('BEACON_OPS_ACCESS_TOKENS', secretList(), { secret: true }),
  /** Chain id the pool may sign for; unset: whatever the RPC reports. */
  chainId: setting('CHAIN_ID', optional(integer({ min: 1 })), { default: '' }),
  /** The pool's gas-paying wallets. */
  walletPrivateKeys: setting('WALLET_PRIVATE_KEYS', distinctKeys, { secret: true }),
  /** Signs measurements for ECDSA-adapter beacons; never pays gas. */
  signerPrivateKey: setting('SIGNER_PRIVATE_KEY', privateKey, { secret: true }),
  /** Accept anvil's public keys and the dev token (dev stack and tests only; refused under NODE_ENV=production). */
  ...devKeysSettingsSpec,
  ...corsSettingsSpec,
  /** A wallet is never spent below this balance (0.01 ether by default). */
  walletMinBalanceWei: setting('WALLET_MIN_BALANCE_WEI', weiAmount, { default: '10000000000000000' }),
  /** How long a wallet lease (and a beacon lock) lives without its holder releasing it. */
  leaseTimeoutMs: setting('LEASE_TIMEOUT_MS', integer({ min: 1_000 }), { default: '60000' }),
  /** How long a request waits for a free wallet, or for the previous update of its beacon. */
  leaseWaitMs: setting('LEASE_WAIT_MS', integer({ min: 0 }), { default: '30000' }),
  receiptTimeoutMs: setting('RECEIPT_TIMEOUT_MS', integer({ min: 100 }), { default: '30000' }),
  receiptPollIntervalMs: setting('RECEIPT_POLL_INTERVAL_MS', integer({ min: 10 }), { default: '500' }),
  /** Period of the background pass that finishes pending journal rows. */
  reconcileIntervalMs: setting('RECONCILE_INTERVAL_MS', integer({ min: 100 }), { default: '15000' }),
  /** Wallet balances read from the chain are reused this long to pick a wallet. */
  balanceCacheMs: setting('WALLET_BALANCE_CACHE_MS', integer({ min: 0 }), { default: '3000' }),
  idempotencyKeyTtlHours: setting('IDEMPOTENCY_KEY_TTL_HOURS', integer({ min: 1 }), { default: '24' }),
  /** MAX_TRANSACTION_GAS and the gas cap of each operation (gas-policy.ts). */
  ...gasPolicySettingsSpec,
  /** Per-token limits, shared by replicas through Postgres (rate-limits/). */
  ...tokenLimitSettingsSpec,
  /** Per-address limit on failed authentication (auth/). */
  ...failedAuthSettingsSpec,
  /** How long a measurement signature stays valid on chain (its EIP-712 deadline): a captured one soon expires. */
  ecdsaSignatureTtlSeconds: setting('ECDSA_SIGNATURE_TTL_SECONDS', integer({ min: 10, max: 86_400 }), { default: '300' }),
  /**
   * ECDSA beacons the signer signs for besides those in REGISTRY_ADDRESS's registry (the
   * protocol's deployed ones); it signs for no other beacon.
   */
  ecdsaBeaconAllowList: setting('ECDSA_BEACON_ADDRESSES', list(address), { default: '' }),

  // Contracts, as deployed on the chain (the dev stack sets them after deploying). All optional:
  // the service starts without them, and a route that needs an unset one answers 503.
  registryAddress: setting('REGISTRY_ADDRESS', optional(address), { default: '' }),
  beaconFactoryAddress: setting('BEACON_FACTORY_ADDRESS', optional(address), { default: '' }),
  verifiableBeaconFactoryAddress: setting('VERIFIABLE_BEACON_FACTORY_ADDRESS', optional(address), { default: '' }),
  /** Multicall3 for batch creation (the canonical 0xcA11...CA11 where it exists). */
  multicall3Address: setting('MULTICALL3_ADDRESS', optional(address), { default: '' }),
  /** BatchUpdater (aggregate3WithGas) for batch updates: a gas limit per entry. */
  batchUpdaterAddress: setting('BATCH_UPDATER_ADDRESS', optional(address), { default: '' }),
  /** Owner recorded in beacons from /create_beacon and the registry routes; unset: the signer's address. */
  beaconOwnerAddress: setting('BEACON_OWNER_ADDRESS', optional(address), { default: '' }),
  // Shown on GET / only, so a developer finds something to update right away.
  demoEcdsaBeaconAddress: setting('DEMO_ECDSA_BEACON_ADDRESS', optional(address), { default: '' }),
  demoEcdsaAdapterAddress: setting('DEMO_ECDSA_ADAPTER_ADDRESS', optional(address), { default: '' }),
  demoZkBeaconAddress: setting('DEMO_ZK_BEACON_ADDRESS', optional(address), { default: '' }),
  demoZkVerifierAddress: setting('DEMO_ZK_VERIFIER_ADDRESS', optional(address), { default: '' }),
};

export type BeaconOpsSettings = Settings<typeof beaconOpsSettingsSpec>;
export const BEACON_OPS_SETTINGS = Symbol('BEACON_OPS_SETTINGS');

/** Slack for the RPC calls between the last fence check and the end of the receipt wait. */
export const LEASE_SLACK_MS = 10_000;

export function loadBeaconOpsSettings(env: NodeJS.ProcessEnv = process.env): BeaconOpsSettings {
  const settings = loadSettings(beaconOpsSettingsSpec, env, (values) =>
    devKeyProblems(
      values.allowDevKeys,
      { BEACON_OPS_ACCESS_TOKENS: values.accessTokens, WALLET_PRIVATE_KEYS: values.walletPrivateKeys, SIGNER_PRIVATE_KEY: values.signerPrivateKey },
      env,
    ),
  );
  // A lease that could expire during its own receipt wait would let a second sender take
  // the wallet while our transaction is still unconfirmed.
  if (settings.leaseTimeoutMs < settings.receiptTimeoutMs + LEASE_SLACK_MS) {
    throw new InvalidSettingsError([`LEASE_TIMEOUT_MS: must be at least RECEIPT_TIMEOUT_MS + ${LEASE_SLACK_MS} (got ${settings.leaseTimeoutMs})`]);
  }
  return settings;
}
