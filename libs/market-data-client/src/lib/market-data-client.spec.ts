import { createMarketDataClient } from './market-data-client';
import { MarketDataApiError } from './market-data-api-error';
import { pageItems, pages } from './offset-pages';

type Answer = { status: number; body?: unknown; headers?: Record<string, string> };

/** A fetch that records each request and answers from a script. */
function scriptedFetch(answer: (request: Request) => Answer) {
  const seen: Request[] = [];
  const fetch = async (request: Request) => {
    seen.push(request);
    const { status, body, headers } = answer(request);
    return new Response(body === undefined ? null : JSON.stringify(body), { status, headers: { 'content-type': 'application/json', ...headers } });
  };
  return { fetch, seen };
}

describe('createMarketDataClient', () => {
  it('sends the API key, builds the path and query, and resolves to the body', async () => {
    const { fetch, seen } = scriptedFetch(() => ({ status: 200, body: { items: [], total: 0, limit: 5, offset: 0, has_more: false } }));
    const md = createMarketDataClient({ baseUrl: 'http://md.test/', apiKey: 'mdk_abc', fetch });
    await expect(md.getLiquidatablePositions({ sort: 'largest_reward', limit: 5 })).resolves.toEqual({
      items: [],
      total: 0,
      limit: 5,
      offset: 0,
      has_more: false,
    });
    expect(seen[0].url).toBe('http://md.test/positions/liquidatable?sort=largest_reward&limit=5');
    expect(seen[0].headers.get('x-api-key')).toBe('mdk_abc');
  });

  it('throws a MarketDataApiError with status, code, request id and detail', async () => {
    const { fetch } = scriptedFetch(() => ({ status: 404, body: { detail: 'Position not found' }, headers: { 'x-request-id': 'req-1' } }));
    const md = createMarketDataClient({ baseUrl: 'http://md.test', apiKey: 'k', fetch });
    const error = await md.getPosition(7).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(MarketDataApiError);
    expect(error).toMatchObject({ status: 404, code: 'not_found', requestId: 'req-1', detail: 'Position not found', issues: [] });
  });

  it('carries the validation issues of a 422 and Retry-After of a 429', async () => {
    const issue = { loc: ['query', 'limit'], msg: 'Input should be less than or equal to 500', type: 'less_than_equal' };
    const { fetch } = scriptedFetch((request) =>
      request.url.includes('limit=')
        ? { status: 422, body: { detail: [issue] } }
        : { status: 429, body: { detail: 'Rate limit exceeded' }, headers: { 'retry-after': '3' } },
    );
    const md = createMarketDataClient({ baseUrl: 'http://md.test', apiKey: 'k', fetch });
    await expect(md.listMarkets({ limit: 501 })).rejects.toMatchObject({
      status: 422,
      code: 'validation_error',
      issues: [issue],
      detail: 'query.limit: Input should be less than or equal to 500',
    });
    await expect(md.listMarkets()).rejects.toMatchObject({ status: 429, code: 'rate_limited', retryAfterSeconds: 3 });
  });

  it('sends the bearer token on the developer routes, and a 204 resolves to nothing', async () => {
    const { fetch, seen } = scriptedFetch(() => ({ status: 204 }));
    const md = createMarketDataClient({ baseUrl: 'http://md.test', bearerToken: 'jwt', fetch });
    await expect(md.revokeDeveloperKey(3)).resolves.toBeUndefined();
    expect(seen[0].method).toBe('DELETE');
    expect(seen[0].headers.get('authorization')).toBe('Bearer jwt');
  });
});

describe('pages', () => {
  const rows = Array.from({ length: 7 }, (_, i) => ({ id: i + 1 }));
  const fetchPage = async ({ limit = 3, offset }: { limit?: number; offset: number }) => {
    const items = rows.slice(offset, offset + limit);
    return { items, total: rows.length, limit, offset, has_more: offset + items.length < rows.length };
  };

  it('walks every page until has_more is false', async () => {
    const offsets: number[] = [];
    for await (const page of pages(fetchPage, { limit: 3 })) offsets.push(page.offset);
    expect(offsets).toEqual([0, 3, 6]);
  });

  it('yields items, from an offset, up to maxItems', async () => {
    const ids: number[] = [];
    for await (const row of pageItems(fetchPage, { limit: 2, offset: 1, maxItems: 4 })) ids.push(row.id);
    expect(ids).toEqual([2, 3, 4, 5]);
  });
});
