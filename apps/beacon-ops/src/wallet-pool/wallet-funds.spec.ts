import { BeaconOpsError } from '@perp/http';
import { JsonRpcProvider, parseEther, toBeHex } from 'ethers';
import { Chain } from '../chain/chain.module';
import { anvilAddress } from '../test/anvil-keys';
import { Infra, PoolApp, poolSettings, startInfra, startPoolApp } from '../test/pool-test-env';
import { maxCostOf } from './wallet-funds';

const RECIPIENT = anvilAddress(0);

/** The balance floor kept from the wallet row's accounted funds, on real Postgres and anvil. */
describe('wallet funds', () => {
  let infra: Infra;
  const apps: PoolApp[] = [];

  // One wallet per test, so each starts with a fresh wallet row; balances read once a minute at most.
  const startPool = async (account: number) => {
    const app = await startPoolApp(
      poolSettings(infra.pg.url('beacon_ops'), infra.anvil.url, { RECEIPT_TIMEOUT_MS: '1000', LEASE_TIMEOUT_MS: '12000', WALLET_BALANCE_CACHE_MS: '60000' }, [
        account,
      ]),
    );
    apps.push(app);
    return app;
  };
  const transfer = (value: bigint, build?: () => Promise<void>) => ({
    kind: 'test_transfer',
    request: { value: String(value) },
    build: async () => {
      await build?.();
      return { to: RECIPIENT, value, gasLimit: 21_000n };
    },
  });
  const walletRow = async (app: PoolApp, account: number) => {
    const [row] = (await app.db.query(`SELECT balance_wei, committed_wei FROM wallets WHERE address = $1`, [anvilAddress(account)])) as {
      balance_wei: string | null;
      committed_wei: string;
    }[];
    return { balance: row.balance_wei === null ? null : BigInt(row.balance_wei), committed: BigInt(row.committed_wei) };
  };
  const rawTxs = async (app: PoolApp, account: number) =>
    ((await app.db.query(`SELECT raw_tx FROM tx_journal WHERE wallet = $1 ORDER BY id`, [anvilAddress(account)])) as { raw_tx: string }[]).map((r) => r.raw_tx);
  const balanceReads = async (app: PoolApp) =>
    jest.spyOn(await app.app.get(Chain).provider(), 'getBalance') as jest.SpyInstance<ReturnType<JsonRpcProvider['getBalance']>>;

  beforeAll(async () => {
    infra = await startInfra();
  }, 60_000);

  afterAll(async () => {
    for (const app of apps) await app.close();
    await infra?.stop();
  });

  it("reads a wallet's balance once for many sends, and commits each transaction's maximum cost", async () => {
    const pool = await startPool(2);
    const reads = await balanceReads(pool);
    for (let i = 0; i < 5; i++) expect(await pool.pool.send(transfer(1n))).toMatchObject({ status: 'confirmed' });

    // The first send reads it (plus the wallet choice's cached read); the others spend from the row.
    expect(reads.mock.calls.length).toBeLessThanOrEqual(2);
    const row = await walletRow(pool, 2);
    expect(row.balance).toBe(parseEther('10000'));
    expect(row.committed).toBe((await rawTxs(pool, 2)).reduce((sum, raw) => sum + maxCostOf(raw), 0n));
  });

  it('reads the balance again before refusing a transaction the accounted funds do not cover, and sends it if the chain says it fits', async () => {
    const pool = await startPool(3);
    await pool.pool.send(transfer(1n));
    // Everything accounted as spent: only a fresh read shows that it was not.
    await pool.db.query(`UPDATE wallets SET committed_wei = balance_wei WHERE address = $1`, [anvilAddress(3)]);
    const reads = await balanceReads(pool);

    expect(await pool.pool.send(transfer(2n))).toMatchObject({ status: 'confirmed' });
    expect(reads).toHaveBeenCalledTimes(1);
    // Nothing was pending at the read: what is committed now is this transaction alone.
    expect((await walletRow(pool, 3)).committed).toBe(maxCostOf((await rawTxs(pool, 3)).at(-1) ?? '0x'));
  });

  it('counts a pending transaction at its maximum cost, for every replica: no second one that could take the wallet below the floor', async () => {
    const [a, b] = [await startPool(4), await startPool(4)];
    const wallet = anvilAddress(4);
    const floor = a.settings.walletMinBalanceWei;
    await infra.rpc('anvil_setBalance', [wallet, toBeHex(floor + parseEther('1.5'))]);
    await infra.rpc('evm_setAutomine', [false]);
    try {
      // Unmined: replica a answers 504, and its transaction still holds 1 ether plus gas.
      expect(await a.pool.send(transfer(parseEther('1'))).catch((e: unknown) => e)).toMatchObject({ status: 504 });
      // The chain still shows 1.5 ether above the floor; the pending row says 1 ether of it is spoken for.
      expect(await infra.chain.getBalance(wallet)).toBe(floor + parseEther('1.5'));
      const refused = await b.pool.send(transfer(parseEther('1'))).catch((e: unknown) => e);
      expect(refused).toBeInstanceOf(BeaconOpsError);
      expect((refused as BeaconOpsError).message).toMatch(/^Insufficient gas: no pool wallet can pay/);
      expect(await rawTxs(a, 4)).toHaveLength(1);
    } finally {
      await infra.rpc('evm_setAutomine', [true]);
      await infra.rpc('evm_mine');
    }
    expect(await infra.chain.getBalance(wallet)).toBeGreaterThanOrEqual(floor);
  });

  it("refuses in the journal statement itself when the row's funds no longer cover the transaction", async () => {
    const pool = await startPool(5);
    await pool.pool.send(transfer(1n));
    const rows = (await rawTxs(pool, 5)).length;
    // After the lease was taken (its figures looked fine), the row changes under it.
    const drained = transfer(1n, async () => {
      await pool.db.query(`UPDATE wallets SET committed_wei = balance_wei WHERE address = $1`, [anvilAddress(5)]);
    });
    const refused = await pool.pool.send(drained).catch((e: unknown) => e);
    expect(refused).toMatchObject({ status: 503 });
    expect(await rawTxs(pool, 5)).toHaveLength(rows);
  });
});
