// The driver on real anvils (libs/local-infra), no mocks: chain-demo twice from the same seed on two
// fresh chains gives the same positions and counts; every market trades; liquidations happened and
// one is left that the chain accepts; the live load trades on a driven chain and stops cleanly.
import { Contract, HDNodeWallet, JsonRpcProvider, Mnemonic } from 'ethers';
import { deployEcdsaBeacon } from '@perp/contracts';
import { Perp__factory } from '@perp/contracts/testing';
import { migrateStore } from '@perp/index-db';
import { ANVIL_MNEMONIC, rpcCall, spawnManaged, startAnvil, startTestPostgres, waitUntil, withPgClient, type AnvilNode } from '@perp/local-infra';
import { join } from 'node:path';
import { driveChainPreset, type DriveResult } from './drive-preset';
import { startLiveLoad } from './live-load';
import type { ChainPreset } from './chain-presets';

const DAY = 86_400;
/** Both chains start two days ago and the history ends at the same `now`: the timestamps match too. */
const NOW = Math.floor(Date.now() / 1000);
const startPastAnvil = () => startAnvil({ extraArgs: ['--timestamp', String(NOW - 2 * DAY)] });

function positions(d: DriveResult) {
  return d.markets.map((m) => ({ takers: m.takers, makers: m.makers, counts: m.counts, indexX96: m.indexX96 }));
}

