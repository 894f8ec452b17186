import { Q96 } from '@perp/x96-math';
import { candidateKeyBounds } from './candidate-bounds';
import { fundingAdjustedLiquidationMarkX96, liquidationKeyX96, liquidationMarkX96 } from './liquidation-mark';

describe('liquidationMarkX96', () => {
  it('is the math lib formula as floor(mark * 2^96)', () => {
    // Long 2 perps bought for 200 USD with 20 USD margin, r = 0.05: L = (200 - 20) / (2 * 0.95) = 1800 / 19.
    expect(liquidationMarkX96({ margin: 20_000_000n, perpDelta: 2_000_000n, usdDelta: -200_000_000n }, 50_000)).toBe((1800n * Q96) / 19n);
    // Short 2 perps sold for 200 USD with 20 USD margin: L = 220 / (2 * 1.05) = 2200 / 21.
    expect(liquidationMarkX96({ margin: 20_000_000n, perpDelta: -2_000_000n, usdDelta: 200_000_000n }, 50_000)).toBe((2200n * Q96) / 21n);
  });

  it('keeps a non-positive mark and is null without exposure', () => {
    const overCollateralised = liquidationMarkX96({ margin: 500_000_000n, perpDelta: 1_000_000n, usdDelta: -100_000_000n }, 50_000);
    expect(overCollateralised).not.toBeNull();
    expect((overCollateralised ?? 0n) < 0n).toBe(true);
    expect(liquidationMarkX96({ margin: 1n, perpDelta: 0n, usdDelta: 0n }, 50_000)).toBeNull();
  });
});

describe('liquidationKeyX96', () => {
  // Funding of 3 USD per perp since entry (cumulatives in X96), on 2 perps: 6 USD owed by a long.
  const entry = 5n * Q96;
  const now = 8n * Q96;
  const owed = 6_000_000n;

  it.each([
    ['long', { margin: 20_000_000n, perpDelta: 2_000_000n, usdDelta: -200_000_000n }, owed],
    ['short', { margin: 20_000_000n, perpDelta: -2_000_000n, usdDelta: 200_000_000n }, -owed],
  ] as const)('plus the market shift is the %s liquidation mark with the funding owed', (side, position, funding) => {
    const isLong = side === 'long';
    const key = liquidationKeyX96(liquidationMarkX96(position, 50_000), entry, isLong, 50_000);
    const withFunding = liquidationMarkX96({ ...position, usdDelta: position.usdDelta - funding }, 50_000);
    const adjusted = fundingAdjustedLiquidationMarkX96(key ?? 0n, now, isLong, 50_000);
    expect(adjusted - (withFunding ?? 0n)).toBeGreaterThanOrEqual(-2n);
    expect(adjusted - (withFunding ?? 0n)).toBeLessThanOrEqual(2n);
  });
});

describe('candidateKeyBounds', () => {
  it('with no funding and no buffer, is the liquidation mark itself', () => {
    const mark = 100n * Q96;
    const { longMinKeyX96, shortMaxKeyX96 } = candidateKeyBounds(mark, 0n, 50_000, 0);
    expect(longMinKeyX96).toBe(mark - 2n);
    expect(shortMaxKeyX96).toBe(mark + 2n);
  });

  it('widens both sides with the buffer', () => {
    const mark = 100n * Q96;
    const { longMinKeyX96, shortMaxKeyX96 } = candidateKeyBounds(mark, 0n, 50_000, 100_000);
    // long: 100 * (1 - 0.055) / 0.95 = 99.4736...; short: 100 * 1.055 / 1.05 = 100.476...
    expect(longMinKeyX96).toBe((100n * Q96 * 945n) / 950n - 2n);
    expect(shortMaxKeyX96 > (100n * Q96 * 1055n) / 1050n).toBe(true);
  });
});
