import { join } from 'node:path';
import { runTsEntryPoint } from '@perp/local-infra';
import { HDNodeWallet, Wallet } from 'ethers';
import { loadBeaconOpsSettings } from './settings';

const anvilAccount = (i: number) =>
  HDNodeWallet.fromPhrase('test test test test test test test test test test test junk', undefined, `m/44'/60'/0'/0/${i}`).address.toLowerCase();

describe('beacon-ops settings', () => {
  it('defaults to the dev stack', () => {
    expect(loadBeaconOpsSettings({})).toMatchObject({ port: 8000, rpcUrl: 'http://127.0.0.1:8545' });
  });

  it('takes every override from the environment', () => {
    const settings = loadBeaconOpsSettings({
      BEACON_OPS_PORT: '9000',
      RPC_URL: 'https://rpc.example',
      BEACON_OPS_ACCESS_TOKENS: 'a'.repeat(16) + ',' + 'b'.repeat(20),
    });
    expect(settings).toMatchObject({ port: 9000, rpcUrl: 'https://rpc.example', accessTokens: ['a'.repeat(16), 'b'.repeat(20)] });
  });

  it('defaults the wallet pool to anvil accounts 1-8, the signer to account 9, and a 0.01 ether floor', () => {
    const settings = loadBeaconOpsSettings({});
    const addresses = settings.walletPrivateKeys.map((key) => new Wallet(key).address.toLowerCase());
    expect(addresses).toEqual([1, 2, 3, 4, 5, 6, 7, 8].map(anvilAccount));
    expect(addresses).not.toContain(anvilAccount(0)); // the dev stack's deployer
    expect(new Wallet(settings.signerPrivateKey).address.toLowerCase()).toBe(anvilAccount(9));
    expect(settings).toMatchObject({
      walletMinBalanceWei: 10n ** 16n,
      receiptTimeoutMs: 30_000,
      leaseTimeoutMs: 60_000,
      chainId: undefined,
    });
  });

  it('takes the pool settings from the environment', () => {
    const key = `0x${'11'.repeat(32)}`;
    const settings = loadBeaconOpsSettings({
      WALLET_PRIVATE_KEYS: `${key}, ${'22'.repeat(32)}`,
      SIGNER_PRIVATE_KEY: '33'.repeat(32),
      WALLET_MIN_BALANCE_WEI: '5',
      RECEIPT_TIMEOUT_MS: '1000',
      RECEIPT_POLL_INTERVAL_MS: '50',
      LEASE_TIMEOUT_MS: '11000',
      CHAIN_ID: '8453',
    });
    expect(settings).toMatchObject({
      walletPrivateKeys: [key, `0x${'22'.repeat(32)}`],
      signerPrivateKey: `0x${'33'.repeat(32)}`,
      walletMinBalanceWei: 5n,
      receiptTimeoutMs: 1000,
      receiptPollIntervalMs: 50,
      leaseTimeoutMs: 11_000,
      chainId: 8453,
    });
  });

  it('rejects bad pool settings without echoing keys', () => {
    const secret = 'ab'.repeat(31);
    let message = '';
    try {
      loadBeaconOpsSettings({ WALLET_PRIVATE_KEYS: `${'11'.repeat(32)},${secret}`, SIGNER_PRIVATE_KEY: 'nope', WALLET_MIN_BALANCE_WEI: '0.5', CHAIN_ID: 'x' });
    } catch (error) {
      message = (error as Error).message;
    }
    expect(message).toContain('WALLET_PRIVATE_KEYS: item 2 must be a 32-byte hex private key');
    expect(message).toContain('SIGNER_PRIVATE_KEY: must be a 32-byte hex private key');
    expect(message).toContain('WALLET_MIN_BALANCE_WEI: must be a non-negative integer amount of wei');
    expect(message).toContain('CHAIN_ID: must be an integer');
    expect(message).not.toContain(secret);
    expect(() => loadBeaconOpsSettings({ WALLET_PRIVATE_KEYS: `${'11'.repeat(32)},0x${'11'.repeat(32)}` })).toThrow(
      /WALLET_PRIVATE_KEYS: lists the same key twice$/m,
    );
  });

  it('refuses a lease that could expire during its own receipt wait', () => {
    expect(() => loadBeaconOpsSettings({ RECEIPT_TIMEOUT_MS: '60000', LEASE_TIMEOUT_MS: '60000' })).toThrow(
      /LEASE_TIMEOUT_MS: must be at least RECEIPT_TIMEOUT_MS \+ 10000/,
    );
  });

  it('rejects weak tokens without echoing them', () => {
    expect(() => loadBeaconOpsSettings({ BEACON_OPS_ACCESS_TOKENS: 'short' })).toThrow(/BEACON_OPS_ACCESS_TOKENS: item 1 must be at least 16 characters$/m);
  });

  it('the process refuses to start with a message naming the bad setting', () => {
    const run = runTsEntryPoint(join(__dirname, 'main.ts'), { RPC_URL: 'ftp://chain' });
    expect(run.status).toBe(1);
    expect(run.stderr).toContain('beacon-ops refuses to start');
    expect(run.stderr).toContain('RPC_URL: must be a http or https URL (got "ftp://chain")');
  });
});
