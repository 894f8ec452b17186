import fc from 'fast-check';
import { BigNumber, formatDecimal } from './decimal';
import {
  distanceToLiquidation,
  estimatedReward,
  isLiquidatable,
  liquidationMark,
  liquidationMarkFromAtoms,
  marginRatio,
  takerEquity,
  takerHealth,
  takerNotional,
  takerPositionValue,
} from './taker';
import { atomsToHuman, ratioFromE6 } from './units';

const dec = (v: BigNumber | null): string | null => (v === null ? null : formatDecimal(v));

describe('a long taker, worked by hand', () => {
  // Long 10 perps entered at 100 with 100 USD margin: usdDelta = -1000. Mark 95, funding owed 2,
  // liquidation margin ratio 5%, liquidation fee 1%.
  const position = { margin: '100', perpDelta: '10', usdDelta: '-1000', fundingOwed: '2' };
  const mark = '95';
  const health = takerHealth(position, mark, '0.05', '0.01');

  it('has the right figures', () => {
    // value = 10 * 95 - 1000 = -50
    expect(dec(health.positionValue)).toBe('-50');
    // equity = 100 + (-50) - 2 = 48
    expect(dec(health.equity)).toBe('48');
    // notional = |10| * 95 = 950
    expect(dec(health.notional)).toBe('950');
    // 48 / 950 = 0.050526315789473684|2105... -> 18 places
    expect(dec(health.marginRatio)).toBe('0.050526315789473684');
    expect(health.isLiquidatable).toBe(false);
    // 0.0505263157894736842105... - 0.05 = 0.000526315789473684|2105...
    expect(dec(health.distanceToLiquidation)).toBe('0.000526315789473684');
    // -(100 - 1000) / (10 * (1 - 0.05)) = 900 / 9.5 = 94.736842105263157894|736... -> ...895
    // check: at m = 900/9.5, equity = 10m - 900 and 1 - 900/(10m) = 1 - 0.95 = 0.05.
    expect(dec(health.liquidationMark)).toBe('94.736842105263157895');
    // min(max(48, 0), 950 * 0.01 = 9.5) = 9.5
    expect(dec(health.estimatedReward)).toBe('9.5');
  });

  it('is liquidatable once the mark falls below the liquidation mark (funding aside)', () => {
    const noFunding = { ...position, fundingOwed: null };
    expect(takerHealth(noFunding, '94.73', '0.05', '0.01').isLiquidatable).toBe(true);
    expect(takerHealth(noFunding, '94.74', '0.05', '0.01').isLiquidatable).toBe(false);
  });
});

describe('a short taker, worked by hand', () => {
  // Short 20 perps entered at 50 with 200 USD margin: usdDelta = +1000. Mark 55, funding owed -3
  // (the short is owed 3), liquidation margin ratio 10%, liquidation fee 2.5%.
  const position = { margin: '200', perpDelta: '-20', usdDelta: '1000', fundingOwed: '-3' };
  const health = takerHealth(position, '55', '0.1', '0.025');

  it('has the right figures', () => {
    // value = -20 * 55 + 1000 = -100
    expect(dec(health.positionValue)).toBe('-100');
    // equity = 200 - 100 - (-3) = 103
    expect(dec(health.equity)).toBe('103');
    // notional = 20 * 55 = 1100
    expect(dec(health.notional)).toBe('1100');
    // 103 / 1100 = 0.093636363636363636|36...
    expect(dec(health.marginRatio)).toBe('0.093636363636363636');
    expect(health.isLiquidatable).toBe(true);
    // 0.0936363636... - 0.1 = -0.006363636363636363|636... -> rounds away from zero
    expect(dec(health.distanceToLiquidation)).toBe('-0.006363636363636364');
    // (200 + 1000) / (20 * (1 + 0.1)) = 1200 / 22 = 54.545454545454545454|545... -> ...455
    // check: at m = 1200/22, equity = 1200 - 20m = 1200 - 20 * 1200/22 = 1200 * 2/22 and
    // notional 20 * 1200/22, ratio 2/20 = 0.1.
    expect(dec(health.liquidationMark)).toBe('54.545454545454545455');
    // min(max(103, 0), 1100 * 0.025 = 27.5) = 27.5
    expect(dec(health.estimatedReward)).toBe('27.5');
  });
});