describe('chain-driver (real anvil)', () => {
  const anvils: AnvilNode[] = [];
  afterAll(async () => {
    await Promise.all(anvils.map((a) => a.stop()));
  });

  describe('chain-demo', () => {
    let first: DriveResult;
    let second: DriveResult;
    let provider: JsonRpcProvider;

    beforeAll(async () => {
      const [a, b] = await Promise.all([startPastAnvil(), startPastAnvil()]);
      anvils.push(a, b);
      first = await driveChainPreset({ rpcUrl: a.url, preset: 'chain-demo', seed: 7, now: NOW });
      second = await driveChainPreset({ rpcUrl: b.url, preset: 'chain-demo', seed: 7, now: NOW });
      provider = new JsonRpcProvider(a.url, undefined, { staticNetwork: true });
    }, 240_000);
    afterAll(() => provider?.destroy());

    it('is deterministic: the same seed gives the same positions, counts and history', () => {
      expect(positions(second)).toEqual(positions(first));
      expect(second.counts).toEqual(first.counts);
      expect(second.history).toEqual(first.history);
      expect(second.liquidatable).toEqual(first.liquidatable);
      expect(first.history.end).toBeLessThanOrEqual(NOW);
      expect(first.history.end - first.history.start).toBeGreaterThanOrEqual(DAY - 900);
    });

    it('leaves open takers and makers on every market, held on chain by the wallets the driver tracked', async () => {
      expect(first.markets).toHaveLength(3);
      for (const m of first.markets) {
        expect(m.takers.length).toBeGreaterThan(0);
        expect(m.makers.length).toBeGreaterThan(0);
        const perp = Perp__factory.connect(m.perp, provider);
        const owners = await Promise.all([...m.takers, ...m.makers].map((p) => perp.ownerOf(p.posId)));
        const traders = [...m.takers, ...m.makers].map(
          (p) => HDNodeWallet.fromMnemonic(Mnemonic.fromPhrase(ANVIL_MNEMONIC), `m/44'/60'/0'/0/${first.walletOffset + 4 + p.trader}`).address,
        );
        expect(owners).toEqual(traders);
      }
      const c = first.counts;
      expect(c.takerOpens * c.takerAdjusts * c.takerCloses * c.makerOpens * c.makerCloses * c.indexUpdates).toBeGreaterThan(0);
      expect(c.events).toBeGreaterThan(c.transactions);
    });

    it('liquidated takers on the way, and leaves one that the chain itself would let a keeper liquidate', async () => {
      expect(first.counts.liquidations).toBeGreaterThan(0);
      expect(first.liquidatable.length).toBeGreaterThan(0);
      const keeper = HDNodeWallet.fromMnemonic(Mnemonic.fromPhrase(ANVIL_MNEMONIC), `m/44'/60'/0'/0/${first.walletOffset + 3}`).address;
      for (const { market, posId } of first.liquidatable) {
        const perp = Perp__factory.connect(first.markets[market].perp, provider);
        await expect(perp.liquidateTaker.staticCall(posId, keeper, { from: keeper })).resolves.toBeDefined();
      }
      // A healthy open taker is refused, so the check above means something.
      const healthy = first.markets[1].takers.find((t) => !first.liquidatable.some((l) => l.market === 1 && l.posId === t.posId));
      if (!healthy) throw new Error('market 1 has no healthy open taker');
      const perp1 = Perp__factory.connect(first.markets[1].perp, provider);
      await expect(perp1.liquidateTaker.staticCall(healthy.posId, keeper, { from: keeper })).rejects.toThrow();
    });

    it('indexed by the indexer (its own process, from source), the store holds every position the chain holds', async () => {
      const postgres = await startTestPostgres(['perp_index']);
      const url = postgres.url('perp_index');
      const root = join(__dirname, '..', '..');
      const logs: string[] = [];
      let indexer: ReturnType<typeof spawnManaged> | undefined;
      try {
        await migrateStore('index', url);
        indexer = spawnManaged(process.execPath, ['-r', join(root, 'tools', 'ts-register.js'), join(root, 'apps', 'indexer', 'src', 'main.ts')], {
          env: {
            ...process.env,
            INDEX_DATABASE_URL: url,
            RPC_URL: anvils[0].url,
            INDEXER_HOST: '127.0.0.1',
            INDEXER_PORT: '0',
            CONFIRMATIONS: '0',
            POLL_INTERVAL_MS: '50',
            LOG_LEVEL: 'warn',
            PERP_FACTORY_ADDRESSES: first.factory,
            POOL_MANAGER_ADDRESS: first.poolManager,
            MULTICALL3_ADDRESS: first.multicall3,
          },
        });
        indexer.child.stderr?.on('data', (chunk: Buffer) => logs.push(chunk.toString()));
        indexer.child.stdout?.on('data', (chunk: Buffer) => logs.push(chunk.toString()));
        const query = <T>(sql: string) => withPgClient(url, async (c) => (await c.query(sql)).rows as T[]);
        const head = await provider.getBlockNumber();
        await waitUntil(
          'the indexer at the head',
          async () => Number((await query<{ block_number: string }>('SELECT block_number FROM chain_cursor'))[0]?.block_number ?? -1) === head,
          { timeoutMs: 120_000, intervalMs: 250 },
        ).catch((error: Error) => {
          throw new Error(`${error.message}\nindexer output: ${logs.join('').slice(-3000)}`);
        });
        const rows = await query<{ perp: string; all: string; open: string }>(
          'SELECT perp_address AS perp, count(*) AS all, count(*) FILTER (WHERE NOT is_closed) AS open FROM positions GROUP BY perp_address',
        );
        const stored = new Map(rows.map((r) => [r.perp, { all: Number(r.all), open: Number(r.open) }]));
        for (const m of first.markets) {
          const nextPosId = await Perp__factory.connect(m.perp, provider).nextPosId();
          expect(stored.get(m.perp.toLowerCase())).toEqual({ all: Number(nextPosId) - 1, open: m.takers.length + m.makers.length });
        }
      } finally {
        await indexer?.stop('SIGTERM', 5_000);
        await postgres.stop();
      }
    }, 180_000);
  });

  it('drives market 0 on a given beacon, then runs the live load and stops it cleanly', async () => {
    const anvil = await startPastAnvil();
    anvils.push(anvil);
    const provider = new JsonRpcProvider(anvil.url, undefined, { staticNetwork: true, cacheTimeout: -1 });
    const mnemonic = Mnemonic.fromPhrase(ANVIL_MNEMONIC);
    const [deployer, signer] = [0, 5].map((i) => HDNodeWallet.fromMnemonic(mnemonic, `m/44'/60'/0'/0/${i}`).connect(provider));
    // The dev stack's demo ECDSA beacon, with a range that holds X96 prices.
    const beacon = await deployEcdsaBeacon(deployer, { signer: signer.address, min: 1n, max: 2n ** 160n });
    const tiny: ChainPreset = {
      name: 'tiny',
      markets: 2,
      days: 2 / 24,
      intervalSeconds: 900,
      traders: 4,
      seedMakers: 1,
      opensPerStep: 2,
      makerChurn: 0.3,
      annualVol: 0.9,
    };
    const driven = await driveChainPreset({ rpcUrl: anvil.url, preset: tiny, seed: 3, now: NOW, beacon0: { address: beacon.beacon, signer } });
    expect(driven.markets[0].beacon).toBe(beacon.beacon);
    const index = (await new Contract(beacon.beacon, ['function index() view returns (uint256)'], provider).getFunction('index')()) as bigint;
    expect(index).toBe(driven.markets[0].indexX96);
    expect(await rpcCall<boolean>(anvil.url, 'anvil_getAutomine')).toBe(true);

    const lines: string[] = [];
    const headBefore = await provider.getBlockNumber();
    const stop = await startLiveLoad({ rpcUrl: anvil.url, driven, intervalMs: 200, log: (l) => lines.push(l) });
    await new Promise((resolve) => setTimeout(resolve, 5_000));
    await stop();
    const headAfter = await provider.getBlockNumber();
    expect(headAfter - headBefore).toBeGreaterThan(3);
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    expect(await provider.getBlockNumber()).toBe(headAfter); // nothing sent after stop
    expect(lines.filter((l) => l.includes('failed'))).toEqual([]);
    provider.destroy();
  }, 180_000);
});
