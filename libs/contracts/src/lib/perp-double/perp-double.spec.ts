// The Perp City double on a real anvil: a market on a real v4 pool, takers through the pool, and every
// figure that moves with time or price equal, to the atom, to libs/x96-math's computation of it.
import { Contract, MaxUint256, type HDNodeWallet } from 'ethers';
import {
  Q96,
  accrueCumulatives,
  getAmount0ForLiquidity,
  getAmountsForLiquidity,
  getSqrtPriceAtTick,
  markAt,
  priceToX96,
  takerHealthExact,
  type MarketCumulatives,
} from '@perp/x96-math';
import { PerpFactory__factory, Perp__factory, PoolManager__factory, TestUSDC__factory, type Perp } from '../../../generated/double-types';
import { startTestChain, type TestChain } from '../../../test/test-chain';
import { deployPerpCity, pushEcdsaIndex, type PerpCityAddresses } from './deploy-perp-city';

const INDEX = priceToX96('47');

/** A packed v4 BalanceDelta (int256): amount0 in the high 128 bits, amount1 in the low, both signed. */
function unpackDelta(packed: bigint): { perpDelta: bigint; usdDelta: bigint } {
  const word = BigInt.asUintN(256, packed);
  return { perpDelta: BigInt.asIntN(128, word >> 128n), usdDelta: BigInt.asIntN(128, word) };
}

