// Random sequences of trades, index updates and elapsed time on the double: after every Perp
// transaction the EMAs and all six cumulatives equal x96-math's replay of the same block, to the atom.
import fc from 'fast-check';
import { MaxUint256, type HDNodeWallet } from 'ethers';
import { accrueCumulatives, markAt, priceToX96, takerHealthExact, type MarketCumulatives } from '@perp/x96-math';
import { Perp__factory, TestUSDC__factory, type Perp } from '../../../generated/double-types';
import { startTestChain, type TestChain } from '../../../test/test-chain';
import { deployPerpCity, pushEcdsaIndex, type PerpCityAddresses } from './deploy-perp-city';

type Step = { kind: 'touch'; dt: number } | { kind: 'open'; dt: number; perps: number; marginPerPerp: number } | { kind: 'index'; price: number };

const step: fc.Arbitrary<Step> = fc.oneof(
  fc.record({ kind: fc.constant('touch' as const), dt: fc.integer({ min: 1, max: 3 * 86_400 }) }),
  fc.record({
    kind: fc.constant('open' as const),
    dt: fc.integer({ min: 1, max: 86_400 }),
    perps: fc.integer({ min: -40, max: 40 }).filter((n) => n !== 0),
    marginPerPerp: fc.integer({ min: 7, max: 30 }),
  }),
  fc.record({ kind: fc.constant('index' as const), price: fc.integer({ min: 30, max: 65 }) }),
);

