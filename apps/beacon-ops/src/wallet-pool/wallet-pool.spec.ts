import { BeaconOpsError } from '@perp/http';
import { Wallet } from 'ethers';
import { Chain } from '../chain/chain.module';
import { PoolStore } from '../journal/pool-store';
import { anvilAddress, anvilKey } from '../test/anvil-keys';
import { Infra, journalRows, PoolApp, poolSettings, sleep, startInfra, startPoolApp } from '../test/pool-test-env';
import { TransactionWouldRevertError } from './pool-errors';
import { NonceSync } from './nonce-sync';
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

  it('resyncs a wallet whose stored nonce is behind the chain (nonces used elsewhere), and sends', async () => {
    const chainNonces = await Promise.all(WALLETS.map((w) => infra.chain.getTransactionCount(w)));
    await Promise.all(WALLETS.map((w, i) => pool.db.query(`UPDATE wallets SET next_nonce = $2 WHERE address = $1`, [w, Math.max(0, chainNonces[i] - 3)])));

    const sent = await pool.pool.send(transfer(997));
    expect(sent.status).toBe('confirmed');
    const i = WALLETS.indexOf(sent.wallet);
    expect(sent.nonce).toBe(chainNonces[i]);
    const [{ next_nonce }] = (await pool.db.query(`SELECT next_nonce FROM wallets WHERE address = $1`, [sent.wallet])) as { next_nonce: string }[];
    expect(Number(next_nonce)).toBe(chainNonces[i] + 1);
  });

  it('fills nonces no transaction holds with no-ops when the stored nonce ran ahead of the chain: no gap strands the wallet', async () => {
    const chainNonces = await Promise.all(WALLETS.map((w) => infra.chain.getTransactionCount(w)));
    await Promise.all(WALLETS.map((w, i) => pool.db.query(`UPDATE wallets SET next_nonce = $2 WHERE address = $1`, [w, chainNonces[i] + 2])));

    const sent = await pool.pool.send(transfer(1005));
    expect(sent.status).toBe('confirmed');
    const i = WALLETS.indexOf(sent.wallet);
    expect(sent.nonce).toBe(chainNonces[i] + 2);
    expect(await infra.chain.getTransactionCount(sent.wallet)).toBe(chainNonces[i] + 3);
    // The fillers are nobody's send: the reconciler settles them. The other wallets, never used since, come back to the chain's count.
    await pool.reconciler.reconcileNow({ resyncNonces: true });
    const fillers = (await pool.db.query(`SELECT nonce, status FROM tx_journal WHERE request_kind = 'nonce_gap_filler' AND wallet = $1 ORDER BY nonce`, [
      sent.wallet,
    ])) as { nonce: string; status: string }[];
    expect(fillers.map((f) => [Number(f.nonce), f.status])).toEqual([
      [chainNonces[i], 'confirmed'],
      [chainNonces[i] + 1, 'confirmed'],
    ]);
    for (const [k, w] of WALLETS.entries()) {
      if (w === sent.wallet) continue;
      const [{ next_nonce }] = (await pool.db.query(`SELECT next_nonce FROM wallets WHERE address = $1`, [w])) as { next_nonce: string }[];
      expect(Number(next_nonce)).toBe(chainNonces[k]);
    }
  }, 30_000);

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

  it("keeps one beacon's sends in request order, each asking Postgres for the lock once", async () => {
    const beacon = '0x00000000000000000000000000000000000000f6';
    const store = pool.app.get(PoolStore);
    const lockTries = jest.spyOn(store, 'lockBeacon');
    const built: number[] = [];
    try {
      await Promise.all(
        Array.from({ length: 6 }, (_, i) =>
          pool.pool.send({
            ...transfer(4400 + i),
            beaconAddress: beacon,
            build: () => {
              built.push(i);
              return { to: RECIPIENT, value: 1n, gasLimit: 21_000n };
            },
          }),
        ),
      );
      expect(built).toEqual([0, 1, 2, 3, 4, 5]);
      // Those queued behind a send of this process wait for its hand-over, not for a failed lock statement.
      expect(lockTries.mock.calls.filter(([b]) => b === beacon)).toHaveLength(6);
    } finally {
      lockTries.mockRestore();
    }
  }, 30_000);

  it("moves to another wallet when other replicas keep taking a wallet's next nonce (it was a 500)", async () => {
    const store = pool.app.get(PoolStore);
    const original = store.journal.bind(store);
    let contended: string | undefined;
    // Another replica wins the first wallet's nonce every time this process tries it.
    const journal = jest.spyOn(store, 'journal').mockImplementation(async (entry, funds) => {
      contended ??= entry.wallet;
      return entry.wallet === contended ? { kind: 'nonce-moved', nextNonce: entry.nonce } : original(entry, funds);
    });
    try {
      const sent = await pool.pool.send(transfer(4500));
      expect(sent).toMatchObject({ status: 'confirmed' });
      expect(sent.wallet).not.toBe(contended);
      expect(journal.mock.calls.filter(([entry]) => entry.wallet === contended)).toHaveLength(4);
    } finally {
      journal.mockRestore();
    }
  });

  it('costs three statements and no balance or nonce read per send once a wallet is in use', async () => {
    const single = await startPoolApp(poolSettings(infra.pg.url('beacon_ops'), infra.anvil.url, {}, [6]));
    try {
      const store = single.app.get(PoolStore);
      const provider = await single.app.get(Chain).provider();
      const beacon = '0x00000000000000000000000000000000000000e5';
      await single.pool.send({ ...transfer(4300), beaconAddress: beacon });
      const calls: string[] = [];
      for (const method of ['lockBeacon', 'journal', 'markMinedAndUnlock', 'nextNonce', 'pending', 'byId', 'liveByKey', 'setNextNonce'] as const) {
        const original = store[method].bind(store) as (...args: unknown[]) => unknown;
        jest.spyOn(store, method).mockImplementation(((...args: unknown[]) => (calls.push(method), original(...args))) as never);
      }
      const rpc = jest.spyOn(provider, 'send');

      expect(await single.pool.send({ ...transfer(4301), beaconAddress: beacon })).toMatchObject({ status: 'confirmed' });
      // Beacon lock; journal row + nonce compare-and-set + funds; receipt + unlock.
      expect(calls).toEqual(['lockBeacon', 'journal', 'markMinedAndUnlock']);
      const methods = rpc.mock.calls.map(([method]) => method);
      expect(methods.filter((m) => m === 'eth_sendRawTransaction')).toHaveLength(1);
      expect(methods.filter((m) => m === 'eth_getTransactionCount')).toEqual([]);
      jest.restoreAllMocks();
      // Every statement of the journal store, lock statements included, runs with a lock_timeout.
      expect(await single.db.query('SHOW lock_timeout')).toEqual([{ lock_timeout: '1s' }]);
    } finally {
      await single.close();
    }
  });

  it('pipelines one wallet: sends for different beacons overlap, each with the next nonce, at most MAX_IN_FLIGHT_PER_WALLET at once', async () => {
    await infra.rpc('evm_setAutomine', [false]);
    await infra.rpc('evm_setIntervalMining', [1]);
    const single = await startPoolApp(poolSettings(infra.pg.url('beacon_ops'), infra.anvil.url, { MAX_IN_FLIGHT_PER_WALLET: '3' }, [7]));
    try {
      const start = await infra.chain.getTransactionCount(anvilAddress(7));
      const sent = await Promise.all(
        Array.from({ length: 6 }, (_, i) => single.pool.send({ ...transfer(4400 + i), beaconAddress: `0x00000000000000000000000000000000000000f${i}` })),
      );
      expect(sent.every((s) => s.status === 'confirmed')).toBe(true);
      expect(sent.map((s) => s.nonce).sort((a, b) => a - b)).toEqual([0, 1, 2, 3, 4, 5].map((k) => start + k));
      // Three per block at most (the pipeline bound), so six sends span at least two blocks, and far fewer than six.
      const blocks = new Set(sent.map((s) => s.receipt.blockNumber));
      expect(blocks.size).toBeGreaterThanOrEqual(2);
      expect(blocks.size).toBeLessThanOrEqual(4);
    } finally {
      await single.close();
      await infra.rpc('evm_setIntervalMining', [0]);
      await infra.rpc('evm_setAutomine', [true]);
    }
  }, 30_000);

  it("keeps a wallet's nonce in this process between sends, and resyncs when a nonce was used outside the pool", async () => {
    const single = await startPoolApp(poolSettings(infra.pg.url('beacon_ops'), infra.anvil.url, {}, [5]));
    try {
      const sync = jest.spyOn(single.app.get(NonceSync), 'sync');
      const first = await single.pool.send(transfer(3000));
      sync.mockClear();
      const second = await single.pool.send(transfer(3001));
      expect(sync).not.toHaveBeenCalled(); // the nonce this process took last, checked by the journal insert
      expect(second.nonce).toBe(first.nonce + 1);

      // The key is used outside the pool: the next nonce is taken; the broadcast finds out and re-signs.
      const outside = new Wallet(anvilKey(5), infra.chain);
      await (await outside.sendTransaction({ to: RECIPIENT, value: 1n, nonce: second.nonce + 1 })).wait();
      const third = await single.pool.send(transfer(3002));
      expect(third).toMatchObject({ status: 'confirmed', nonce: second.nonce + 2 });
      expect(sync).toHaveBeenCalled();
      const rows = (await journalRows(pool.db)).filter((r) => r.wallet === anvilAddress(5));
      expect(rows.map((r) => [r.nonce, r.status])).toEqual([
        [first.nonce, 'confirmed'],
        [second.nonce, 'confirmed'],
        [second.nonce + 1, 'replaced'],
        [second.nonce + 2, 'confirmed'],
      ]);
      jest.restoreAllMocks();
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
