import { BigNumber } from './decimal';
import { atomsToHuman, fundingPerDayFromE18, humanToAtoms, ratioFromE6 } from './units';

describe('atoms', () => {
  it('converts 6-decimal atoms both ways', () => {
    expect(atomsToHuman(1234567n).toFixed()).toBe('1.234567');
    expect(atomsToHuman(-1n).toFixed()).toBe('-0.000001');
    expect(atomsToHuman(10n ** 30n).toFixed()).toBe('1' + '0'.repeat(24));
    expect(humanToAtoms('1.234567')).toBe(1234567n);
    expect(humanToAtoms(new BigNumber('-0.000001'))).toBe(-1n);
  });

  it('refuses to drop sub-atom precision unless asked to', () => {
    expect(() => humanToAtoms('1.2345678')).toThrow(RangeError);
    expect(humanToAtoms('1.2345678', BigNumber.ROUND_DOWN)).toBe(1234567n);
    expect(humanToAtoms('1.2345675', BigNumber.ROUND_HALF_UP)).toBe(1234568n);
    expect(humanToAtoms('-1.2345678', BigNumber.ROUND_FLOOR)).toBe(-1234568n);
  });
});

describe('scaled ratios', () => {
  it('decodes 1e6-scaled margin ratios and fees', () => {
    // 50000 / 1e6 = 0.05
    expect(ratioFromE6(50000n).toFixed()).toBe('0.05');
    expect(ratioFromE6(1n).toFixed()).toBe('0.000001');
    expect(ratioFromE6(1000000n).toFixed()).toBe('1');
  });

  it('decodes signed 1e18-scaled funding per day', () => {
    // 1234500000000000 / 1e18 = 0.0012345, sign kept (negative: shorts pay longs).
    expect(fundingPerDayFromE18(-1234500000000000n).toFixed()).toBe('-0.0012345');
    expect(fundingPerDayFromE18(10n ** 18n).toFixed()).toBe('1');
    expect(fundingPerDayFromE18(1n).toFixed()).toBe('0.000000000000000001');
    expect(fundingPerDayFromE18(0n).toFixed()).toBe('0');
  });
});
