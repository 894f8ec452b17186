import { devServiceEnv } from '@perp/service';
import { loadBeaconOpsSettings } from '../settings';
import { MarketDataFetch, PerpsOfBeacon } from './perps-of-beacon';

const BEACON = '0x' + 'be'.repeat(20);
const perp = (i: number) => '0x' + i.toString(16).padStart(40, '0');

/** market-data's /markets, scripted: `answer` decides each request's response. */
function scripted(answer: (url: URL) => Response | Promise<Response>): { fetch: MarketDataFetch; urls: URL[]; keys: (string | null)[] } {
  const urls: URL[] = [];
  const keys: (string | null)[] = [];
  return {
    urls,
    keys,
    fetch: async (request) => {
      urls.push(new URL(request.url));
      keys.push(request.headers.get('x-api-key'));
      return answer(new URL(request.url));
    },
  };
}

const page = (all: string[], url: URL) => {
  const limit = Number(url.searchParams.get('limit'));
  const offset = Number(url.searchParams.get('offset'));
  const items = all.slice(offset, offset + limit).map((perp_address) => ({ perp_address: perp_address.toUpperCase().replace('0X', '0x') }));
  return Response.json({ items, total: all.length, limit, offset, has_more: offset + items.length < all.length });
};

function resolver(fetch: MarketDataFetch, env: Record<string, string> = {}): PerpsOfBeacon {
  const settings = loadBeaconOpsSettings(
    devServiceEnv({
      TOUCH_MARKET_DATA_URL: 'http://market-data.test/',
      TOUCH_MARKET_DATA_API_KEY: 'mdk_touch-key',
      MULTICALL3_ADDRESS: '0xcA11bde05977b3631167028862bE2a173976CA11',
      ...env,
    }),
  );
  return new PerpsOfBeacon(settings, fetch);
}