describe('Perp City double', () => {
  let chain: TestChain;
  let addresses: PerpCityAddresses;
  let perp: Perp;
  let deployer: HDNodeWallet;
  let trader: HDNodeWallet;
  let liquidator: HDNodeWallet;
  const signer = () => chain.wallets[4];

  beforeAll(async () => {
    chain = await startTestChain(5);
    [deployer, trader, liquidator] = chain.wallets;
    addresses = await deployPerpCity(deployer, { initialIndexX96: INDEX, beaconSigner: signer(), name: 'Test Perp', symbol: 'TEST-PERP' });
    perp = Perp__factory.connect(addresses.perp, trader);
    const usdc = TestUSDC__factory.connect(addresses.usdc, trader);
    await (await usdc.mint(trader.address, 1_000_000_000_000n)).wait();
    await (await usdc.approve(addresses.perp, MaxUint256)).wait();
  }, 180_000);
  afterAll(() => chain?.stop());

  it('creates a market on a real v4 pool at the index, with the deployed views', async () => {
    expect(await perp.name()).toBe('Test Perp');
    expect(await perp.symbol()).toBe('TEST-PERP');
    expect(await perp.EMA_WINDOW()).toBe(3600n);
    expect(await perp.POOL_ID()).toBe(addresses.poolId);
    const [tick, sqrtPriceX96, ammPriceX96, liquidity] = await perp.poolState();
    expect((sqrtPriceX96 * sqrtPriceX96) / Q96).toBe(ammPriceX96);
    expect(tick).toBe(38503n);
    expect(liquidity).toBe(10n ** 12n);
    expect(await PoolManager__factory.connect(addresses.poolManager, chain.provider).owner()).toBe(deployer.address);
    expect(await PerpFactory__factory.connect(addresses.factory, chain.provider).perps(addresses.perp)).toBe(true);
    expect(await perp.nextPosId()).toBe(2n); // the seed maker took id 1
  });

  /** Everything x96-math needs to mark and accrue the market at `timestamp`, read at the latest block. */
  async function predictAt(timestamp: bigint) {
    const [emas, rates, cumls, oi, cap, pool, index] = await Promise.all([
      perp.emas(),
      perp.rates(),
      perp.cumulatives(),
      perp.openInterest(),
      perp.capacity(),
      perp.poolState(),
      beaconIndex(),
    ]);
    const mark = markAt({
      sqrtPriceX96: pool.sqrtPriceX96,
      indexX96: index,
      emas: { amm: emas.ammPrice, index: emas.index, lastTouch: rates.lastTouch },
      emaWindowSeconds: await perp.EMA_WINDOW(),
      timestamp,
    });
    const start: MarketCumulatives = {
      fundingX96: cumls.fundingX96,
      fundingDivSqrtPX96: cumls.fundingDivSqrtPX96,
      longUtilPaymentsX96: cumls.longUtilPaymentsX96,
      shortUtilPaymentsX96: cumls.shortUtilPaymentsX96,
      longUtilEarningsX96: cumls.longUtilEarningsX96,
      shortUtilEarningsX96: cumls.shortUtilEarningsX96,
    };
    const cumulatives = accrueCumulatives(start, {
      fundingPerDayWad: rates.fundingPerDay,
      longUtilFeePerDayWad: rates.longUtilFeePerDay,
      shortUtilFeePerDayWad: rates.shortUtilFeePerDay,
      lastTouch: rates.lastTouch,
      timestamp,
      openInterestLong: oi.long,
      openInterestShort: oi.short,
      capacityLong: cap.long,
      capacityShort: cap.short,
      markPriceX96: mark.markPriceX96,
      sqrtPriceX96: pool.sqrtPriceX96,
    });
    return { mark, cumulatives };
  }

  async function beaconIndex(): Promise<bigint> {
    const beacon = new Contract(addresses.modules.beacon, ['function index() view returns (uint256)'], chain.provider);
    return (await beacon.getFunction('index')()) as bigint;
  }

  /** x96-math's health of a taker at `timestamp`, from the chain state at the latest block. */
  async function takerHealthAt(posId: bigint, timestamp: bigint) {
    const { mark, cumulatives } = await predictAt(timestamp);
    const position = await perp.positions(posId);
    const details = await perp.takerDetails(posId);
    const { perpDelta, usdDelta } = unpackDelta(position.delta);
    return takerHealthExact(
      {
        fundingX96: cumulatives.fundingX96,
        longUtilPaymentsX96: cumulatives.longUtilPaymentsX96,
        shortUtilPaymentsX96: cumulatives.shortUtilPaymentsX96,
        markPriceX96: mark.markPriceX96,
      },
      {
        perpDelta,
        usdDelta,
        margin: position.margin,
        liqMarginRatioE6: position.liqMarginRatio,
        lastCumlFundingX96: position.lastCumlFundingX96,
        lastLongUtilPaymentsX96: details.lastLongUtilPaymentsX96,
        lastShortUtilPaymentsX96: details.lastShortUtilPaymentsX96,
      },
    );
  }

  async function openTaker(perpDelta: bigint, margin: bigint): Promise<bigint> {
    const posId = await perp.nextPosId();
    await advance(1);
    await (await perp.openTaker({ holder: trader.address, margin, perpDelta, amt1Limit: 0n })).wait();
    return posId;
  }

  /** The Perp error a call reverted with (its data decoded with the Perp's ABI). */
  async function perpRevert(promise: Promise<unknown>): Promise<string | undefined> {
    try {
      await promise;
    } catch (error) {
      const data = (error as { data?: string }).data;
      return data ? (perp.interface.parseError(data)?.name ?? `unknown ${data}`) : (error as Error).message;
    }
    throw new Error('expected a revert, but the call succeeded');
  }

  let clock = 0n;
  /** The next transaction's block is `seconds` after the last one. */
  async function advance(seconds: number): Promise<bigint> {
    clock = BigInt(await chain.latestTimestamp()) + BigInt(seconds);
    await chain.setNextTimestamp(Number(clock));
    return clock;
  }

  it('opens a taker through the pool', async () => {
    await advance(1);
    const tx = await perp.openTaker({ holder: trader.address, margin: 100_000_000n, perpDelta: 10_000_000n, amt1Limit: 0n });
    const receipt = await tx.wait();
    const names = receipt?.logs.filter((log) => log.address === addresses.perp).map((log) => perp.interface.parseLog(log)?.name);
    expect(names).toContain('TakerOpened');
    const position = await perp.positions(2n);
    expect(position.margin > 0n).toBe(true);
    expect(await perp.ownerOf(2n)).toBe(trader.address);
    const { perpDelta, usdDelta } = unpackDelta(position.delta);
    expect(perpDelta).toBe(10_000_000n);
    expect(usdDelta < -400_000_000n && usdDelta > -500_000_000n).toBe(true); // ~47 a perp
    // The trading fees are fractions of the USD leg (defaults: creator 0.1 %, insurance 0.05 %, LP 0.2 %), out of the margin.
    const opened = receipt?.logs
      .filter((log) => log.address === addresses.perp)
      .map((log) => perp.interface.parseLog(log))
      .find((log) => log?.name === 'TakerOpened');
    const sr = opened?.args['sr'];
    const usd = -usdDelta;
    expect(sr.delta).toBe(position.delta);
    expect([sr.creatorFeeAmt, sr.insuranceFeeAmt, sr.lpFeeAmt, sr.protocolFeeAmt]).toEqual([
      (usd * 1_000n) / 1_000_000n,
      (usd * 500n) / 1_000_000n,
      (usd * 2_000n) / 1_000_000n,
      0n,
    ]);
    expect(sr.totalFeeAmt).toBe(sr.creatorFeeAmt + sr.insuranceFeeAmt + sr.lpFeeAmt);
    expect(position.margin).toBe(100_000_000n - sr.totalFeeAmt);
    const fund = await perp.feeFund();
    expect([fund.creatorFees, fund.insurance]).toEqual([sr.creatorFeeAmt, sr.insuranceFeeAmt]);
    expect((await perp.solvencyState()).totalMargin).toBe((await perp.positions(1n)).margin + position.margin);
    const [long, short] = await perp.openInterest();
    expect([long, short]).toEqual([10_000_000n, 0n]);
    const [tickAfter] = await perp.poolState();
    expect(tickAfter > 38503n).toBe(true); // the buy moved the pool price up
  });

  it('touch after time passes: EMAs, mark and cumulatives equal x96-math to the atom', async () => {
    for (const seconds of [1, 3 * 3600, 86_400 + 17]) {
      const t = await advance(seconds);
      const predicted = await predictAt(t);
      const receipt = await (await perp.touch()).wait();
      const [ammPrice, index] = await perp.emas();
      expect({ amm: ammPrice, index }).toEqual(predicted.mark.emas);
      const c = await perp.cumulatives();
      expect({
        fundingX96: c.fundingX96,
        fundingDivSqrtPX96: c.fundingDivSqrtPX96,
        longUtilPaymentsX96: c.longUtilPaymentsX96,
        shortUtilPaymentsX96: c.shortUtilPaymentsX96,
        longUtilEarningsX96: c.longUtilEarningsX96,
        shortUtilEarningsX96: c.shortUtilEarningsX96,
      }).toEqual(predicted.cumulatives);
      expect((await perp.rates()).lastTouch).toBe(t);
      const events = receipt?.logs.filter((log) => log.address === addresses.perp).map((log) => perp.interface.parseLog(log)?.name);
      expect(events).toEqual(['CumulativesAccrued', 'RatesAndEmasRefreshed']);
    }
    // The utilization fees grew the long side's payments; the funding rate follows the EMAs' premium.
    expect((await perp.cumulatives()).longUtilPaymentsX96 > 0n).toBe(true);
  });

  it('a healthy taker is refused liquidation, as x96-math says, at the same block', async () => {
    const t = await advance(60);
    const health = await takerHealthAt(2n, t);
    expect(health.isLiquidatable).toBe(false);
    expect(await perpRevert(perp.connect(liquidator).liquidateTaker(2n, liquidator.address))).toBe('NotLiquidatable');
  });

  it('an index drop makes the long liquidatable: x96-math and liquidateTaker agree, a healthy short is refused', async () => {
    const shortId = await openTaker(-5_000_000n, 200_000_000n);
    await pushEcdsaIndex(addresses.modules.beacon, signer(), deployer, priceToX96('25'));
    const t = await advance(30);
    const longHealth = await takerHealthAt(2n, t);
    const shortHealth = await takerHealthAt(shortId, t);
    expect(longHealth.isLiquidatable).toBe(true);
    expect(shortHealth.isLiquidatable).toBe(false);

    const before = await TestUSDC__factory.connect(addresses.usdc, chain.provider).balanceOf(liquidator.address);
    const receipt = await (await perp.connect(liquidator).liquidateTaker(2n, liquidator.address)).wait();
    const closed = receipt?.logs
      .filter((log) => log.address === addresses.perp)
      .map((log) => perp.interface.parseLog(log))
      .find((log) => log?.name === 'TakerClosed');
    expect(closed?.args['isLiquidation']).toBe(true);
    const after = await TestUSDC__factory.connect(addresses.usdc, chain.provider).balanceOf(liquidator.address);
    expect(after - before).toBe(closed?.args['liqFee']);
    expect(await perpRevert(perp.ownerOf(2n))).toBe('TokenDoesNotExist');
    expect((await perp.openInterest()).long).toBe(0n);

    await advance(30);
    expect(await perpRevert(perp.connect(liquidator).liquidateTaker(shortId, liquidator.address))).toBe('NotLiquidatable');
  });

  it('adjusts and closes a taker through the pool; the NFT burns and the margin comes back', async () => {
    const usdc = TestUSDC__factory.connect(addresses.usdc, chain.provider);
    const posId = await openTaker(2_000_000n, 50_000_000n);
    await advance(1);
    await (await perp.adjustTaker({ posId, marginDelta: 10_000_000n, perpDelta: 1_000_000n, amt1Limit: 0n })).wait();
    const grown = unpackDelta((await perp.positions(posId)).delta);
    expect(grown.perpDelta).toBe(3_000_000n);
    const before = await usdc.balanceOf(trader.address);
    await advance(1);
    const receipt = await (await perp.adjustTaker({ posId, marginDelta: 0n, perpDelta: -3_000_000n, amt1Limit: 0n })).wait();
    const names = receipt?.logs.filter((log) => log.address === addresses.perp).map((log) => perp.interface.parseLog(log)?.name);
    expect(names).toContain('TakerClosed');
    expect((await usdc.balanceOf(trader.address)) > before).toBe(true);
    expect(await perpRevert(perp.ownerOf(posId))).toBe('TokenDoesNotExist');
  });
  it('opens a maker band: makerDetails and capacity as x96-math computes them; closes it', async () => {
    const [tick, sqrtPriceX96] = await perp.poolState();
    const tickLower = Number(tick) - (Number(tick) % 30) - 600;
    const tickUpper = tickLower + 1200;
    const liquidity = 10n ** 10n;
    const capBefore = await perp.capacity();
    const posId = await perp.nextPosId();
    await advance(1);
    const receipt = await (
      await perp.openMaker({ holder: trader.address, margin: 20_000_000_000n, tickLower, tickUpper, liquidity, maxAmt0In: MaxUint256, maxAmt1In: MaxUint256 })
    ).wait();
    const names = receipt?.logs.filter((log) => log.address === addresses.perp).map((log) => perp.interface.parseLog(log)?.name);
    expect(names).toEqual(expect.arrayContaining(['CapacityUpdated', 'MarginTransferred', 'Transfer', 'MakerOpened']));
    const details = await perp.makerDetails(posId);
    expect([details.tickLower, details.tickUpper, details.liquidity]).toEqual([BigInt(tickLower), BigInt(tickUpper), liquidity]);
    // Capacity: the perp the band holds above the pool price backs longs, what it would buy below backs shorts.
    const sqrtLower = getSqrtPriceAtTick(tickLower);
    const sqrtUpper = getSqrtPriceAtTick(tickUpper);
    expect(details.capacity_.long).toBe(getAmount0ForLiquidity(sqrtPriceX96, sqrtUpper, liquidity));
    expect(details.capacity_.short).toBe(getAmount0ForLiquidity(sqrtLower, sqrtPriceX96, liquidity));
    const capAfter = await perp.capacity();
    expect(capAfter.long - capBefore.long).toBe(details.capacity_.long);
    const { perpDelta, usdDelta } = unpackDelta((await perp.positions(posId)).delta);
    const amounts = getAmountsForLiquidity(sqrtPriceX96, sqrtLower, sqrtUpper, liquidity);
    // What the band took from the Perp: the pool rounds what it is paid up, x96-math rounds down.
    expect(-perpDelta - amounts.amount0 <= 1n && -perpDelta >= amounts.amount0).toBe(true);
    expect(-usdDelta - amounts.amount1 <= 1n && -usdDelta >= amounts.amount1).toBe(true);

    // The chain's clock runs ahead of the wall clock here, so a gas estimate would see no time pass (no accrual) where the
    // mined block does: every Perp transaction below is sent at an explicit next timestamp.
    await advance(60);
    const adjusted = await (await perp.adjustMaker({ posId, marginDelta: 1_000_000n, liquidityDelta: 0n, amt0Limit: 0n, amt1Limit: 0n })).wait();
    const adjustedNames = adjusted?.logs.filter((log) => log.address === addresses.perp).map((log) => perp.interface.parseLog(log)?.name);
    expect(adjustedNames).toContain('MakerAdjusted');
    expect((await perp.positions(posId)).margin).toBe(20_001_000_000n);
    await advance(60);
    expect(await perpRevert(perp.connect(liquidator).liquidateMaker(posId, liquidator.address))).toBe('NotLiquidatable');
    await advance(60);
    const closed = await (await perp.adjustMaker({ posId, marginDelta: 0n, liquidityDelta: -liquidity, amt0Limit: 0n, amt1Limit: 0n })).wait();
    const closedNames = closed?.logs.filter((log) => log.address === addresses.perp).map((log) => perp.interface.parseLog(log)?.name);
    expect(closedNames).toContain('MakerClosed');
    expect(await perpRevert(perp.ownerOf(posId))).toBe('TokenDoesNotExist');
    expect((await perp.capacity()).long).toBe(capBefore.long);
  });
  it('the owner sets modules and metadata (no timelock in the double); anyone else is refused', async () => {
    expect(await perpRevert(perp.setName('Renamed'))).toBe('Unauthorized');
    const receipt = await (await perp.connect(deployer).setName('Renamed')).wait();
    expect(receipt?.logs.map((log) => perp.interface.parseLog(log)?.name)).toEqual(['SetName']);
    expect(await perp.name()).toBe('Renamed');
    const pricing = (await perp.modules()).pricing;
    await advance(60);
    await (await perp.connect(deployer).setPricingModule(pricing)).wait();
    expect((await perp.modules()).pricing).toBe(pricing);
  });
  it('a maker whose band was bought through is liquidated once the mark follows the pool', async () => {
    // A market of its own: a seed band from -6000 to +12000 ticks, and a maker band just above the price.
    const city = await deployPerpCity(deployer, {
      initialIndexX96: INDEX,
      beaconSigner: signer(),
      seedMaker: { liquidity: 10n ** 11n, tickLower: 32_490, tickUpper: 50_490 },
    });
    const market = Perp__factory.connect(city.perp, trader);
    const usdc = TestUSDC__factory.connect(city.usdc, trader);
    await (await usdc.mint(trader.address, 10n ** 12n)).wait();
    await (await usdc.approve(city.perp, MaxUint256)).wait();
    const [tick] = await market.poolState();
    const tickLower = Number(tick) - (Number(tick) % 30) + 30;
    const tickUpper = tickLower + 3000; // about 1.35 times the price
    const liquidity = 10n ** 11n;
    const perp0 = getAmount0ForLiquidity(getSqrtPriceAtTick(tickLower), getSqrtPriceAtTick(tickUpper), liquidity);
    const makerId = await market.nextPosId();
    const margin = (perp0 * 47n * 12n) / 100n; // 12 % of the band's value at the price
    await advance(1);
    await (await market.openMaker({ holder: trader.address, margin, tickLower, tickUpper, liquidity, maxAmt0In: MaxUint256, maxAmt1In: MaxUint256 })).wait();
    const reject = async () => {
      try {
        await market.connect(liquidator).liquidateMaker.staticCall(makerId, liquidator.address);
        return 'liquidatable';
      } catch (error) {
        return market.interface.parseError((error as { data: string }).data)?.name;
      }
    };
    expect(await reject()).toBe('NotLiquidatable');

    // A long buys through the band: it now holds USD where it held perp.
    await advance(1);
    await (await market.openTaker({ holder: trader.address, margin: 100_000_000_000n, perpDelta: 4_000_000_000n, amt1Limit: 0n })).wait();
    const [tickAfter] = await market.poolState();
    expect(tickAfter > BigInt(tickLower)).toBe(true);
    // Six EMA windows later the mark has followed the pool up: the band's inventory is worth less than its perp debt.
    await chain.mineAt((await chain.latestTimestamp()) + 6 * 3600);
    expect(await reject()).toBe('liquidatable');
    const receipt = await (await market.connect(liquidator).liquidateMaker(makerId, liquidator.address)).wait();
    const closed = receipt?.logs
      .filter((log) => log.address === city.perp)
      .map((log) => market.interface.parseLog(log))
      .find((log) => log?.name === 'MakerClosed');
    expect(closed?.args['isLiquidation']).toBe(true);
    expect(await perpRevert(market.ownerOf(makerId))).toBe('TokenDoesNotExist');
  });
});
