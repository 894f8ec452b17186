// The double's Solidity arithmetic (perp-double/libraries/PerpMath.sol, through PerpMathHarness) against
// libs/x96-math: the same golden cases, then x96-math's functions as the oracle under fast-check.
import fc from 'fast-check';
import {
  Q96,
  WAD,
  accrueCumulatives,
  advanceEmas,
  elapsedDaysX96,
  emaDecayWad,
  expWad,
  fairPriceX96,
  fundingOwedAtoms,
  marginRatioE6,
  priceX96FromSqrtPriceX96,
  sFullMulDiv,
  takerUtilOwedAtoms,
  takerValPnl,
  utilEarningsGrowthX96,
  utilPaymentsGrowthX96,
  type AccrualInputs,
  type MarketCumulatives,
} from '@perp/x96-math';
import { PerpMathHarness__factory, type PerpMathHarness } from '../../../generated/double-types';
import { startTestChain, type TestChain } from '../../../test/test-chain';

const UINT128_MAX = 2n ** 128n - 1n;
const RUNS = { numRuns: 40 };

/** The chain's answer equals the reference's, or both refuse (a revert where the reference throws). */
async function agrees<T>(call: Promise<T>, reference: () => T): Promise<void> {
  let expected: { value: T } | undefined;
  try {
    expected = { value: reference() };
  } catch {
    expected = undefined;
  }
  if (expected) expect(await call).toEqual(expected.value);
  else expect(await reverts(call)).toBe(true);
}

/** Resolves to true when the call reverts (the TypeScript reference throws there). */
async function reverts(promise: Promise<unknown>): Promise<boolean> {
  try {
    await promise;
    return false;
  } catch {
    return true;
  }
}