describe('PerpsOfBeacon', () => {
  afterEach(() => jest.useRealTimers());

  it('reads every page of /markets?beacon= with its key, lowercases, and serves the answer for the TTL', async () => {
    const all = Array.from({ length: 1_203 }, (_, i) => perp(i + 1));
    const md = scripted((url) => page(all, url));
    const perps = resolver(md.fetch, { TOUCH_PERPS_TTL_MS: '60000' });
    expect(await perps.resolve(BEACON.toUpperCase().replace('0X', '0x'))).toEqual(all);
    expect(md.urls.map((u) => u.pathname + u.search)).toEqual([0, 500, 1000].map((offset) => `/markets?beacon=${BEACON}&limit=500&offset=${offset}`));
    expect(md.keys).toEqual(['mdk_touch-key', 'mdk_touch-key', 'mdk_touch-key']);
    expect(await perps.resolve(BEACON)).toEqual(all);
    expect(md.urls).toHaveLength(3); // cached
  });

  it('asks again after the TTL (sooner for an empty answer), and shares one request between concurrent callers', async () => {
    jest.useFakeTimers({ doNotFake: ['queueMicrotask', 'setImmediate', 'nextTick'] });
    let all: string[] = [];
    const md = scripted((url) => page(all, url));
    const perps = resolver(md.fetch, { TOUCH_PERPS_TTL_MS: '10000', TOUCH_PERPS_EMPTY_TTL_MS: '1000' });
    expect(await Promise.all([perps.resolve(BEACON), perps.resolve(BEACON)])).toEqual([[], []]);
    expect(md.urls).toHaveLength(1);
    all = [perp(7)];
    jest.advanceTimersByTime(999);
    expect(await perps.resolve(BEACON)).toEqual([]);
    jest.advanceTimersByTime(1);
    expect(await perps.resolve(BEACON)).toEqual([perp(7)]);
    all = [perp(8)];
    jest.advanceTimersByTime(9_999);
    expect(await perps.resolve(BEACON)).toEqual([perp(7)]);
    jest.advanceTimersByTime(1);
    expect(await perps.resolve(BEACON)).toEqual([perp(8)]);
    expect(md.urls).toHaveLength(3);
  });

  it('serves the last answer, however old, when market-data fails; none when it never answered; never throws', async () => {
    let failure: (() => Response | Promise<Response>) | null = null;
    const md = scripted((url) => (failure ? failure() : page([perp(1), perp(2)], url)));
    const perps = resolver(md.fetch, { TOUCH_PERPS_TTL_MS: '0' });
    const other = '0x' + 'cd'.repeat(20);
    const failures: [string, () => Response | Promise<Response>][] = [
      ['down', () => Response.json({ detail: 'Index store unavailable' }, { status: 503 })],
      ['refusing the key', () => Response.json({ detail: 'Invalid API key' }, { status: 401 })],
      ['unreachable', () => Promise.reject(new TypeError('fetch failed'))],
      ['not JSON', () => new Response('<html>', { status: 200, headers: { 'Content-Type': 'text/html' } })],
      ['no items', () => Response.json({ detail: 'x' })],
      ['a perp that is no address', () => Response.json({ items: [{ perp_address: 'DROP TABLE' }], has_more: false })],
      ['has_more for ever', () => Response.json({ items: [{ perp_address: perp(3) }], has_more: true })],
    ];
    expect(await perps.resolve(BEACON)).toEqual([perp(1), perp(2)]);
    for (const [name, fail] of failures) {
      failure = fail;
      await expect(perps.resolve(BEACON).then((p) => [name, p])).resolves.toEqual([name, [perp(1), perp(2)]]);
      await expect(perps.resolve(other).then((p) => [name, p])).resolves.toEqual([name, []]);
    }
    // The page bound: 20 pages, then an error (not an endless loop).
    expect(md.urls.filter((u) => u.searchParams.get('beacon') === BEACON && u.searchParams.get('offset') !== '0').length).toBe(19);
  });

  it('gives up on a market-data that does not answer within TOUCH_MARKET_DATA_TIMEOUT_MS', async () => {
    const md = scripted(() => new Promise<Response>(() => undefined));
    const hanging: MarketDataFetch = (request) =>
      new Promise((resolve, reject) => {
        void md.fetch(request).then(resolve);
        request.signal.addEventListener('abort', () => reject(request.signal.reason));
      });
    const perps = resolver(hanging, { TOUCH_MARKET_DATA_TIMEOUT_MS: '150' });
    const started = Date.now();
    expect(await perps.resolve(BEACON)).toEqual([]);
    expect(Date.now() - started).toBeLessThan(2_000);
  });

  it('answers none, asking nothing, when touch is off', async () => {
    const md = scripted((url) => page([perp(1)], url));
    const perps = new PerpsOfBeacon(loadBeaconOpsSettings(devServiceEnv()), md.fetch);
    expect(await perps.resolve(BEACON)).toEqual([]);
    expect(md.urls).toEqual([]);
  });
  describe('tier (publish gating)', () => {
    const market = (i: number, oi: [string, string], capacity: [string, string]) => ({
      perp_address: perp(i),
      open_interest_long: oi[0],
      open_interest_short: oi[1],
      capacity_long: capacity[0],
      capacity_short: capacity[1],
    });
    const markets = (items: object[]) => scripted(() => Response.json({ items, total: items.length, limit: 500, offset: 0, has_more: false }));

    it.each([
      ['active: some market holds open interest', [market(1, ['0', '0'], ['0', '0']), market(2, ['0', '0.5'], ['0', '0'])], 'active'],
      ['idle: no open interest, some capacity', [market(1, ['0', '0.000'], ['0', '0']), market(2, ['0', '0'], ['12.5', '0'])], 'idle'],
      ['dormant: no open interest, no capacity', [market(1, ['0', '0'], ['0', '0.0']), market(2, ['0.000', '0'], ['0', '0'])], 'dormant'],
      ['dormant: no market', [], 'dormant'],
      ['active: a market without the fields (never taken for dormant)', [{ perp_address: perp(1) }], 'active'],
      ['active: a field that is no decimal', [market(1, ['0', 'NaN'], ['0', '0'])], 'active'],
    ])('%s', async (_name, items, tier) => {
      expect(await resolver(markets(items).fetch).tier(BEACON)).toBe(tier);
    });

    it('is unknown when market-data does not answer now, even with an older answer (a stale tier holds nothing back), and when touch is off', async () => {
      let down = false;
      const md = scripted(() => (down ? Response.json({ detail: 'down' }, { status: 503 }) : Response.json({ items: [], has_more: false })));
      const perps = resolver(md.fetch, { TOUCH_PERPS_EMPTY_TTL_MS: '0' });
      expect(await perps.tier(BEACON)).toBe('dormant');
      down = true;
      expect(await perps.tier(BEACON)).toBeUndefined();
      const off = new PerpsOfBeacon(loadBeaconOpsSettings(devServiceEnv()), md.fetch);
      expect(await off.tier(BEACON)).toBeUndefined();
    });

    it('shares the perps cache: within the TTL neither asks again', async () => {
      const md = markets([market(1, ['1', '0'], ['0', '0'])]);
      const perps = resolver(md.fetch, { TOUCH_PERPS_TTL_MS: '60000' });
      expect(await perps.resolve(BEACON)).toEqual([perp(1)]);
      expect(await perps.tier(BEACON)).toBe('active');
      expect(md.urls).toHaveLength(1);
    });
  });
});
