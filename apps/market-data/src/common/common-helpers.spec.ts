import { lowerAddress, lowerAddressOrNull } from './address';
import { ifNoneMatchMatches, strongEtag } from './etag';
import { toIsoUtc, toIsoUtcOrNull } from './iso-timestamp';
import { withPerpAlias } from './perp-alias';
import { timeRangeConditions } from './time-range-query';

describe('response helpers', () => {
  it('renders date-times in UTC with Z', () => {
    expect(toIsoUtc(new Date('2026-01-01T02:00:00+02:00'))).toBe('2026-01-01T00:00:00.000Z');
    expect(toIsoUtcOrNull(null)).toBeNull();
    expect(() => toIsoUtc('nope')).toThrow(RangeError);
  });

  it('lower-cases addresses', () => {
    expect(lowerAddress('0xABCdef')).toBe('0xabcdef');
    expect(lowerAddressOrNull(undefined)).toBeNull();
  });

  it('adds perp right after perp_address, with the same value', () => {
    const shaped = withPerpAlias({ id: 1, perp_address: '0xa', x: 2 });
    expect(Object.keys(shaped)).toEqual(['id', 'perp_address', 'perp', 'x']);
    expect(shaped.perp).toBe('0xa');
    expect(withPerpAlias({ perp_address: null }).perp).toBeNull();
  });

  it('builds inclusive time conditions', () => {
    const params: unknown[] = ['0xa'];
    const start = new Date(0);
    expect(timeRangeConditions('"timestamp"', { start_time: start, end_time: start }, params)).toEqual(['"timestamp" >= $2', '"timestamp" <= $3']);
    expect(params).toEqual(['0xa', start, start]);
    expect(timeRangeConditions('ts', {}, [])).toEqual([]);
  });

  it('makes a strong ETag from the body and matches If-None-Match lists, weak forms and *', () => {
    const tag = strongEtag({ a: 1 });
    expect(tag).toBe(strongEtag({ a: 1 }));
    expect(tag).not.toBe(strongEtag({ a: 2 }));
    expect(tag).toMatch(/^"[A-Za-z0-9_-]{32}"$/);
    expect(ifNoneMatchMatches(undefined, tag)).toBe(false);
    expect(ifNoneMatchMatches(`"x", ${tag}`, tag)).toBe(true);
    expect(ifNoneMatchMatches(`W/${tag}`, tag)).toBe(true);
    expect(ifNoneMatchMatches('*', tag)).toBe(true);
    expect(ifNoneMatchMatches('"x"', tag)).toBe(false);
  });
});