describe('PerpMath (Solidity) against libs/x96-math', () => {
  let chain: TestChain;
  let math: PerpMathHarness;

  beforeAll(async () => {
    chain = await startTestChain(1);
    const deployed = await new PerpMathHarness__factory(chain.wallets[0]).deploy();
    await deployed.waitForDeployment();
    math = PerpMathHarness__factory.connect(await deployed.getAddress(), chain.provider);
  });
  afterAll(() => chain?.stop());

  describe('golden cases (the same as x96-math, from the Rust SDK)', () => {
    it('expWad: the SDK vectors and the EMA decay', async () => {
      expect(await math.expWad(0n)).toBe(WAD);
      expect(await math.expWad(-WAD)).toBe(367_879_441_171_442_321n);
      expect(await math.expWad(-3n * WAD)).toBe(49_787_068_367_863_942n);
      expect(await math.expWad(WAD)).toBe(2_718_281_828_459_045_235n);
      expect(await math.emaDecayWad(3600n, 3600n)).toBe(367_879_441_171_442_321n);
      expect(await math.emaDecayWad(1n, 3n)).toBe(expWad(-333_333_333_333_333_333n));
      expect(await reverts(math.emaDecayWad(1n, 0n))).toBe(true);
    });

    it('fairPrice: the deployed pricing module, the clamp, the floor', async () => {
      expect(
        await math.fairPrice(0x2e8d7e0b44090ee63765fb855fn, 0x280000000000000000000000000n, 0x2e4e1d5d09c24b2a50779abaf3n, 0x2dc0f47dc4c7764d34d2f6a88fn),
      ).toBe(0x1578d53754481f1e1a9854fcbe1n);
      expect(await math.fairPrice(1001n, 1n, 1n, 1_000_000n)).toBe(500n);
      expect(await math.fairPrice(7n, 3n, 4n, 2n)).toBe(6n);
      expect(await math.fairPrice(42n * Q96, 40n * Q96, 41n * Q96, 40n * Q96)).toBe(83n * (Q96 / 2n));
    });

    it('the pool price from its sqrt price (CHINA-PC at block 500612175)', async () => {
      expect(await math.priceX96FromSqrtPriceX96(330115084885190701587787251116n)).toBe(1375470108235016714305503507110n);
      expect(await math.priceX96FromSqrtPriceX96(2n * Q96)).toBe(4n * Q96);
    });

    it('advanceEmas: one window weighs the stored value by e^-1, floors, stays put without time', async () => {
      const alpha = 367_879_441_171_442_321n;
      const r = await math.advanceEmas({ ammPrice: 100n * WAD, index: 0n }, { ammPrice: 0n, index: 100n * WAD }, 0n, 3600n, 3600n);
      expect([r.ammPrice, r.index]).toEqual([100n * alpha, 100n * (WAD - alpha)]);
      const floored = await math.advanceEmas({ ammPrice: 7n, index: 7n }, { ammPrice: 0n, index: 0n }, 0n, 3600n, 3600n);
      expect([floored.ammPrice, floored.index]).toEqual([2n, 2n]);
      const still = await math.advanceEmas({ ammPrice: 100n, index: 200n }, { ammPrice: 300n, index: 400n }, 10n, 9n, 3600n);
      expect([still.ammPrice, still.index]).toEqual([100n, 200n]);
    });

    it('accrue: the golden market (CHINA-PC) over its 5775 s window, and the taker payments leg', async () => {
      const next = await math.accrue(
        {
          fundingX96: -5817301051923220663714693204286n,
          fundingDivSqrtPX96: -1332253658657311045256648214058n,
          longUtilPaymentsX96: 0n,
          shortUtilPaymentsX96: 0n,
          longUtilEarningsX96: 361206840527920163630096383165n,
          shortUtilEarningsX96: 512938731932611361114843741066n,
        },
        {
          fundingPerDay: 840374978539967329n,
          longUtilFeePerDay: 10n ** 16n,
          shortUtilFeePerDay: 10n ** 16n,
          lastTouch: 1788254416n,
          timestamp: 1788260191n,
          oiLong: 2587247n,
          oiShort: 175795732n,
          capLong: 303811186n,
          capShort: 223153047n,
          markPriceX96: 1375470108235016714305503507110n,
          sqrtPriceX96: 330115084885190701587787251116n,
        },
      );
      expect(next.fundingX96).toBe(-5812850734966886621071634305163n);
      expect(next.fundingDivSqrtPX96).toBe(-1331185575279118722838041901768n);
      expect(next.longUtilEarningsX96).toBe(361214669838741582311800583639n);
      expect(next.shortUtilEarningsX96).toBe(513662992613495672751798373351n);
      expect(await math.utilPaymentsGrowthX96(10n ** 16n, Q96 / 10n, 4n * Q96)).toBe(316912650057057350374175801n);
    });

    it('taker legs: the SDK fixture (10 perps long at 40, mark 42), truncations and round-ups', async () => {
      const [value, pnl] = await math.takerValPnl(10_000_000n, -400_000_000n, 42n * Q96);
      expect([value, pnl]).toEqual([420_000_000n, 20_000_000n]);
      expect(await math.fundingOwed(10_000_000n, Q96 / 2n, 0n)).toBe(5_000_000n);
      expect(await math.fundingOwed(-10_000_000n, Q96 / 2n, 0n)).toBe(-5_000_000n);
      expect(await math.takerUtilOwed(10_000_000n, Q96 / 4n, 0n, 0n, 0n)).toBe(2_500_000n);
      expect(await reverts(math.takerUtilOwed(10_000_000n, 0n, 0n, Q96, 0n))).toBe(true);
      expect(await math.marginRatioE6(112_500_000n, 420_000_000n)).toBe(267_857n);
      expect(await math.marginRatioE6(-1n, 420_000_000n)).toBe(0n);
      const [v1, p1] = await math.takerValPnl(-3n, 5n, Q96 / 2n);
      expect([v1, p1]).toEqual([1n, 4n]);
      expect(await math.sFullMulDiv(-7n, 1n, 10n, true)).toBe(0n); // -0.7 stays 0, never -1
      expect(await math.sFullMulDiv(7n, 1n, 10n, true)).toBe(1n);
    });
  });

  describe('x96-math as the oracle (fast-check)', () => {
    const int = (bits: bigint) => fc.bigInt({ min: -(2n ** bits), max: 2n ** bits });
    const uint = (bits: bigint) => fc.bigInt({ min: 0n, max: 2n ** bits });

    it('sFullMulDiv', async () => {
      await fc.assert(
        fc.asyncProperty(int(200n), int(100n), fc.bigInt({ min: 1n, max: 2n ** 128n }), fc.boolean(), async (a, b, d, up) => {
          await agrees(math.sFullMulDiv(a, b, d, up), () => sFullMulDiv(a, b, d, up));
        }),
        RUNS,
      );
    });

    it('expWad over the EMA domain', async () => {
      await fc.assert(
        fc.asyncProperty(fc.bigInt({ min: -42n * WAD, max: 0n }), async (x) => {
          expect(await math.expWad(x)).toBe(expWad(x));
        }),
        RUNS,
      );
    });

    it('advanceEmas and fairPrice (the mark)', async () => {
      const price = uint(110n);
      await fc.assert(
        fc.asyncProperty(
          price,
          price,
          price,
          price,
          fc.bigInt({ min: 0n, max: 400_000n }),
          fc.bigInt({ min: 1n, max: 86_400n }),
          async (sa, si, pa, pi, dt, w) => {
            const r = await math.advanceEmas({ ammPrice: sa, index: si }, { ammPrice: pa, index: pi }, 1_000n, 1_000n + dt, w);
            const ref = advanceEmas({ amm: sa, index: si }, { amm: pa, index: pi }, 1_000n, 1_000n + dt, w);
            expect([r.ammPrice, r.index]).toEqual([ref.amm, ref.index]);
            expect(await math.fairPrice(pa, pi, r.ammPrice, r.index)).toBe(fairPriceX96(pa, pi, ref.amm, ref.index));
            expect(await math.emaDecayWad(dt, w)).toBe(emaDecayWad(dt, w));
          },
        ),
        RUNS,
      );
    });

    it('accrual: every cumulative', async () => {
      await fc.assert(
        fc.asyncProperty(
          fc.record({
            fundingPerDayWad: fc.bigInt({ min: -(10n ** 19n), max: 10n ** 19n }),
            longUtilFeePerDayWad: fc.bigInt({ min: 0n, max: 10n ** 17n }),
            shortUtilFeePerDayWad: fc.bigInt({ min: 0n, max: 10n ** 17n }),
            dt: fc.bigInt({ min: 0n, max: 10n ** 7n }),
            openInterestLong: uint(60n),
            openInterestShort: uint(60n),
            capacityLong: uint(60n),
            capacityShort: uint(60n),
            markPriceX96: fc.bigInt({ min: 1n, max: 2n ** 120n }),
            sqrtPriceX96: fc.bigInt({ min: 2n ** 60n, max: 2n ** 120n }),
          }),
          fc.record({
            fundingX96: int(150n),
            fundingDivSqrtPX96: int(150n),
            longUtilPaymentsX96: uint(150n),
            shortUtilPaymentsX96: uint(150n),
            longUtilEarningsX96: uint(150n),
            shortUtilEarningsX96: uint(150n),
          }),
          async (r, start: MarketCumulatives) => {
            const inputs: AccrualInputs = { ...r, lastTouch: 1_700_000_000n, timestamp: 1_700_000_000n + r.dt };
            const ref = accrueCumulatives(start, inputs);
            const got = await math.accrue(start, {
              fundingPerDay: inputs.fundingPerDayWad,
              longUtilFeePerDay: inputs.longUtilFeePerDayWad,
              shortUtilFeePerDay: inputs.shortUtilFeePerDayWad,
              lastTouch: inputs.lastTouch,
              timestamp: inputs.timestamp,
              oiLong: inputs.openInterestLong,
              oiShort: inputs.openInterestShort,
              capLong: inputs.capacityLong,
              capShort: inputs.capacityShort,
              markPriceX96: inputs.markPriceX96,
              sqrtPriceX96: inputs.sqrtPriceX96,
            });
            expect({
              fundingX96: got.fundingX96,
              fundingDivSqrtPX96: got.fundingDivSqrtPX96,
              longUtilPaymentsX96: got.longUtilPaymentsX96,
              shortUtilPaymentsX96: got.shortUtilPaymentsX96,
              longUtilEarningsX96: got.longUtilEarningsX96,
              shortUtilEarningsX96: got.shortUtilEarningsX96,
            }).toEqual(ref);
            const dtDays = elapsedDaysX96(inputs.lastTouch, inputs.timestamp);
            expect(await math.elapsedDaysX96(inputs.lastTouch, inputs.timestamp)).toBe(dtDays);
            expect(await math.utilEarningsGrowthX96(r.longUtilFeePerDayWad, dtDays, r.markPriceX96, r.openInterestLong, r.capacityLong)).toBe(
              utilEarningsGrowthX96(r.longUtilFeePerDayWad, dtDays, r.markPriceX96, r.openInterestLong, r.capacityLong),
            );
            expect(await math.utilPaymentsGrowthX96(r.shortUtilFeePerDayWad, dtDays, r.markPriceX96)).toBe(
              utilPaymentsGrowthX96(r.shortUtilFeePerDayWad, dtDays, r.markPriceX96),
            );
          },
        ),
        RUNS,
      );
    });

    it('taker health legs and the integer test', async () => {
      await fc.assert(
        fc.asyncProperty(
          int(60n),
          int(60n),
          fc.bigInt({ min: 0n, max: 2n ** 110n }),
          int(120n),
          int(120n),
          uint(120n),
          uint(120n),
          uint(40n),
          async (perp, usd, mark, funding, checkpoint, payments, growth, equityMagnitude) => {
            const [value, pnl] = await math.takerValPnl(perp, usd, mark);
            const ref = takerValPnl(perp, usd, mark);
            expect([value, pnl]).toEqual([ref.positionValue, ref.unrealizedPnl]);
            expect(await math.fundingOwed(perp, funding, checkpoint)).toBe(fundingOwedAtoms(perp, funding, checkpoint));
            const last = payments;
            const now = payments + growth;
            expect(await math.takerUtilOwed(perp, now, now, last, last)).toBe(
              takerUtilOwedAtoms(
                perp,
                { longUtilPaymentsX96: now, shortUtilPaymentsX96: now },
                { lastLongUtilPaymentsX96: last, lastShortUtilPaymentsX96: last },
              ),
            );
            const equity = equityMagnitude - 2n ** 39n;
            expect(await math.marginRatioE6(equity, value)).toBe(marginRatioE6(equity, value));
          },
        ),
        RUNS,
      );
    });

    it('the pool price from a sqrt price', async () => {
      await fc.assert(
        fc.asyncProperty(fc.bigInt({ min: 1n, max: UINT128_MAX }), async (s) => {
          expect(await math.priceX96FromSqrtPriceX96(s)).toBe(priceX96FromSqrtPriceX96(s));
        }),
        RUNS,
      );
    });
  });
});
