import {
  decodeClosedPositionFigures,
  decodeMarketChainRow,
  decodePosition,
  makerFigures,
  markMarket,
  migrateStore,
  POSITION_COLUMNS,
  POSITION_SETTLEMENT_COLUMNS,
  POSITION_SETTLEMENT_JOIN,
  POSITION_TICK_JOINS,
} from '@perp/index-db';
import { Multicall3__factory } from '@perp/contracts';
import { deployPerpCity, Perp__factory, pushEcdsaIndex, TestUSDC__factory, type Perp, type PerpCityAddresses } from '@perp/contracts/testing';
import { createServiceLogger } from '@perp/http';
import { ANVIL_MNEMONIC, AnvilNode, PostgresServer, rpcCall, startAnvil, startTestPostgres, waitUntil, withPgClient } from '@perp/local-infra';
import {
  perpMakerPoolPositionSlot,
  perpTickFundingSlots,
  poolTickFeeGrowthOutside1Slot,
  poolTickInfoSlot,
  slotPlus,
  unpackBalanceDelta,
} from '@perp/perp-city-abi';
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
  const openMaker = async (tickLower: number, tickUpper: number, liquidity: bigint): Promise<bigint> => {
    const id = await perp.nextPosId();
    const params = { holder: trader.address, margin: 20_000_000_000n, tickLower, tickUpper, liquidity, maxAmt0In: MaxUint256, maxAmt1In: MaxUint256 };
    await (await perp.connect(trader).openMaker(params, GAS)).wait();
    return id;
  };
  /** Closes a maker (all its liquidity out); the LP fees its MakerClosed says it was paid. */
  const closeMaker = async (posId: bigint): Promise<bigint> => {
    const { liquidity } = await perp.makerDetails(posId);
    const receipt = await (
      await perp.connect(trader).adjustMaker({ posId, marginDelta: 0n, liquidityDelta: -liquidity, amt0Limit: 0n, amt1Limit: 0n }, GAS)
    ).wait();
    const closed = receipt?.logs
      .filter((log) => log.address === addresses.perp)
      .map((log) => perp.interface.parseLog(log))
      .find((log) => log?.name === 'MakerClosed');
    if (!closed) throw new Error(`maker ${posId}: no MakerClosed`);
    return closed.args['lpFees'] as bigint;
  };
  const poolTick = async () => Number((await perp.poolState()).tick);
  /** The pool's usable tick at or below the price (bands sit on multiples of the spacing, 30). */
  const spacedTick = async () => Math.floor((await poolTick()) / 30) * 30;
  /** Takers trade the pool until its tick passes `tick` (upwards: at or above it; downwards: below it), one trade a block. */
  const tradeTickPast = async (tick: number, up: boolean) => {
    for (let i = 0; up ? (await poolTick()) < tick : (await poolTick()) >= tick; i++) {
      if (i === 20) throw new Error(`the pool did not pass tick ${tick}`);
      await openTaker(up ? 200_000_000n : -200_000_000n, 50_000_000_000n);
    }
  };
  const word = async (address: string, slot: string) => BigInt(await provider.getStorage(address, slot));
  /** A closed position's realized PnL and net funding as market-data reads them: the same join and decoder. */
  const closedFigures = async (id: bigint) => {
    await caughtUp();
    const [row] = await query(
      `SELECT p.is_closed, p.is_maker, ${POSITION_SETTLEMENT_COLUMNS} FROM positions p ${POSITION_SETTLEMENT_JOIN} WHERE p.perp_address = $1 AND p.id = $2`,
      [addresses.perp.toLowerCase(), id.toString()],
    );
    return decodeClosedPositionFigures(row, { isClosed: row['is_closed'] as boolean, isMaker: row['is_maker'] as boolean });
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
  /** The candles the indexer's block writes kept (the triggers) hold every trade and snapshot, and are what a rebuild from the same rows gives. */
  async function expectCandlesKept(): Promise<void> {
    await caughtUp();
    const candles = () => query(`SELECT * FROM candles ORDER BY perp_address, resolution, bucket`);
    const kept = await candles();
    const [totals] = await query<{ trades: string; snapshots: string }>(
      `SELECT (SELECT count(*) FROM trades)::text AS trades, (SELECT count(*) FROM snapshots)::text AS snapshots`,
    );
    const sums = await query<{ resolution: number; trades: string; snapshots: string }>(
      `SELECT resolution, sum(trade_count)::text AS trades, sum(snapshot_count)::text AS snapshots FROM candles GROUP BY 1 ORDER BY 1`,
    );
    expect(sums).toEqual([60, 300, 900, 3600, 14400, 86400].map((resolution) => ({ resolution, ...totals })));
    await query('SELECT candles_rebuild()');
    expect(await candles()).toEqual(kept);
  }

  /** The latest funding and open-interest points (the markets row trigger) are the market row's figures, none above the cursor. */
  async function expectHistoryAtMarket(): Promise<void> {
    await caughtUp();
    const perpAddress = addresses.perp.toLowerCase();
    const [m] = await query(`SELECT * FROM markets WHERE perp_address = $1`, [perpAddress]);
    const latest = (table: string, columns: string) =>
      query(`SELECT block_number, ${columns} FROM ${table} WHERE perp_address = $1 ORDER BY "timestamp" DESC, id DESC LIMIT 1`, [perpAddress]);
    expect(await latest('funding_history', 'funding_per_day, cumulative_funding_x96')).toEqual([
      { block_number: expect.any(String), funding_per_day: m['funding_per_day'], cumulative_funding_x96: m['cumulative_funding_x96'] },
    ]);
    expect(await latest('open_interest_history', 'open_interest_long, open_interest_short, capacity_long, capacity_short')).toEqual([
      {
        block_number: expect.any(String),
        open_interest_long: m['open_interest_long'],
        open_interest_short: m['open_interest_short'],
        capacity_long: m['capacity_long'],
        capacity_short: m['capacity_short'],
      },
    ]);
    const [cursor] = await query<{ block_number: string }>(`SELECT block_number FROM chain_cursor`);
    for (const table of ['funding_history', 'open_interest_history']) {
      expect(await query(`SELECT id FROM ${table} WHERE block_number > $1`, [cursor.block_number])).toEqual([]);
    }
  }

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
    const bandTicks = new Set<number>();
    for (const row of rows) {
      const p = decodePosition(row);
      if (p.isClosed) continue;
      if (p.isMaker) {
        // The maker's v4 position, keyed (owner = the Perp, salt = posId) as the handler keys it: its liquidity word is the band's.
        const d = await perp.makerDetails(p.id);
        const slot = perpMakerPoolPositionSlot(addresses.poolId, addresses.perp, Number(d.tickLower), Number(d.tickUpper), p.id);
        expect({
          lower: p.tickLower,
          upper: p.tickUpper,
          liquidity: await word(addresses.poolManager, slot),
          feeLast: p.chain.feeGrowthInside1LastX128,
        }).toEqual({
          lower: Number(d.tickLower),
          upper: Number(d.tickUpper),
          liquidity: d.liquidity,
          feeLast: await word(addresses.poolManager, slotPlus(slot, 2)),
        });
        bandTicks.add(Number(d.tickLower)).add(Number(d.tickUpper));
      }
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
    // The ticks rows: exactly the open bands' ticks, each as the PoolManager and the Perp's tick map hold it.
    const ticks = await query(`SELECT * FROM ticks WHERE perp_address = $1 ORDER BY tick`, [addresses.perp.toLowerCase()]);
    expect(ticks.map((t) => t['tick'])).toEqual([...bandTicks].sort((a, b) => a - b));
    for (const t of ticks) {
      const tick = t['tick'] as number;
      const [fundingSlot, divSqrtSlot] = perpTickFundingSlots(tick);
      expect(BigInt.asUintN(128, await word(addresses.poolManager, poolTickInfoSlot(addresses.poolId, tick)))).toBeGreaterThan(0n);
      expect({
        tick,
        feeOutside: BigInt(t['fee_growth_outside1_x128'] as string),
        fundingOpp: BigInt(t['cuml_funding_opp_x96'] as string),
        divSqrtOpp: BigInt(t['cuml_funding_div_sqrt_p_opp_x96'] as string),
      }).toEqual({
        tick,
        feeOutside: await word(addresses.poolManager, poolTickFeeGrowthOutside1Slot(addresses.poolId, tick)),
        fundingOpp: BigInt.asIntN(256, await word(addresses.perp, fundingSlot)),
        divSqrtOpp: BigInt.asIntN(256, await word(addresses.perp, divSqrtSlot)),
      });
    }
  }

  /** The LP fees market-data's maker math (index-db makerFigures) gives a maker from the stored rows (marked at the market's last write). */
  async function storedLpFees(id: bigint): Promise<bigint> {
    await caughtUp();
    const [m] = await query(`SELECT * FROM markets WHERE perp_address = $1`, [addresses.perp.toLowerCase()]);
    const [row] = await query(`SELECT ${POSITION_COLUMNS} FROM positions p ${POSITION_TICK_JOINS} WHERE p.perp_address = $1 AND p.id = $2`, [
      addresses.perp.toLowerCase(),
      id.toString(),
    ]);
    const market = decodeMarketChainRow(m);
    const position = decodePosition(row);
    const marked = markMarket(market, Number(m['last_touched_at']));
    if (!marked || !position.ticks) throw new Error(`maker ${id}: no mark or no band ticks stored`);
    return makerFigures(marked, market, position.chain, position.ticks).lpFees;
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
    // The liquidation realized the close's usd and the entry usd; the funding settled was the close's only.
    expect(await closedFigures(long)).toEqual({
      realizedPnl: BigInt(trade['usd_delta'] as string) + BigInt(liquidated['usd_delta'] as string),
      netFunding: -BigInt(trade['funding'] as string),
    });
    expect(await closedFigures(short)).toEqual({ realizedPnl: null, netFunding: null });

    await expectCandlesKept();
  });

  it('a taker opened, reduced and closed: the USDC it got back is margin in + realized PnL - funding - util fees - trading fees, to the atom', async () => {
    const usdc = TestUSDC__factory.connect(addresses.usdc, provider);
    const holder = trader.address.toLowerCase();
    const before = await usdc.balanceOf(trader.address);
    const id = await perp.nextPosId();
    const margins = [300_000_000n, 20_000_000n];
    const receipts = [
      await (await perp.connect(trader).openTaker({ holder: trader.address, margin: margins[0], perpDelta: 6_000_000n, amt1Limit: 0n }, GAS)).wait(),
    ];
    await advance(3_600);
    receipts.push(await (await perp.connect(trader).adjustTaker({ posId: id, marginDelta: margins[1], perpDelta: -2_000_000n, amt1Limit: 0n }, GAS)).wait());
    await advance(3_600);
    receipts.push(await (await perp.connect(trader).adjustTaker({ posId: id, marginDelta: 0n, perpDelta: -4_000_000n, amt1Limit: 0n }, GAS)).wait());
    const after = await usdc.balanceOf(trader.address);

    // From the chain: the USDC Transfer logs of the holder, and what each Perp event settled.
    let moved = 0n;
    const legs = { funding: 0n, util: 0n, tradingFees: 0n, swapUsd: [] as bigint[] };
    for (const log of receipts.flatMap((r) => r?.logs ?? [])) {
      if (log.address === addresses.usdc) {
        const t = usdc.interface.parseLog(log);
        if (t?.name !== 'Transfer') continue;
        // Transfer(from, to, amount), by position: the token names its value field its own way.
        const [from, to, amount] = [String(t.args[0]).toLowerCase(), String(t.args[1]).toLowerCase(), t.args[2] as bigint];
        if (to === holder) moved += amount;
        if (from === holder) moved -= amount;
      } else if (log.address === addresses.perp) {
        const e = perp.interface.parseLog(log);
        if (!e || !['TakerOpened', 'TakerAdjusted', 'TakerClosed'].includes(e.name)) continue;
        legs.tradingFees += e.args['sr'].totalFeeAmt as bigint;
        legs.swapUsd.push(unpackBalanceDelta(e.args['sr'].delta as bigint).usd);
        if (e.name !== 'TakerOpened') {
          legs.funding += e.args['funding'] as bigint;
          legs.util += e.args['utilFees'] as bigint;
        }
      }
    }
    expect(moved).toBe(after - before);
    expect(legs.swapUsd).toHaveLength(3);
    // Two hours of the premium the last test left (index 25, pool near 47): the long paid funding.
    expect(legs.funding).toBeGreaterThan(0n);
    const paidBack = after - before + margins[0] + margins[1];
    const realized = paidBack - (margins[0] + margins[1]) + legs.funding + legs.util + legs.tradingFees;
    // The double keeps the whole USD leg through a reduce: the close realizes every swap's usd.
    expect(realized).toBe(legs.swapUsd[0] + legs.swapUsd[1] + legs.swapUsd[2]);

    expect(await closedFigures(id)).toEqual({ realizedPnl: realized, netFunding: -legs.funding });
    const rows = await query(`SELECT opened, realized_pnl, funding FROM position_settlements WHERE perp_address = $1 AND pos_id = $2 ORDER BY id`, [
      addresses.perp.toLowerCase(),
      id.toString(),
    ]);
    expect(rows.map((r) => [r['opened'], BigInt(r['realized_pnl'] as string), BigInt(r['funding'] as string)])).toEqual([
      [true, 0n, 0n],
      [false, 0n, BigInt(rows[1]['funding'] as string)],
      [false, realized, legs.funding - BigInt(rows[1]['funding'] as string)],
    ]);
    expect(BigInt(rows[1]['funding'] as string)).toBeGreaterThan(0n);
  });

  it('makers: band ticks and fee growth inside as the chain holds them; the LP fees computed from the store are what a close pays', async () => {
    const lower = (await spacedTick()) - 60;
    const upper = lower + 150;
    const first = await openMaker(lower, upper, 10n ** 11n);
    // Across the band both ways (each crossing flips a tick's fee growth outside), fees donated on the way.
    await tradeTickPast(upper, true);
    await tradeTickPast(lower, false);
    // On ticks already crossed, a new position's checkpoint is a fee growth inside that is not 0.
    const second = await openMaker(lower, upper, 2n * 10n ** 11n);
    await tradeTickPast(lower + 60, true);
    await expectStoreEqualsViews();
    const [secondRow] = await query(`SELECT fee_growth_inside1_last_x128 FROM positions WHERE id = $1`, [second.toString()]);
    expect(BigInt(secondRow['fee_growth_inside1_last_x128'] as string)).toBeGreaterThan(0n);
    expect(await query(`SELECT tick FROM ticks WHERE tick = ANY($1::int[]) ORDER BY tick`, [[lower, upper]])).toEqual([{ tick: lower }, { tick: upper }]);

    // Each close pays floor(L * (inside - last) / 2^128) from the pool: market-data's figure from the rows stored just before.
    for (const id of [first, second]) {
      const expected = await storedLpFees(id);
      expect(expected).toBeGreaterThan(0n);
      expect(await closeMaker(id)).toBe(expected);
      await expectStoreEqualsViews();
      // A closed maker: no realized PnL (its band's amounts are in no event), the funding its events settled (the double's: 0).
      expect(await closedFigures(id)).toEqual({ realizedPnl: null, netFunding: 0n });
    }
    // No open band uses the two ticks any more: their rows are gone.
    expect(await query(`SELECT tick FROM ticks WHERE tick = ANY($1::int[])`, [[lower, upper]])).toEqual([]);
  });

  it.each([1, 5])(
    'a reorg of depth %i: the positions, trades and band ticks of the dropped blocks are gone, the market and its bands re-read at the fork',
    async (depth) => {
      const base = await spacedTick();
      const dropped = { lower: base - 600, upper: base - 540 };
      const kept = { lower: base + 540, upper: base + 600 };
      // A maker that the deeper reorg sees closed: its ticks rows, deleted after the fork, must come back.
      const closing = depth > 1 ? await openMaker(kept.lower, kept.upper, 10n ** 10n) : null;
      await expectStoreEqualsViews();
      const before = await head();
      // One transaction per block (anvil mines each alone): a maker on a band of its own, the close, then taker opens.
      const ids = [await openMaker(dropped.lower, dropped.upper, 10n ** 10n)];
      if (closing !== null) await closeMaker(closing);
      while ((await head()) < before + depth) ids.push(await openTaker(1_000_000n + BigInt(ids.length), 60_000_000n));
      await expectStoreEqualsViews();
      expect(await head()).toBe(before + depth);
      // The taker opens moved the open interest in the dropped blocks: points the rewind must remove.
      expect((await query(`SELECT id FROM open_interest_history WHERE block_number > $1`, [before])).length).toBeGreaterThan(0);
      // A settlement row per opening (and the close) of the dropped blocks: the rewind must delete each.
      expect((await query(`SELECT id FROM position_settlements WHERE block_number > $1`, [before])).length).toBe(ids.length + (closing === null ? 0 : 1));
      await expectHistoryAtMarket();
      const stored = await query(`SELECT id FROM positions WHERE id = ANY($1::bigint[])`, [ids.map(String)]);
      expect(stored).toHaveLength(ids.length);
      expect(await query(`SELECT tick FROM ticks WHERE tick = ANY($1::int[]) ORDER BY tick`, [[dropped.lower, dropped.upper]])).toHaveLength(2);
      if (closing !== null) expect(await query(`SELECT tick FROM ticks WHERE tick = ANY($1::int[])`, [[kept.lower, kept.upper]])).toEqual([]);

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
      expect(await query(`SELECT id FROM position_settlements WHERE block_number > $1`, [before])).toEqual([]);
      expect(await query(`SELECT tick FROM ticks WHERE tick = ANY($1::int[])`, [[dropped.lower, dropped.upper]])).toEqual([]);
      if (closing !== null) {
        const [row] = await query(`SELECT is_closed FROM positions WHERE id = $1`, [closing.toString()]);
        expect(row).toEqual({ is_closed: false });
        expect(await query(`SELECT tick FROM ticks WHERE tick = ANY($1::int[]) ORDER BY tick`, [[kept.lower, kept.upper]])).toHaveLength(2);
      }
      await expectStoreEqualsViews();
      // The rewind's DELETEs left the candles as the remaining rows give them.
      await expectCandlesKept();
      // And the histories: no point of a dropped block, the latest one the market re-read at the fork.
      for (const table of ['funding_history', 'open_interest_history']) {
        expect(await query(`SELECT id FROM ${table} WHERE block_number > $1`, [before])).toEqual([]);
      }
      await expectHistoryAtMarket();

      // And it goes on on the new chain: the same ids again, now other positions.
      const again = await openTaker(3_000_000n, 90_000_000n);
      expect(again).toBe(ids[0]);
      await expectStoreEqualsViews();
      const [row] = await query(`SELECT perp_delta FROM positions WHERE id = $1`, [again.toString()]);
      expect(row['perp_delta']).toBe('3000000');
    },
  );
});
