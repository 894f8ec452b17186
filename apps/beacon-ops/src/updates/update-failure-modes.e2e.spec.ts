import { deployEcdsaBeacon, EcdsaBeacon__factory } from '@perp/contracts';
import { toBeHex } from 'ethers';
import { anvilAddress } from '../test/anvil-keys';
import { BeaconEnv, poolTxCount, SIGNER, startBeaconEnv } from '../test/beacon-test-env';
import { journalRows } from '../test/pool-test-env';

const TX_DATA = /^Transaction hash: (0x[0-9a-f]{64})$/;

/** The pool's failure modes as the update routes answer them, on real Postgres, anvil and HTTP. */
describe('update routes when the pool, the chain or the receipt fail', () => {
  let env: BeaconEnv;
  beforeAll(async () => {
    env = await startBeaconEnv({ env: { RECEIPT_TIMEOUT_MS: '2000', WALLET_BALANCE_CACHE_MS: '100' } });
  }, 60_000);
  afterAll(() => env?.stop());

  const ecdsaUpdate = (measurement: number, beacon = env.system.demoEcdsaBeacon) =>
    env.service.post('/update_beacon_with_ecdsa_adapter', { beacon_address: beacon, measurement: String(measurement) });
  const index = (beacon = env.system.demoEcdsaBeacon) => EcdsaBeacon__factory.connect(beacon, env.infra.chain).index();
  const wallets = () => env.walletAccounts.map(anvilAddress);

  it('answers 503 insufficient gas while every pool wallet is below the floor, and works once they are funded', async () => {
    const balances = await Promise.all(wallets().map((w) => env.infra.chain.getBalance(w)));
    const rows = (await journalRows(env.service.db)).length;
    try {
      for (const wallet of wallets()) await env.infra.rpc('anvil_setBalance', [wallet, toBeHex(5n * 10n ** 15n)]); // 0.005 ether < 0.01 floor
      await new Promise((resolve) => setTimeout(resolve, 200)); // the balance cache (100 ms here) expires
      const res = await ecdsaUpdate(10).expect(503);
      expect(res.body).toEqual({
        success: false,
        data: null,
        message: expect.stringMatching(/^Insufficient gas: no pool wallet can pay for the transaction .*fund the wallet pool$/),
      });
      expect((await journalRows(env.service.db)).length).toBe(rows);
    } finally {
      for (const [i, wallet] of wallets().entries()) await env.infra.rpc('anvil_setBalance', [wallet, toBeHex(balances[i])]);
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
    await ecdsaUpdate(11).expect(200);
    expect(await index()).toBe(11n);
  });

  it('answers 502 while the chain RPC is unreachable, and recovers once it is back', async () => {
    await env.proxy.pause();
    try {
      for (const res of [
        await ecdsaUpdate(12),
        await env.service.post('/create_beacon', { placeholder: 'x' }),
        await env.service.post('/batch_create_registry_beacon', { count: 2 }),
      ]) {
        expect(res.status).toBe(502);
        expect(res.body).toEqual({ success: false, data: null, message: 'Chain RPC unavailable' });
      }
    } finally {
      await env.proxy.resume();
    }
    const res = await ecdsaUpdate(13).expect(200);
    expect(res.body.data).toMatch(TX_DATA);
    expect(await index()).toBe(13n);
  });

  it('answers 504 with "Transaction hash: 0x..." (what the-beaconator updater parses) when no receipt comes in time and the request asks for it (require_confirmation); the journal finishes it once mined', async () => {
    await env.infra.rpc('evm_setAutomine', [false]);
    let hash: string;
    try {
      const res = await env.service
        .post('/update_beacon_with_ecdsa_adapter?require_confirmation=true', { beacon_address: env.system.demoEcdsaBeacon, measurement: '14' })
        .expect(504);
      expect(res.body).toEqual({
        success: false,
        data: null,
        message: expect.stringMatching(/^No receipt in time; the transaction stays in the journal and will be reconciled\. Transaction hash: 0x[0-9a-f]{64}$/),
      });
      hash = /(0x[0-9a-f]{64})/.exec(res.body.message)?.[1] ?? '';
      expect(await index()).toBe(13n);
      expect((await journalRows(env.service.db)).find((r) => r.tx_hash === hash)?.status).toBe('pending');
    } finally {
      await env.infra.rpc('evm_setAutomine', [true]);
    }
    await env.infra.rpc('evm_mine', []);
    await env.service.reconciler.reconcileNow();
    expect((await journalRows(env.service.db)).find((r) => r.tx_hash === hash)?.status).toBe('confirmed');
    expect(await index()).toBe(14n);
  });

  it('confirms 50 concurrent ECDSA updates on 4 wallets, each exactly once, without a nonce error', async () => {
    const beacons: string[] = [];
    for (let i = 0; i < 5; i++)
      beacons.push((await deployEcdsaBeacon(env.deployer, { signer: SIGNER, min: 0n, max: 1000n, registry: env.system.registry })).beacon);
    const rowsBefore = (await journalRows(env.service.db)).length;
    const txBefore = await poolTxCount(env);

    const answers = await Promise.all(Array.from({ length: 50 }, (_, i) => ecdsaUpdate(i, beacons[i % beacons.length])));
    expect(answers.map((a) => a.status)).toEqual(Array(50).fill(200));
    const hashes = answers.map((a) => TX_DATA.exec(a.body.data)?.[1]);
    expect(new Set(hashes).size).toBe(50);
    const receipts = await Promise.all(hashes.map((h) => env.infra.chain.getTransactionReceipt(h ?? '')));
    expect(receipts.every((r) => r?.status === 1)).toBe(true);
    expect(await poolTxCount(env)).toBe(txBefore + 50);

    const rows = (await journalRows(env.service.db)).slice(rowsBefore);
    expect(rows).toHaveLength(50);
    expect(rows.every((r) => r.status === 'confirmed')).toBe(true); // none replaced, refused or re-signed
    // The pool fills a wallet to half its pipeline before the next (WalletLanes): 5 beacons in flight take two of the four.
    const used = new Set(rows.map((r) => r.wallet));
    expect(used.size).toBeGreaterThan(1);
    expect([...used].every((wallet) => wallets().includes(wallet))).toBe(true);
    for (const wallet of wallets()) {
      const nonces = rows
        .filter((r) => r.wallet === wallet)
        .map((r) => r.nonce)
        .sort((a, b) => a - b);
      expect(nonces).toEqual(nonces.map((_, i) => nonces[0] + i)); // contiguous: no gap, no reuse
    }
    // Every beacon got its 10 updates, one event each.
    for (const beacon of beacons) {
      const contract = EcdsaBeacon__factory.connect(beacon, env.infra.chain);
      expect(await contract.queryFilter(contract.filters.IndexUpdated())).toHaveLength(10);
    }
  }, 60_000);
});
