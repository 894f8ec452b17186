import { Q96 } from '@perp/x96-math';
import { priceStats } from './price-stats';

describe('priceStats', () => {
  it('decodes sqrt prices and computes change and percent exactly (18 places, half up)', () => {
    const stats = priceStats({ first: (3n * Q96).toString(), last: (2n * Q96).toString(), low: (Q96 / 2n).toString(), high: (3n * Q96).toString() });
    expect(stats).toEqual({ price_24h_high: '9', price_24h_low: '0.25', price_24h_change: '-5', price_24h_change_percent: '-55.555555555555555556' });
  });

  it('is zero change for a single price, and exact for non-integer prices', () => {
    expect(priceStats({ first: Q96.toString(), last: Q96.toString(), low: Q96.toString(), high: Q96.toString() })).toEqual({
      price_24h_high: '1',
      price_24h_low: '1',
      price_24h_change: '0',
      price_24h_change_percent: '0',
    });
    // sqrt 1.5 -> price 2.25; from 1 to 2.25: +1.25, +125 %.
    const s = (3n * Q96) / 2n;
    expect(priceStats({ first: Q96.toString(), last: s.toString(), low: Q96.toString(), high: s.toString() })).toMatchObject({
      price_24h_change: '1.25',
      price_24h_change_percent: '125',
    });
  });
});