describe('Perp City double: replayed by x96-math (fast-check)', () => {
  let chain: TestChain;
  let addresses: PerpCityAddresses;
  let perp: Perp;
  let deployer: HDNodeWallet;
  let trader: HDNodeWallet;

  beforeAll(async () => {
    chain = await startTestChain(5);
    [deployer, trader] = chain.wallets;
    addresses = await deployPerpCity(deployer, { initialIndexX96: priceToX96('47'), beaconSigner: chain.wallets[4] });
    perp = Perp__factory.connect(addresses.perp, trader);
    const usdc = TestUSDC__factory.connect(addresses.usdc, trader);
    await (await usdc.mint(trader.address, 10n ** 15n)).wait();
    await (await usdc.approve(addresses.perp, MaxUint256)).wait();
  }, 180_000);
  afterAll(() => chain?.stop());

  async function stateAt(timestamp: bigint) {
    const [emas, rates, c, oi, cap, pool, index] = await Promise.all([
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
    const cumulatives = accrueCumulatives(asCumulatives(c), {
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
    return { emas: mark.emas, cumulatives, markPriceX96: mark.markPriceX96 };
  }

  /** Whether liquidateTaker, simulated at the latest block, goes through (else the error's name). */
  async function liquidationOutcome(posId: bigint): Promise<string> {
    try {
      await perp.liquidateTaker.staticCall(posId, deployer.address, { blockTag: 'latest' });
      return 'liquidated';
    } catch (error) {
      const data = (error as { data?: string }).data;
      return data ? (perp.interface.parseError(data)?.name ?? data) : String(error);
    }
  }

  /** At the latest block, x96-math's takerHealthExact and the contract's liquidateTaker agree on every open taker. */
  async function expectLiquidationsAgree(open: bigint[]): Promise<void> {
    const t = BigInt(await chain.latestTimestamp());
    const { cumulatives, markPriceX96 } = await stateAt(t);
    for (const posId of open) {
      const position = await perp.positions(posId);
      const details = await perp.takerDetails(posId);
      const word = BigInt.asUintN(256, position.delta);
      const health = takerHealthExact(
        {
          fundingX96: cumulatives.fundingX96,
          longUtilPaymentsX96: cumulatives.longUtilPaymentsX96,
          shortUtilPaymentsX96: cumulatives.shortUtilPaymentsX96,
          markPriceX96,
        },
        {
          perpDelta: BigInt.asIntN(128, word >> 128n),
          usdDelta: BigInt.asIntN(128, word),
          margin: position.margin,
          liqMarginRatioE6: position.liqMarginRatio,
          lastCumlFundingX96: position.lastCumlFundingX96,
          lastLongUtilPaymentsX96: details.lastLongUtilPaymentsX96,
          lastShortUtilPaymentsX96: details.lastShortUtilPaymentsX96,
        },
      );
      expect(await liquidationOutcome(posId)).toBe(health.isLiquidatable ? 'liquidated' : 'NotLiquidatable');
      checks.set(health.isLiquidatable, (checks.get(health.isLiquidatable) ?? 0) + 1);
    }
  }
  const checks = new Map<boolean, number>();

  function asCumulatives(c: Awaited<ReturnType<Perp['cumulatives']>>): MarketCumulatives {
    return {
      fundingX96: c.fundingX96,
      fundingDivSqrtPX96: c.fundingDivSqrtPX96,
      longUtilPaymentsX96: c.longUtilPaymentsX96,
      shortUtilPaymentsX96: c.shortUtilPaymentsX96,
      longUtilEarningsX96: c.longUtilEarningsX96,
      shortUtilEarningsX96: c.shortUtilEarningsX96,
    };
  }

  async function beaconIndex(): Promise<bigint> {
    // index() (selector 0x2986c0e5)
    return BigInt(await chain.provider.call({ to: addresses.modules.beacon, data: '0x2986c0e5' }));
  }

  async function expectReplayed(dt: number, send: () => Promise<unknown>): Promise<void> {
    const t = BigInt((await chain.latestTimestamp()) + dt);
    const predicted = await stateAt(t);
    await chain.setNextTimestamp(Number(t));
    await send();
    const [ammPrice, index] = await perp.emas();
    expect({ amm: ammPrice, index }).toEqual(predicted.emas);
    expect(asCumulatives(await perp.cumulatives())).toEqual(predicted.cumulatives);
    expect((await perp.rates()).lastTouch).toBe(t);
  }

  it('every touch and trade lands where x96-math says, and liquidateTaker agrees with takerHealthExact', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 3, maxLength: 6 }), async (steps) => {
        const snapshot = await chain.provider.send('evm_snapshot', []);
        const open: bigint[] = [];
        try {
          for (const s of steps) {
            if (s.kind === 'index') {
              await pushEcdsaIndex(addresses.modules.beacon, chain.wallets[4], deployer, priceToX96(String(s.price)));
            } else if (s.kind === 'touch') {
              await expectReplayed(s.dt, async () => (await perp.touch()).wait());
            } else {
              const perpDelta = BigInt(s.perps) * 1_000_000n;
              const margin = (perpDelta < 0n ? -perpDelta : perpDelta) * BigInt(s.marginPerPerp); // 15-64 % of a ~47 notional
              const posId = await perp.nextPosId();
              // A thin margin opened against a mark far from the pool price fails the initial ratio: a refusal
              // (nothing is mined), not a replay.
              const refused = await expectReplayed(s.dt, async () =>
                (await perp.openTaker({ holder: trader.address, margin, perpDelta, amt1Limit: 0n })).wait(),
              ).then(
                () => false,
                (error: unknown) => {
                  const data = (error as { data?: string }).data;
                  if (data && perp.interface.parseError(data)?.name === 'MarginRatioTooLow') return true;
                  throw error;
                },
              );
              if (!refused) open.push(posId);
            }
            await expectLiquidationsAgree(open);
          }
        } finally {
          await chain.provider.send('evm_revert', [snapshot]);
        }
      }),
      {
        numRuns: 8,
        // Always one run where an index drop leaves a thin long liquidatable.
        examples: [
          [
            [
              { kind: 'open', dt: 60, perps: 40, marginPerPerp: 7 },
              { kind: 'index', price: 30 },
              { kind: 'touch', dt: 60 },
            ],
          ],
        ],
      },
    );
    // Both answers were exercised.
    expect(checks.get(false)).toBeGreaterThan(0);
    expect(checks.get(true)).toBeGreaterThan(0);
  });
});
