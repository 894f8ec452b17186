import { migrateStore, decodePosition, POSITION_COLUMNS, POSITION_TICK_JOINS } from '@perp/index-db';
import { Multicall3__factory } from '@perp/contracts';
import { deployPerpCity, Perp__factory, pushEcdsaIndex, TestUSDC__factory, type Perp, type PerpCityAddresses } from '@perp/contracts/testing';
import { createServiceLogger } from '@perp/http';
import { ANVIL_MNEMONIC, AnvilNode, PostgresServer, rpcCall, startAnvil, startTestPostgres, waitUntil, withPgClient } from '@perp/local-infra';
import { unpackBalanceDelta } from '@perp/perp-city-abi';
import { priceToX96 } from '@perp/x96-math';
import { HDNodeWallet, JsonRpcProvider, MaxUint256, Mnemonic, Wallet } from 'ethers';
import { loadIndexerSettings } from '../../settings';
import { RunningIndexer, startIndexer } from '../../run-indexer';

/** An explicit limit: an estimate made before the block's time is set can fall short of what the trade costs at it. */
const GAS = { gasLimit: 5_000_000 };

const silent = createServiceLogger({ name: 'indexer', level: 'silent' });

function devWallet(i: number, provider: JsonRpcProvider): Wallet {
  const node = HDNodeWallet.fromMnemonic(Mnemonic.fromPhrase(ANVIL_MNEMONIC), `m/44'/60'/0'/0/${i}`);
  return new Wallet(node.privateKey, provider);
}

/**
 * The Perp City handler on the protocol double (libs/contracts perp-double): a market created by the
 * factory, takers opened, adjusted, closed and liquidated through a real v4 pool, time laid out
 * with evm_setNextBlockTimestamp; the store, followed to the head, equals the chain's views.
 */