describe('edge cases', () => {
  it('has no ratio, distance or liquidation mark without exposure', () => {
    const h = takerHealth({ margin: '10', perpDelta: '0', usdDelta: '5' }, '100', '0.05', '0.01');
    expect(dec(h.equity)).toBe('15');
    expect(dec(h.notional)).toBe('0');
    expect(h.marginRatio).toBeNull();
    expect(h.isLiquidatable).toBe(false);
    expect(h.distanceToLiquidation).toBeNull();
    expect(h.liquidationMark).toBeNull();
    expect(dec(h.estimatedReward)).toBe('0');
  });

  it('pays no reward on negative equity', () => {
    // equity = 10 + 1 * 50 - 100 = -40 -> max(-40, 0) = 0
    expect(dec(estimatedReward(takerEquity({ margin: '10', perpDelta: '1', usdDelta: '-100' }, '50'), '50', '0.01'))).toBe('0');
  });

  it('keeps a non-positive liquidation mark so range queries stay right', () => {
    // A fully funded long (margin + usdDelta >= 0) is never liquidated by price: -(100 - 50) / (1 * 0.95) < 0.
    expect(liquidationMark({ margin: '100', perpDelta: '1', usdDelta: '-50' }, '0.05')?.isNegative()).toBe(true);
    // A short whose margin + usdDelta < 0 is already past the threshold at every price.
    expect(liquidationMark({ margin: '1', perpDelta: '-1', usdDelta: '-2' }, '0.05')?.isNegative()).toBe(true);
  });

  it('has no liquidation mark for a long when r >= 1', () => {
    expect(liquidationMark({ margin: '1', perpDelta: '1', usdDelta: '-100' }, '1')).toBeNull();
  });

  it('exposes the pieces', () => {
    expect(dec(takerPositionValue({ perpDelta: '-2', usdDelta: '300' }, '100'))).toBe('100');
    expect(dec(takerNotional('-2', '100'))).toBe('200');
    expect(marginRatio('1', '0')).toBeNull();
    expect(dec(marginRatio('1', '4'))).toBe('0.25');
    expect(isLiquidatable(null, '0.05')).toBe(false);
    expect(isLiquidatable(new BigNumber('0.05'), '0.05')).toBe(false);
    expect(distanceToLiquidation(null, '0.05')).toBeNull();
  });

  it('gives the same mark from atoms as from human units', () => {
    // 100 USD margin, long 10 perps, usdDelta -1000 USD, in 6-decimal atoms.
    const mark = liquidationMarkFromAtoms({ margin: 100_000_000n, perpDelta: 10_000_000n, usdDelta: -1_000_000_000n }, ratioFromE6(50_000n));
    expect(dec(mark)).toBe('94.736842105263157895');
  });
});

describe('liquidation mark properties', () => {
  // Positions in atoms up to 1e6 USD of margin and 1e6 perps, r between 1e-6 and 0.5.
  const atoms = (max: bigint) => fc.bigInt({ min: 1n, max });
  const ratioE6 = fc.bigInt({ min: 1n, max: 500_000n });
  // Longs that can be liquidated borrow more than their margin (margin + usdDelta < 0);
  // shorts hold their sale proceeds (usdDelta > 0).
  const long = fc
    .tuple(atoms(10n ** 12n), atoms(10n ** 12n), atoms(10n ** 15n), ratioE6)
    .map(([margin, size, excess, r]) => ({ position: { margin, perpDelta: size, usdDelta: -(margin + excess) }, r }));
  const short = fc
    .tuple(atoms(10n ** 12n), atoms(10n ** 12n), atoms(10n ** 15n), ratioE6)
    .map(([margin, size, proceeds, r]) => ({ position: { margin, perpDelta: -size, usdDelta: proceeds }, r }));

  const human = (p: { margin: bigint; perpDelta: bigint; usdDelta: bigint }) => ({
    margin: atomsToHuman(p.margin),
    perpDelta: atomsToHuman(p.perpDelta),
    usdDelta: atomsToHuman(p.usdDelta),
  });

  // Tolerance. Unrounded, the mark carries 80 decimal places, so |ratio - r| is of order
  // 1e-80 / mark (mark >= ~1e-13 here): 1e-50 is a safe bound. Served or stored, the mark is
  // rounded to 18 places; the gap that opens, |equity - r * notional| = |perpDelta| * |dm| * |1 -/+ r|
  // <= 1e6 * 5e-19 * 1.5 < 1e-12 USD, must stay under one USD atom (1e-6), the smallest amount
  // the chain can tell apart. That is the "one atom" bound.
  const ATOM = new BigNumber('0.000001');

  it.each([
    ['long', long],
    ['short', short],
  ])('puts the %s exactly at the threshold', (_side, arb) => {
    fc.assert(
      fc.property(arb, ({ position, r: rE6 }) => {
        const r = ratioFromE6(rE6);
        const p = human(position);
        const mark = liquidationMarkFromAtoms(position, r);
        expect(mark).not.toBeNull();
        if (mark === null) return;
        expect(mark.isPositive()).toBe(true);
        expect(liquidationMark(p, r)?.eq(mark)).toBe(true);

        const exact = takerHealth(p, mark, r, '0');
        expect(exact.marginRatio?.minus(r).abs().lt('1e-50')).toBe(true);

        const served = new BigNumber(formatDecimal(mark));
        const equity = takerEquity(p, served);
        const required = takerNotional(p.perpDelta, served).times(r);
        expect(equity.minus(required).abs().lt(ATOM)).toBe(true);

        // Past the mark on the losing side the position is liquidatable, on the other it is not.
        const worse = position.perpDelta > 0n ? mark.times('0.999999') : mark.times('1.000001');
        const better = position.perpDelta > 0n ? mark.times('1.000001') : mark.times('0.999999');
        expect(takerHealth(p, worse, r, '0').isLiquidatable).toBe(true);
        expect(takerHealth(p, better, r, '0').isLiquidatable).toBe(false);
      }),
      { numRuns: 200 },
    );
  });
});
