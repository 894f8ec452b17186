import { MarketDataApiError, MarketDataClient } from '@perp/market-data-client';
import { Candidate, confirmCandidate } from './confirm-candidate';
import { compareDecimals } from './decimal-compare';

const candidate = (fields: Partial<Candidate> = {}): Candidate => ({
  id: 1,
  perp_address: `0x${'a'.repeat(40)}`,
  perp: null,
  is_maker: false,
  amount: '100000000',
  mode: 'full',
  margin_ratio: '0.04',
  liq_margin_ratio: '0.05',
  as_of: 1_000,
  holder: null,
  notional: '400',
  health: { margin_ratio: '0.04', liq_margin_ratio: '0.05' },
  distance_to_liquidation: '-0.01',
  estimated_reward: '4',
  liquidation_price: '3.2',
  is_stale: false,
  ...fields,
});

/** A client whose getPosition answers `position` (or throws it). */
const clientWith = (position: { is_closed: boolean } | Error) =>
  ({ getPosition: async () => (position instanceof Error ? Promise.reject(position) : position) }) as unknown as MarketDataClient;

describe('confirmCandidate', () => {
  const open = clientWith({ is_closed: false });

  it('liquidatable when open, fresh and below the threshold; not when only inside the buffer', async () => {
    expect(await confirmCandidate(open, candidate(), 1_030)).toMatchObject({ verdict: 'liquidatable', mark_age_seconds: 30 });
    expect((await confirmCandidate(open, candidate({ margin_ratio: '0.05' }), 1_000)).verdict).toBe('not_liquidatable');
  });

  it('stale when the mark is old, unknown without a ratio', async () => {
    expect((await confirmCandidate(open, candidate({ is_stale: true }), 1_000)).verdict).toBe('stale');
    expect(await confirmCandidate(open, candidate({ margin_ratio: null, as_of: null }), 1_000)).toMatchObject({ verdict: 'unknown', mark_age_seconds: null });
  });

  it('closed or gone when the position changed since the list was read', async () => {
    expect((await confirmCandidate(clientWith({ is_closed: true }), candidate(), 1_000)).verdict).toBe('closed');
    const notFound = new MarketDataApiError(404, 'not_found', 'r', 'Position not found');
    expect((await confirmCandidate(clientWith(notFound), candidate(), 1_000)).verdict).toBe('gone');
    await expect(
      confirmCandidate(clientWith(new MarketDataApiError(503, 'store_unavailable', 'r', 'Index store unavailable')), candidate(), 1_000),
    ).rejects.toThrow('store_unavailable');
  });
});

describe('compareDecimals', () => {
  it('compares exactly, signs and long fractions included', () => {
    expect(compareDecimals('0.055', '0.05500000000000000001')).toBe(0); // beyond 18 digits
    expect(compareDecimals('-0.1', '0')).toBe(-1);
    expect(compareDecimals('12', '11.999999999999999999')).toBe(1);
    expect(compareDecimals('.5', '0.5')).toBe(0);
  });
});