describe('Perp City handler (real anvil with the protocol double, real Postgres)', () => {
  let postgres: PostgresServer;
  let anvil: AnvilNode;
  let provider: JsonRpcProvider;
  let indexer: RunningIndexer | undefined;
  let addresses: PerpCityAddresses;
  let perp: Perp;
  let deployer: Wallet;
  let trader: Wallet;
  let liquidator: Wallet;
  let beaconSigner: Wallet;
  let indexUrl: string;

  const query = <T = Record<string, unknown>>(sql: string, params: unknown[] = []) =>
    withPgClient(indexUrl, async (c) => (await c.query(sql, params)).rows as T[]);
  const head = async () => Number(BigInt(await rpcCall<string>(anvil.url, 'eth_blockNumber')));
  const caughtUp = () =>
    waitUntil(
      'the indexer at the head',
      async () => {
        const [cursor] = await query<{ block_number: string }>(`SELECT block_number FROM chain_cursor`);
        return cursor !== undefined && Number(cursor.block_number) === (await head());
      },
      { timeoutMs: 60_000, intervalMs: 100 },
    );
  const advance = async (seconds: number) => {
    const block = await provider.getBlock('latest');
    await rpcCall(anvil.url, 'evm_setNextBlockTimestamp', [block!.timestamp + seconds]);
  };
  const openTaker = async (perpDelta: bigint, margin: bigint): Promise<bigint> => {
    const id = await perp.nextPosId();
    await (await perp.connect(trader).openTaker({ holder: trader.address, margin, perpDelta, amt1Limit: 0n }, GAS)).wait();
    return id;
  };

  beforeAll(async () => {
    postgres = await startTestPostgres(['perp_index']);
    anvil = await startAnvil();
    indexUrl = postgres.url('perp_index');
    await migrateStore('index', indexUrl);
    provider = new JsonRpcProvider(anvil.url, undefined, { staticNetwork: true, cacheTimeout: -1 });
    [deployer, trader, liquidator, beaconSigner] = [0, 1, 2, 3].map((i) => devWallet(i, provider));
    const multicall3 = await (await new Multicall3__factory(deployer).deploy()).waitForDeployment();
    addresses = await deployPerpCity(deployer, { initialIndexX96: priceToX96('47'), beaconSigner, name: 'Test Perp', symbol: 'TEST-PERP' });
    perp = Perp__factory.connect(addresses.perp, provider);
    const usdc = TestUSDC__factory.connect(addresses.usdc, trader);
    await (await usdc.mint(trader.address, 10n ** 15n)).wait();
    await (await usdc.approve(addresses.perp, MaxUint256)).wait();
    const settings = loadIndexerSettings({
      INDEX_DATABASE_URL: indexUrl,
      RPC_URL: anvil.url,
      INDEXER_HOST: '127.0.0.1',
      INDEXER_PORT: '0',
      CONFIRMATIONS: '0',
      POLL_INTERVAL_MS: '50',
      LOG_LEVEL: 'silent',
      PERP_FACTORY_ADDRESSES: addresses.factory,
      POOL_MANAGER_ADDRESS: addresses.poolManager,
      MULTICALL3_ADDRESS: await multicall3.getAddress(),
    });
    indexer = await startIndexer(settings, { logger: silent });
  }, 240_000);
  afterAll(async () => {
    await indexer?.stop();
    provider?.destroy();
    await anvil?.stop();
    await postgres?.stop();
  });

  /** Store == chain for the market and every position the store holds, at the head. */
  async function expectStoreEqualsViews(): Promise<void> {
    await caughtUp();
    const [m] = await query(`SELECT * FROM markets WHERE perp_address = $1`, [addresses.perp.toLowerCase()]);
    const [pool, rates, cumls, emas, oi, cap, fund, solvency] = await Promise.all([
      perp.poolState(),
      perp.rates(),
      perp.cumulatives(),
      perp.emas(),
      perp.openInterest(),
      perp.capacity(),
      perp.feeFund(),
      perp.solvencyState(),
    ]);
    expect({
      sqrt: BigInt(m['sqrt_price_x96'] as string),
      tick: m['tick'],
      liquidity: BigInt(m['liquidity'] as string),
      emaAmm: BigInt(m['ema_amm_price_x96'] as string),
      emaIndex: BigInt(m['ema_index_price_x96'] as string),
      funding: BigInt(m['funding_per_day'] as string),
      touch: Number(m['rates_last_touch']),
      cumFunding: BigInt(m['cumulative_funding_x96'] as string),
      longUtil: BigInt(m['long_util_payments_x96'] as string),
      oiLong: BigInt(m['open_interest_long'] as string),
      oiShort: BigInt(m['open_interest_short'] as string),
      capLong: BigInt(m['capacity_long'] as string),
      insurance: BigInt(m['insurance'] as string),
      totalMargin: BigInt(m['total_margin'] as string),
    }).toEqual({
      sqrt: pool.sqrtPriceX96,
      tick: Number(pool.tick),
      liquidity: pool.liquidity,
      emaAmm: emas.ammPrice,
      emaIndex: emas.index,
      funding: rates.fundingPerDay,
      touch: Number(rates.lastTouch),
      cumFunding: cumls.fundingX96,
      longUtil: cumls.longUtilPaymentsX96,
      oiLong: oi.long,
      oiShort: oi.short,
      capLong: cap.long,
      insurance: fund.insurance,
      totalMargin: solvency.totalMargin,
    });
    const rows = await query(`SELECT ${POSITION_COLUMNS} FROM positions p ${POSITION_TICK_JOINS} WHERE p.perp_address = $1 ORDER BY p.id`, [
      addresses.perp.toLowerCase(),
    ]);
    expect(rows.map((r) => BigInt(r['id'] as string))).toEqual(Array.from({ length: Number((await perp.nextPosId()) - 1n) }, (_, i) => BigInt(i + 1)));
    for (const row of rows) {
      const p = decodePosition(row);
      if (p.isClosed) continue;
      const onChain = await perp.positions(p.id);
      const { perp: perpDelta, usd } = unpackBalanceDelta(onChain.delta);
      expect({ id: p.id, margin: p.margin, perpDelta: p.perpDelta, usdDelta: p.usdDelta, entry: p.chain.entryCumulativeFundingX96, holder: p.holder }).toEqual({
        id: p.id,
        margin: onChain.margin,
        perpDelta,
        usdDelta: usd,
        entry: onChain.lastCumlFundingX96,
        holder: (await perp.ownerOf(p.id)).toLowerCase(),
      });
    }
  }

  it('indexes the factory market with its seed maker, from the chain', async () => {
    await expectStoreEqualsViews();
    const [m] = await query(`SELECT * FROM markets`);
    expect(m).toMatchObject({
      perp_address: addresses.perp.toLowerCase(),
      beacon_address: addresses.modules.beacon.toLowerCase(),
      name: 'Test Perp',
      symbol: 'TEST-PERP',
      pool_id: addresses.poolId.toLowerCase(),
      taker_liq_margin_ratio: 50_000,
      liquidation_fee: 5_000,
    });
    expect(Number(m['block_number'])).toBeGreaterThan(0);
    const [maker] = await query(`SELECT * FROM positions`);
    expect(maker).toMatchObject({ id: '1', is_maker: true, is_closed: false, holder: deployer.address.toLowerCase() });
    expect(Number((await query<{ n: string }>(`SELECT count(*) AS n FROM snapshots`))[0].n)).toBeGreaterThan(0);
  });

  it('takers opened, adjusted, closed and liquidated: positions, trades and snapshots as the chain says', async () => {
    const long = await openTaker(10_000_000n, 100_000_000n);
    const short = await openTaker(-5_000_000n, 200_000_000n);
    await advance(600);
    await (await perp.connect(trader).adjustTaker({ posId: short, marginDelta: 10_000_000n, perpDelta: 0n, amt1Limit: 0n }, GAS)).wait();
    const closer = await openTaker(2_000_000n, 50_000_000n);
    await advance(600);
    await (await perp.connect(trader).adjustTaker({ posId: closer, marginDelta: 0n, perpDelta: -2_000_000n, amt1Limit: 0n }, GAS)).wait();
    await expectStoreEqualsViews();
    const [closed] = await query(`SELECT * FROM positions WHERE id = $1`, [closer.toString()]);
    expect(closed).toMatchObject({ is_closed: true, was_liquidated: false, liq_key_x96: null, perp_delta: '2000000' });
    const [voluntary] = await query(`SELECT * FROM trades WHERE pos_id = $1`, [closer.toString()]);
    expect(voluntary).toMatchObject({ was_liquidated: false, perp_delta: '-2000000', liq_fee: null });

    // An index drop puts the long under water: the chain's own test accepts its liquidation.
    await pushEcdsaIndex(addresses.modules.beacon, beaconSigner, deployer, priceToX96('25'));
    await advance(60);
    await (await perp.connect(liquidator).liquidateTaker(long, liquidator.address, GAS)).wait();
    await expectStoreEqualsViews();
    const [liquidated] = await query(`SELECT * FROM positions WHERE id = $1`, [long.toString()]);
    expect(liquidated).toMatchObject({ is_closed: true, was_liquidated: true, liq_key_x96: null, perp_delta: '10000000' });
    const [trade] = await query(`SELECT * FROM trades WHERE pos_id = $1`, [long.toString()]);
    expect(trade).toMatchObject({ was_liquidated: true, perp_delta: '-10000000' });
    expect(BigInt(trade['liq_fee'] as string)).toBeGreaterThan(0n);
    const [stillOpen] = await query(`SELECT * FROM positions WHERE id = $1`, [short.toString()]);
    expect(stillOpen).toMatchObject({ is_closed: false, is_long: false });
    expect(stillOpen['liq_key_x96']).not.toBeNull();
  });

  it.each([1, 4])('a reorg of depth %i: the positions and trades of the dropped blocks are gone, the market re-read at the fork', async (depth) => {
    const before = await head();
    const ids: bigint[] = [];
    // One trade per block (anvil mines each transaction alone): `depth` blocks of opens that the reorg drops.
    for (let i = 0; i < depth; i++) ids.push(await openTaker(1_000_000n + BigInt(i), 60_000_000n));
    await expectStoreEqualsViews();
    expect(await head()).toBe(before + depth);
    const stored = await query(`SELECT id FROM positions WHERE id = ANY($1::bigint[])`, [ids.map(String)]);
    expect(stored).toHaveLength(depth);

    await rpcCall(anvil.url, 'anvil_reorg', [depth, []]);
    // The same height on another chain: the follower finds the fork and rewinds.
    await waitUntil(
      'the cursor on the new chain',
      async () => {
        const block = await provider.send('eth_getBlockByNumber', ['latest', false]);
        const [cursor] = await query<{ block_hash: string }>(`SELECT block_hash FROM chain_cursor`);
        return cursor?.block_hash === block.hash;
      },
      { timeoutMs: 60_000, intervalMs: 100 },
    );
    expect(await query(`SELECT id FROM positions WHERE id = ANY($1::bigint[])`, [ids.map(String)])).toEqual([]);
    expect(await query(`SELECT id FROM snapshots WHERE block_number > $1`, [before])).toEqual([]);
    await expectStoreEqualsViews();

    // And it goes on on the new chain: the same ids again, now other positions.
    const again = await openTaker(3_000_000n, 90_000_000n);
    expect(again).toBe(ids[0]);
    await expectStoreEqualsViews();
    const [row] = await query(`SELECT perp_delta FROM positions WHERE id = $1`, [again.toString()]);
    expect(row['perp_delta']).toBe('3000000');
  });
});
