import { join } from 'node:path';
import { runTsEntryPoint } from '@perp/local-infra';
import { HDNodeWallet, Wallet } from 'ethers';
import { DEV_DEFAULTS } from '@perp/dev-defaults';
import { devServiceEnv } from '@perp/service';
import { ANVIL_DEV_KEYS, InvalidSettingsError } from '@perp/settings';
import { loadBeaconOpsSettings } from './settings';

const TOKEN_A = 'beacon-ops-token-a-0123456789abcdef';
const TOKEN_B = 'beacon-ops-token-b-0123456789abcdef';

/** The problems the loader reports for `env` (none: the settings loaded). */
function problems(env: NodeJS.ProcessEnv): string[] {
  try {
    loadBeaconOpsSettings(env);
    return [];
  } catch (error) {
    if (error instanceof InvalidSettingsError) return error.problems;
    throw error;
  }
}

const anvilAccount = (i: number) =>
  HDNodeWallet.fromPhrase('test test test test test test test test test test test junk', undefined, `m/44'/60'/0'/0/${i}`).address.toLowerCase();

describe('beacon-ops settings', () => {
  it('load the dev environment the dev stack passes', () => {
    expect(loadBeaconOpsSettings(devServiceEnv())).toMatchObject({ port: 8000, rpcUrl: 'http://127.0.0.1:8545' });
  });

  it('takes every override from the environment', () => {
    const settings = loadBeaconOpsSettings(
      devServiceEnv({
        BEACON_OPS_PORT: '9000',
        RPC_URL: 'https://rpc.example',
        BEACON_OPS_ACCESS_TOKENS: `${TOKEN_A},${TOKEN_B}`,
      }),
    );
    expect(settings).toMatchObject({ port: 9000, rpcUrl: 'https://rpc.example', accessTokens: [TOKEN_A, TOKEN_B] });
  });

  it('the dev environment pools anvil accounts 1-8, signs with account 9, and the floor defaults to 0.01 ether', () => {
    const settings = loadBeaconOpsSettings(devServiceEnv());
    const addresses = settings.walletPrivateKeys.map((key) => new Wallet(key).address.toLowerCase());
    expect(addresses).toEqual([1, 2, 3, 4, 5, 6, 7, 8].map(anvilAccount));
    expect(addresses).not.toContain(anvilAccount(0)); // the dev stack's deployer
    expect(new Wallet(settings.signerPrivateKey).address.toLowerCase()).toBe(anvilAccount(9));
    expect(settings).toMatchObject({
      walletMinBalanceWei: 10n ** 16n,
      receiptTimeoutMs: 30_000,
      maxInFlightPerWallet: 8,
      lockTtlMs: 4_000,
      lockTimeoutMs: 1_000,
      rpcTimeoutMs: 5_000,
      chainId: undefined,
    });
  });

  it('takes the pool settings from the environment', () => {
    const key = `0x${'11'.repeat(32)}`;
    const settings = loadBeaconOpsSettings(
      devServiceEnv({
        WALLET_PRIVATE_KEYS: `${key}, ${'22'.repeat(32)}`,
        SIGNER_PRIVATE_KEY: '33'.repeat(32),
        WALLET_MIN_BALANCE_WEI: '5',
        RECEIPT_TIMEOUT_MS: '1000',
        RECEIPT_POLL_INTERVAL_MS: '50',
        MAX_IN_FLIGHT_PER_WALLET: '4',
        CHAIN_ID: '8453',
      }),
    );
    expect(settings).toMatchObject({
      walletPrivateKeys: [key, `0x${'22'.repeat(32)}`],
      signerPrivateKey: `0x${'33'.repeat(32)}`,
      walletMinBalanceWei: 5n,
      receiptTimeoutMs: 1000,
      receiptPollIntervalMs: 50,
      maxInFlightPerWallet: 4,
      chainId: 8453,
    });
  });

  it('rejects bad pool settings without echoing keys', () => {
    const secret = 'ab'.repeat(31);
    let message = '';
    try {
      loadBeaconOpsSettings(
        devServiceEnv({ WALLET_PRIVATE_KEYS: `${'11'.repeat(32)},${secret}`, SIGNER_PRIVATE_KEY: 'nope', WALLET_MIN_BALANCE_WEI: '0.5', CHAIN_ID: 'x' }),
      );
    } catch (error) {
      message = (error as Error).message;
    }
    expect(message).toContain('WALLET_PRIVATE_KEYS: item 2 must be a 32-byte hex private key');
    expect(message).toContain('SIGNER_PRIVATE_KEY: must be a 32-byte hex private key');
    expect(message).toContain('WALLET_MIN_BALANCE_WEI: must be a non-negative integer amount of wei');
    expect(message).toContain('CHAIN_ID: must be an integer');
    expect(message).not.toContain(secret);
    expect(() => loadBeaconOpsSettings(devServiceEnv({ WALLET_PRIVATE_KEYS: `${'11'.repeat(32)},0x${'11'.repeat(32)}` }))).toThrow(
      /WALLET_PRIVATE_KEYS: lists the same key twice$/m,
    );
  });

  it('has no default for the chain, the journal or any secret: each missing one is named', () => {
    expect(problems({})).toEqual([
      'RPC_URL is required but not set',
      'BEACON_OPS_DATABASE_URL is required but not set',
      'BEACON_OPS_ACCESS_TOKENS is required but not set',
      'WALLET_PRIVATE_KEYS is required but not set',
      'SIGNER_PRIVATE_KEY is required but not set',
    ]);
  });

  it('rejects weak, blank and repeated tokens without echoing them', () => {
    const weak = 'x'.repeat(31);
    expect(problems(devServiceEnv({ BEACON_OPS_ACCESS_TOKENS: weak }))).toEqual(['BEACON_OPS_ACCESS_TOKENS: item 1 must be at least 32 characters']);
    expect(problems(devServiceEnv({ BEACON_OPS_ACCESS_TOKENS: ' ' }))).toEqual(['BEACON_OPS_ACCESS_TOKENS is required but not set']);
    expect(problems(devServiceEnv({ BEACON_OPS_ACCESS_TOKENS: `${TOKEN_A},` }))).toEqual(['BEACON_OPS_ACCESS_TOKENS: item 2 is blank']);
    expect(problems(devServiceEnv({ BEACON_OPS_ACCESS_TOKENS: `${TOKEN_A},${TOKEN_A}` }))).toEqual(['BEACON_OPS_ACCESS_TOKENS: lists the same value twice']);
    expect(problems(devServiceEnv({ WALLET_PRIVATE_KEYS: `${'11'.repeat(32)},,${'22'.repeat(32)}` }))).toEqual(['WALLET_PRIVATE_KEYS: item 2 is blank']);
  });

  it('refuses keys that are not valid secp256k1 keys', () => {
    expect(problems(devServiceEnv({ SIGNER_PRIVATE_KEY: '00'.repeat(32) }))).toEqual([
      'SIGNER_PRIVATE_KEY: is not a valid secp256k1 private key (0 or not below the curve order)',
    ]);
    expect(problems(devServiceEnv({ WALLET_PRIVATE_KEYS: 'ff'.repeat(32) }))).toEqual([
      'WALLET_PRIVATE_KEYS: item 1 is not a valid secp256k1 private key (0 or not below the curve order)',
    ]);
  });

  it("refuses anvil's public keys and the dev token unless ALLOW_DEV_KEYS=true, and ALLOW_DEV_KEYS=true under NODE_ENV=production", () => {
    expect(problems(devServiceEnv({ ALLOW_DEV_KEYS: '' }))).toEqual([
      'BEACON_OPS_ACCESS_TOKENS: item 1 is the dev stack token, which is public: refused unless ALLOW_DEV_KEYS=true (dev stack only)',
      ...[1, 2, 3, 4, 5, 6, 7, 8].map(
        (i) => `WALLET_PRIVATE_KEYS: item ${i} is anvil dev account ${i}'s key, which is public: refused unless ALLOW_DEV_KEYS=true (dev stack only)`,
      ),
      "SIGNER_PRIVATE_KEY: is anvil dev account 9's key, which is public: refused unless ALLOW_DEV_KEYS=true (dev stack only)",
    ]);
    // Account 0 (the dev deployer), written without 0x and in upper case, is still anvil's.
    const own = { BEACON_OPS_ACCESS_TOKENS: TOKEN_A, WALLET_PRIVATE_KEYS: '11'.repeat(32), SIGNER_PRIVATE_KEY: '22'.repeat(32) };
    expect(problems(devServiceEnv({ ...own, ALLOW_DEV_KEYS: 'false', WALLET_PRIVATE_KEYS: ANVIL_DEV_KEYS[0].slice(2).toUpperCase() }))).toEqual([
      "WALLET_PRIVATE_KEYS: item 1 is anvil dev account 0's key, which is public: refused unless ALLOW_DEV_KEYS=true (dev stack only)",
    ]);
    expect(problems(devServiceEnv({ ...own, ALLOW_DEV_KEYS: 'true', NODE_ENV: 'production' }))).toEqual([
      'ALLOW_DEV_KEYS: must not be true when NODE_ENV=production (dev secrets are public)',
    ]);
    expect(problems(devServiceEnv({ ALLOW_DEV_KEYS: 'true', NODE_ENV: 'production' }))).toHaveLength(1 + 1 + 8 + 1);
    expect(problems(devServiceEnv({ ...own, ALLOW_DEV_KEYS: 'false', NODE_ENV: 'production' }))).toEqual([]);
  });

  it('lists exactly the keys of anvil accounts 0-9', () => {
    expect(ANVIL_DEV_KEYS.map((key) => new Wallet(key).address.toLowerCase())).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9].map(anvilAccount));
  });

  it('touch after update is off by default; on with TOUCH_MARKET_DATA_URL it needs its own key and Multicall3, and a batch within MAX_TRANSACTION_GAS', () => {
    expect(loadBeaconOpsSettings(devServiceEnv())).toMatchObject({ touchMarketDataUrl: undefined, touchFlushMs: 1000, touchMaxBatch: 50 });
    const on = { TOUCH_MARKET_DATA_URL: 'http://127.0.0.1:3000', MULTICALL3_ADDRESS: '0xcA11bde05977b3631167028862bE2a173976CA11' };
    expect(problems(devServiceEnv({ ...on, TOUCH_MARKET_DATA_API_KEY: 'mdk_secret-key' }))).toEqual([]);
    expect(problems(devServiceEnv({ ...on }))).toEqual(['TOUCH_MARKET_DATA_API_KEY is required when TOUCH_MARKET_DATA_URL is set']);
    expect(problems(devServiceEnv({ ...on, MULTICALL3_ADDRESS: '', TOUCH_MARKET_DATA_API_KEY: 'k' }))).toEqual([
      'MULTICALL3_ADDRESS is required when TOUCH_MARKET_DATA_URL is set (touches go in Multicall3 batches)',
    ]);
    expect(problems(devServiceEnv({ ...on, TOUCH_MARKET_DATA_API_KEY: 'k', TOUCH_MAX_BATCH: '80', MAX_TRANSACTION_GAS: '16777216' }))).toEqual([
      "TOUCH_MAX_BATCH 80: a full batch's gas limit (TOUCH_GAS_BASE + TOUCH_GAS_PER_PERP x TOUCH_MAX_BATCH = 24200000) is above MAX_TRANSACTION_GAS 16777216",
    ]);
    expect(problems(devServiceEnv({ TOUCH_MARKET_DATA_URL: 'ftp://x', TOUCH_FLUSH_MS: '0' }))).toEqual([
      'TOUCH_MARKET_DATA_URL: must be a http or https URL (got "ftp://x")',
      'TOUCH_FLUSH_MS: must be at least 10 (got "0")',
    ]);
  });

  it('publish gating is off by default, with the heartbeat 840 s, no floor and tiers on; bad values are refused by name', () => {
    expect(loadBeaconOpsSettings(devServiceEnv())).toMatchObject({
      publishGating: false,
      publishHeartbeatSeconds: 840,
      publishMinIntervalSeconds: 0,
      publishTiers: true,
      publishIdleMinIntervalSeconds: 0,
    });
    expect(loadBeaconOpsSettings(devServiceEnv({ PUBLISH_GATING: 'true', PUBLISH_HEARTBEAT_SECONDS: '0', PUBLISH_MIN_INTERVAL_SECONDS: '30' }))).toMatchObject({
      publishGating: true,
      publishHeartbeatSeconds: 0,
      publishMinIntervalSeconds: 30,
    });
    const bad = problems(
      devServiceEnv({
        PUBLISH_GATING: 'yes',
        PUBLISH_HEARTBEAT_SECONDS: '15m',
        PUBLISH_MIN_INTERVAL_SECONDS: '-1',
        PUBLISH_IDLE_MIN_INTERVAL_SECONDS: '604801',
      }),
    );
    for (const name of ['PUBLISH_GATING', 'PUBLISH_HEARTBEAT_SECONDS', 'PUBLISH_MIN_INTERVAL_SECONDS', 'PUBLISH_IDLE_MIN_INTERVAL_SECONDS']) {
      expect(bad.filter((problem) => problem.startsWith(name))).toHaveLength(1);
    }
  });

  it('masks the password of an RPC URL it shows', () => {
    expect(problems(devServiceEnv({ RPC_URL: 'wss://rpc-user:hunter2-secret@rpc.example/v1' }))).toEqual([
      'RPC_URL: must be a http or https URL (got "wss://rpc-user:***@rpc.example/v1")',
    ]);
  });

  it('the process refuses to start with a message naming the bad setting', () => {
    const run = runTsEntryPoint(join(__dirname, 'main.ts'), { ...devServiceEnv(), RPC_URL: 'ftp://chain' });
    expect(run.status).toBe(1);
    expect(run.stderr).toContain('beacon-ops refuses to start');
    expect(run.stderr).toContain('RPC_URL: must be a http or https URL (got "ftp://chain")');
  });

  it('started as the image starts it (NODE_ENV=production, nothing set), the process exits 1 naming every missing setting', () => {
    const unset = Object.fromEntries(Object.keys(devServiceEnv()).map((name) => [name, '']));
    const run = runTsEntryPoint(join(__dirname, 'main.ts'), { ...unset, NODE_ENV: 'production', RPC_URL: 'ftp://rpc:hunter2-secret@chain' });
    expect(run.status).toBe(1);
    expect(run.stderr).toContain('RPC_URL: must be a http or https URL (got "ftp://rpc:***@chain")');
    for (const name of ['BEACON_OPS_DATABASE_URL', 'BEACON_OPS_ACCESS_TOKENS', 'WALLET_PRIVATE_KEYS', 'SIGNER_PRIVATE_KEY']) {
      expect(run.stderr).toContain(`${name} is required but not set`);
    }
    expect(`${run.stdout}${run.stderr}`).not.toContain('hunter2');
    expect(`${run.stdout}${run.stderr}`).not.toContain(DEV_DEFAULTS.beaconOpsAccessToken);
  });
});
