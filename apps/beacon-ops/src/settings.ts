import { DEV_DEFAULTS } from '@perp/dev-defaults';
import { corsSettingsSpec, observabilitySettingsSpec } from '@perp/service';
import {
  address,
  devKeyProblems,
  devKeysSettingsSpec,
  httpServerSettingsSpec,
  storeSettingsSpec,
  httpUrl,
  integer,
  list,
  loadSettings,
  optional,
  port,
  postgresUrl,
  privateKey,
  secretList,
  setting,
  Settings,
} from '@perp/settings';
import { failedAuthSettingsSpec } from './auth/failed-auth-settings';
import { gasPolicySettingsSpec } from './gas-policy';
import { tokenLimitSettingsSpec } from './rate-limits/token-limit-settings';
import { touchSettingsProblems, touchSettingsSpec } from './touch/touch-settings';
import { gatingSettingsSpec } from './gating/gating-settings';

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
  /** How long one JSON-RPC call may take (every call: requests, receipt polls, nonce and balance reads, broadcasts) before 502; once one times out, calls answer 502 at once until the node answers a probe. */
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
  /** How long a request waits for a wallet with room in its pipeline, or for the previous update of its beacon. */
  leaseWaitMs: setting('LEASE_WAIT_MS', integer({ min: 0 }), { default: '30000' }),
  /** Transactions one wallet may have sent and not yet mined, each with its own nonce. */
  maxInFlightPerWallet: setting('MAX_IN_FLIGHT_PER_WALLET', integer({ min: 1, max: 64 }), { default: '8' }),
  /**
   * Life of a beacon lock or an idempotency claim without its holder's heartbeat (renewed every
   * LOCK_TTL_MS / 4): a dead or stalled process' locks are taken over this soon.
   */
  lockTtlMs: setting('LOCK_TTL_MS', integer({ min: 1_000, max: 60_000 }), { default: '4000' }),
  /** lock_timeout of every statement that takes a row lock: none waits in a stalled database to take it later. */
  lockTimeoutMs: setting('LOCK_TIMEOUT_MS', integer({ min: 10, max: 30_000 }), { default: '1000' }),
  /** A transaction still unmined this many blocks after its (re-)send is re-sent with the same nonce and a fee bump. */
  resendAfterBlocks: setting('RESEND_AFTER_BLOCKS', integer({ min: 1, max: 1_000 }), { default: '3' }),
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
  /** Touch after update: off unless TOUCH_MARKET_DATA_URL is set (touch/touch-settings.ts). */
  ...touchSettingsSpec,
  /** Publish gating of ECDSA updates: off unless PUBLISH_GATING=true (gating/gating-settings.ts). */
  ...gatingSettingsSpec,

  // Contracts, as deployed on the chain (the dev stack sets them after deploying). All optional:
  // the service starts without them, and a route that needs an unset one answers 503.
  registryAddress: setting('REGISTRY_ADDRESS', optional(address), { default: '' }),
  beaconFactoryAddress: setting('BEACON_FACTORY_ADDRESS', optional(address), { default: '' }),
  verifiableBeaconFactoryAddress: setting('VERIFIABLE_BEACON_FACTORY_ADDRESS', optional(address), { default: '' }),
  /** GroupEcdsaBeaconFactory for /create_group_ecdsa_beacon (a registrar of REGISTRY_ADDRESS's registry). */
  groupEcdsaBeaconFactoryAddress: setting('GROUP_ECDSA_BEACON_FACTORY_ADDRESS', optional(address), { default: '' }),
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

export function loadBeaconOpsSettings(env: NodeJS.ProcessEnv = process.env): BeaconOpsSettings {
  return loadSettings(beaconOpsSettingsSpec, env, (values) => [
    ...devKeyProblems(
      values.allowDevKeys,
      { BEACON_OPS_ACCESS_TOKENS: values.accessTokens, WALLET_PRIVATE_KEYS: values.walletPrivateKeys, SIGNER_PRIVATE_KEY: values.signerPrivateKey },
      env,
    ),
    ...touchSettingsProblems(values),
  ]);
}
