import { BeaconOpsError } from '@perp/http';
import { Wallet } from 'ethers';
import { Chain } from '../chain/chain.module';
import { JournalStore } from '../stores/journal-store.module';
import { anvilAddress, anvilKey } from '../test/anvil-keys';
import { Infra, journalRows, PoolApp, poolSettings, sleep, startInfra, startPoolApp } from '../test/pool-test-env';
import { TransactionWouldRevertError } from './pool-errors';
import { TxJournal } from './tx-journal';
import { SentTransaction } from './send-request';
import { JournaledTransaction } from './wallet-pool-hooks';

const RECIPIENT = anvilAddress(0);
const WALLETS = [1, 2, 3, 4].map(anvilAddress);
/** Runtime code that always reverts: PUSH1 0 PUSH1 0 REVERT. */
const REVERTER_CODE = '0x60006000fd';

/** The pool on real Postgres and a real anvil (instant mining), four wallets. */
describe('WalletPool', () => {
  let infra: Infra;
  let pool: PoolApp;
  const journaled: { tx: JournaledTransaction; row: Record<string, unknown> | undefined; nodeKnew: boolean }[] = [];
  let inspectJournal = false;

  beforeAll(async () => {
    infra = await startInfra();
    pool = await startPoolApp(poolSettings(infra.pg.url('beacon_ops'), infra.anvil.url), {
      hooks: {
        // Runs after the journal write, before the broadcast: proves the ordering.
        afterJournal: async (tx) => {
          if (!inspectJournal) return;
          const [row] = (await pool.db.query(`SELECT status, raw_tx, wallet, nonce FROM tx_journal WHERE tx_hash = $1`, [tx.hash])) as Record<
            string,
            unknown
          >[];
          journaled.push({ tx, row, nodeKnew: (await infra.chain.getTransaction(tx.hash)) !== null });
        },
      },
    });
  }, 60_000);

  afterAll(async () => {
    await pool?.close();
    await infra?.stop();
  });

  const transfer = (i: number, extra: { beaconAddress?: string; idempotencyKey?: string } = {}) => ({
    kind: 'test_transfer',
    request: { i },
    ...extra,
    build: () => ({ to: RECIPIENT, value: 1n, gasLimit: 21_000n }),
  });

  it('writes the journal row (pending, raw tx, hash) before the node sees the transaction, then confirms it', async () => {
    inspectJournal = true;
    const sent = await pool.pool.send(transfer(-1));
    inspectJournal = false;

    expect(journaled).toHaveLength(1);
    expect(journaled[0].tx.hash).toBe(sent.hash);
    expect(journaled[0].row).toMatchObject({ status: 'pending', wallet: sent.wallet, raw_tx: expect.stringMatching(/^0x02/) });
    expect(journaled[0].nodeKnew).toBe(false);

    expect(sent).toMatchObject({ status: 'confirmed', replayed: false, nonce: 0 });
    expect(sent.receipt.hash).toBe(sent.hash);
    const [row] = (await pool.db.query(`SELECT * FROM tx_journal WHERE id = $1`, [sent.journalId])) as Record<string, unknown>[];
    expect(row).toMatchObject({
      status: 'confirmed',
      receipt_status: 1,
      block_number: String(sent.receipt.blockNumber),
      gas_used: '21000',
      broadcast_count: 1,
      error: null,
    });
  });

  it('sends 50 concurrent transactions on 4 wallets: each confirmed once, nonces contiguous per wallet, no error', async () => {
    const before = new Map(await Promise.all(WALLETS.map(async (w) => [w, await infra.chain.getTransactionCount(w)] as const)));
    const results = await Promise.allSettled(Array.from({ length: 50 }, (_, i) => pool.pool.send(transfer(i))));

    const failures = results.filter((r) => r.status === 'rejected');
    expect(failures).toEqual([]);
    const sent = results.map((r) => (r as PromiseFulfilledResult<SentTransaction>).value);
    expect(new Set(sent.map((s) => s.hash)).size).toBe(50);
    expect(sent.every((s) => s.status === 'confirmed')).toBe(true);

    const rows = (await journalRows(pool.db)).filter((r) => typeof r.request.i === 'number' && r.request.i >= 0);
    expect(rows).toHaveLength(50);
    expect(rows.every((r) => r.status === 'confirmed')).toBe(true);
    expect(new Set(rows.map((r) => r.request.i)).size).toBe(50);
    for (const wallet of WALLETS) {
      const nonces = rows
        .filter((r) => r.wallet === wallet)
        .map((r) => r.nonce)
        .sort((a, b) => a - b);
      const first = before.get(wallet) ?? 0;
      expect(nonces).toEqual(Array.from({ length: nonces.length }, (_, k) => first + k));
      expect(await infra.chain.getTransactionCount(wallet)).toBe(first + nonces.length);
    }
    // Least-recently-used first spreads the load over every wallet.
    expect(new Set(rows.map((r) => r.wallet))).toEqual(new Set(WALLETS));
  }, 60_000);

  it('shares the pool between two replicas: every send confirmed, nonces still contiguous per wallet', async () => {
    const replica = await startPoolApp(pool.settings);
    try {
      const before = new Map(await Promise.all(WALLETS.map(async (w) => [w, await infra.chain.getTransactionCount(w)] as const)));
      const sent = await Promise.all(Array.from({ length: 30 }, (_, i) => (i % 2 ? pool : replica).pool.send(transfer(500 + i))));
      expect(sent.every((s) => s.status === 'confirmed')).toBe(true);
      for (const wallet of WALLETS) {
        const nonces = sent
          .filter((s) => s.wallet === wallet)
          .map((s) => s.nonce)
          .sort((a, b) => a - b);
        const first = before.get(wallet) ?? 0;
        expect(nonces).toEqual(Array.from({ length: nonces.length }, (_, k) => first + k));
        expect(await infra.chain.getTransactionCount(wallet)).toBe(first + nonces.length);
      }
    } finally {
      await replica.close();
    }
  }, 60_000);

  it.each([
    ['behind', -3],
    ['ahead', +5],
  ])('resyncs a wallet whose stored nonce is %s the chain, and sends', async (_label, offset) => {
    const chainNonces = await Promise.all(WALLETS.map((w) => infra.chain.getTransactionCount(w)));
    await Promise.all(WALLETS.map((w, i) => pool.db.query(`UPDATE wallets SET next_nonce = $2 WHERE address = $1`, [w, Math.max(0, chainNonces[i] + offset)])));

    const sent = await pool.pool.send(transfer(1000 + offset));
    expect(sent.status).toBe('confirmed');
    const i = WALLETS.indexOf(sent.wallet);
    expect(sent.nonce).toBe(chainNonces[i]);
    const [{ next_nonce }] = (await pool.db.query(`SELECT next_nonce FROM wallets WHERE address = $1`, [sent.wallet])) as { next_nonce: string }[];
    expect(Number(next_nonce)).toBe(chainNonces[i] + 1);
  });

  it('refuses a transaction whose estimate reverts without journaling it, and records one mined and reverted as failed', async () => {
    const reverter = '0x00000000000000000000000000000000000000ee';
    await infra.rpc('anvil_setCode', [reverter, REVERTER_CODE]);
    const rowsBefore = (await journalRows(pool.db)).length;

    const refused = await pool.pool.send({ kind: 'test_call', build: () => ({ to: reverter, data: '0x12345678' }) }).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(TransactionWouldRevertError);
    expect(refused).toMatchObject({ status: 422 });
    expect((await journalRows(pool.db)).length).toBe(rowsBefore);

    const reverted = await pool.pool.send({ kind: 'test_call', build: () => ({ to: reverter, data: '0x12345678', gasLimit: 50_000n }) });
    expect(reverted.status).toBe('failed');
    const [row] = (await pool.db.query(`SELECT status, receipt_status, block_number, error FROM tx_journal WHERE id = $1`, [reverted.journalId])) as Record<
      string,
      unknown
    >[];
    expect(row).toMatchObject({ status: 'failed', receipt_status: 0, error: 'reverted on chain' });
    expect(row['block_number']).not.toBeNull();
  });

  it('serialises sends for the same beacon (across its whole send) and overlaps different beacons', async () => {
    const spans: Record<string, { enter: number; exit: number }> = {};
    const slowSend = async (name: string, beacon: string) => {
      let enter = 0;
      await pool.pool.send({
        kind: 'test_update',
        request: { name },
        beaconAddress: beacon,
        build: async () => {
          enter = Date.now();
          await sleep(300);
          return { to: beacon, value: 1n, gasLimit: 21_000n };
        },
      });
      spans[name] = { enter, exit: Date.now() };
    };
    const beaconA = '0x00000000000000000000000000000000000000a1';
    const beaconB = '0x00000000000000000000000000000000000000b2';
    await Promise.all([slowSend('a1', beaconA), slowSend('a2', beaconA.toUpperCase().replace('0X', '0x')), slowSend('b1', beaconB)]);

    const [first, second] = [spans['a1'], spans['a2']].sort((x, y) => x.enter - y.enter);
    expect(second.enter).toBeGreaterThanOrEqual(first.exit);
    const a = first;
    const b = spans['b1'];
    expect(b.enter < a.exit && a.enter < b.exit).toBe(true);
    expect(await pool.db.query(`SELECT * FROM beacon_locks`)).toEqual([]);
  }, 30_000);

  it('hands the scope of withBeaconLock to a send inside: it does not wait for its own lock, and another send of the beacon waits for the whole scope', async () => {
    const beacon = '0x00000000000000000000000000000000000000c3';
    const order: string[] = [];
    const outer = pool.pool.withBeaconLock(beacon, async (scope) => {
      const sent = await pool.pool.send({ ...transfer(4000), beaconAddress: beacon, lockScope: scope });
      order.push('inner sent');
      await sleep(200);
      order.push('scope ends');
      return sent;
    });
    await sleep(50);
    const other = pool.pool.send({
      ...transfer(4001),
      beaconAddress: beacon,
      build: () => {
        order.push('other builds');
        return { to: RECIPIENT, value: 1n, gasLimit: 21_000n };
      },
    });
    await Promise.all([outer, other]);
    expect(order).toEqual(['inner sent', 'scope ends', 'other builds']);
  }, 30_000);

  it("wakes a send waiting for a beacon's lock as soon as this process releases it, not at its next poll", async () => {
    const beacon = '0x00000000000000000000000000000000000000d4';
    for (let round = 0; round < 3; round++) {
      let releasedAt = 0;
      let nextBuiltAt = 0;
      const slowBuild = async () => {
        await sleep(150);
        return { to: RECIPIENT, value: 1n, gasLimit: 21_000n };
      };
      const first = pool.pool.send({ ...transfer(4100 + round), beaconAddress: beacon, build: slowBuild }).then(() => (releasedAt = Date.now()));
      await sleep(20);
      const timedBuild = () => {
        nextBuiltAt = Date.now();
        return { to: RECIPIENT, value: 1n, gasLimit: 21_000n };
      };
      const second = pool.pool.send({ ...transfer(4200 + round), beaconAddress: beacon, build: timedBuild });
      await Promise.all([first, second]);
      // Polling alone (every 100 ms) would start it 0-100 ms after the release.
      expect(nextBuiltAt - releasedAt).toBeLessThan(30);
    }
  }, 30_000);

  it('costs three statements and no balance or nonce read per send once a wallet is in use', async () => {
    const single = await startPoolApp(poolSettings(infra.pg.url('beacon_ops'), infra.anvil.url, {}, [6]));
    try {
      const store = single.app.get(JournalStore);
      const provider = await single.app.get(Chain).provider();
      await single.pool.send({ ...transfer(4300), beaconAddress: '0x00000000000000000000000000000000000000e5' });
      const prepared = jest.spyOn(store, 'prepared');
      const viaTypeOrm = jest.spyOn(store, 'run');
      const rpc = jest.spyOn(provider, 'send');

      expect(await single.pool.send({ ...transfer(4301), beaconAddress: '0x00000000000000000000000000000000000000e5' })).toMatchObject({ status: 'confirmed' });
      // Beacon lock + lease, journal row + nonce + funds, receipt + release + unlock.
      expect(prepared.mock.calls.map(([name]) => name)).toEqual(['beacon_lock_wallet_lease', 'journal_insert_under_lease', 'journal_mined_release_unlock']);
      expect(viaTypeOrm).not.toHaveBeenCalled();
      const methods = rpc.mock.calls.map(([method]) => method);
      expect(methods.filter((m) => m === 'eth_sendRawTransaction')).toHaveLength(1);
      expect(methods.filter((m) => ['eth_getBalance', 'eth_getTransactionCount'].includes(m))).toEqual([]);

      // More senders than wallets, each sending again as soon as it is done (as HTTP clients
      // do): a release goes to the oldest waiter, never to the sender that just arrived, so no
      // lock statement comes back without a wallet and no lease statement runs on its own.
      prepared.mockClear();
      const worker = async (w: number) => {
        for (let i = 0; i < 3; i++) {
          // The first send holds the wallet a while: the others arrive to find it leased here.
          const build = async () => {
            if (w === 0 && i === 0) await sleep(150);
            return { to: RECIPIENT, value: 1n, gasLimit: 21_000n };
          };
          await single.pool.send({ ...transfer(4310 + 10 * w + i), beaconAddress: `0x00000000000000000000000000000000000000e${w}`, build });
        }
      };
      await Promise.all([0, 1, 2].map(async (w) => (await sleep(50 * w), await worker(w))));
      const names = prepared.mock.calls.map(([name]) => name);
      expect(names.filter((n) => n === 'beacon_lock_wallet_lease')).toHaveLength(9);
      expect(names.filter((n) => n === 'wallet_lease')).toEqual([]);
    } finally {
      await single.close();
    }
  });

  it('waits for a wallet before taking a beacon lock while this process holds every wallet', async () => {
    const single = await startPoolApp(poolSettings(infra.pg.url('beacon_ops'), infra.anvil.url, {}, [7]));
    try {
      const [a, b] = ['0x00000000000000000000000000000000000000f6', '0x00000000000000000000000000000000000000f7'];
      const slowBuild = async () => {
        await sleep(400);
        return { to: RECIPIENT, value: 1n, gasLimit: 21_000n };
      };
      const slow = single.pool.send({ ...transfer(4400), beaconAddress: a, build: slowBuild });
      await sleep(100);
      const waiting = single.pool.send({ ...transfer(4401), beaconAddress: b });
      await sleep(200);
      // b waits for the only wallet without holding its beacon: another replica could update b meanwhile.
      expect(await single.db.query(`SELECT beacon_address FROM beacon_locks`)).toEqual([{ beacon_address: a }]);
      expect(await Promise.all([slow, waiting])).toMatchObject([{ status: 'confirmed' }, { status: 'confirmed' }]);
    } finally {
      await single.close();
    }
  });

  it("skips the nonce checks when this process sent the wallet's previous transaction, and recovers from a nonce used elsewhere meanwhile", async () => {
    const single = await startPoolApp(poolSettings(infra.pg.url('beacon_ops'), infra.anvil.url, {}, [5]));
    try {
      const lastMined = jest.spyOn(single.app.get(TxJournal), 'lastMined');
      const first = await single.pool.send(transfer(3000));
      lastMined.mockClear();
      const second = await single.pool.send(transfer(3001));
      expect(lastMined).not.toHaveBeenCalled(); // the trusted next nonce, no journal or chain read
      expect(second.nonce).toBe(first.nonce + 1);

      // The key is used outside the pool: the trusted nonce is taken; the broadcast finds out and re-signs.
      const outside = new Wallet(anvilKey(5), infra.chain);
      await (await outside.sendTransaction({ to: RECIPIENT, value: 1n, nonce: second.nonce + 1 })).wait();
      const third = await single.pool.send(transfer(3002));
      expect(third).toMatchObject({ status: 'confirmed', nonce: second.nonce + 2 });
      expect(lastMined).toHaveBeenCalled();
      const rows = (await journalRows(pool.db)).filter((r) => r.wallet === anvilAddress(5));
      expect(rows.map((r) => [r.nonce, r.status])).toEqual([
        [first.nonce, 'confirmed'],
        [second.nonce, 'confirmed'],
        [second.nonce + 1, 'replaced'],
        [second.nonce + 2, 'confirmed'],
      ]);
    } finally {
      await single.close();
    }
  });

  it('answers 503 "insufficient gas" when every wallet is below the floor, and never spends one below it', async () => {
    const floor = pool.settings.walletMinBalanceWei;
    const rich = 10n ** 22n;
    const setBalance = (address: string, wei: bigint) => infra.rpc('anvil_setBalance', [address, `0x${wei.toString(16)}`]);
    try {
      // Three wallets below the floor, one just above it but unable to pay a transfer without crossing it.
      await Promise.all(WALLETS.slice(0, 3).map((w) => setBalance(w, floor - 1n)));
      await setBalance(WALLETS[3], floor + 1000n);
      await sleep(600); // balance cache
      const error = await pool.pool.send(transfer(2000)).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(BeaconOpsError);
      expect((error as BeaconOpsError).getStatus()).toBe(503);
      expect((error as BeaconOpsError).message).toMatch(/^Insufficient gas: no pool wallet can pay/);
      expect(await infra.chain.getBalance(WALLETS[3])).toBe(floor + 1000n);

      // One funded wallet: it alone pays.
      await setBalance(WALLETS[2], rich);
      await sleep(600);
      const sent = await pool.pool.send(transfer(2001));
      expect(sent.wallet).toBe(WALLETS[2]);
    } finally {
      await Promise.all(WALLETS.map((w) => setBalance(w, rich)));
      await sleep(600);
    }
  });
});
