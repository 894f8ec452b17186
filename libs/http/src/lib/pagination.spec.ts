import { PAGE_LIMITS, pageSchema, toPage } from './pagination';

describe('toPage', () => {
  it('sets has_more while items remain past this page', () => {
    expect(toPage([1, 2], 5, { limit: 2, offset: 0 })).toEqual({
      items: [1, 2],
      total: 5,
      limit: 2,
      offset: 0,
      has_more: true,
    });
    expect(toPage([5], 5, { limit: 2, offset: 4 }).has_more).toBe(false);
    expect(toPage([3, 4], 5, { limit: 2, offset: 2 }).has_more).toBe(true);
  });

  it('has no more on an exact last page, an empty page or an offset past the end', () => {
    expect(toPage([4, 5], 5, { limit: 2, offset: 3 }).has_more).toBe(false);
    expect(toPage([], 0, { limit: 100, offset: 0 })).toEqual({
      items: [],
      total: 0,
      limit: 100,
      offset: 0,
      has_more: false,
    });
    expect(toPage([], 5, { limit: 10, offset: 50 }).has_more).toBe(false);
  });

  it('counts the items actually returned, not the limit', () => {
    // offset + items.length < total, even when a page comes back short.
    expect(toPage([1], 3, { limit: 2, offset: 0 }).has_more).toBe(true);
  });
});

describe('PAGE_LIMITS', () => {
  it("matches the spec's Limits table", () => {
    expect(PAGE_LIMITS).toEqual({
      markets: { min: 1, max: 500, default: 100 },
      positions: { min: 1, max: 500, default: 100 },
      liquidatable: { min: 1, max: 500, default: 100 },
      snapshots: { min: 1, max: 1000, default: 100 },
      oi: { min: 1, max: 1000, default: 100 },
      trades: { min: 1, max: 500, default: 50 },
      history: { min: 1, max: 1000, default: 500 },
    });
  });
});

describe('pageSchema', () => {
  it('requires every envelope field', () => {
    const schema = pageSchema({ type: 'string' }, 'Page[str]');
    expect(schema.required).toEqual(['items', 'total', 'limit', 'offset', 'has_more']);
    expect(schema.properties?.['items']).toEqual({ type: 'array', items: { type: 'string' } });
  });
});
