import type { MarketApiRow, MarketChainRow, SnapshotApiRow } from '@perp/index-db';
import { keptEtag, stillCurrent } from '../common';
import { MARKET_READ_MAX_AGE_MS, MarketReadModels } from './market-read-models.service';
import { MarketWithSnapshot, PriceWindow } from './market-rows';
import { MarketsRepository } from './markets.repository';

const A = '0x00000000000000000000000000000000000000aa';
const UNKNOWN = '0x00000000000000000000000000000000000000bb';

/** A repository over one in-memory market whose snapshot the test moves; counts each query. */
class FakeRepository {
  reads = 0;
  windows = 0;
  price = '1';
  failWindow = false;
  snapshot = true;

  async marketWithLatestSnapshot(perpAddress: string): Promise<MarketWithSnapshot | null> {
    this.reads += 1;
    if (perpAddress !== A) return null;
    const snapshot = this.snapshot ? ({ id: '1', amm_price_x96: this.price } as unknown as SnapshotApiRow) : null;
    return { market: { perp_address: A } as MarketApiRow, snapshot, chain: {} as MarketChainRow };
  }

  async priceWindow(perpAddress: string): Promise<PriceWindow | null | undefined> {
    this.windows += 1;
    if (this.failWindow) throw new Error('store down');
    if (perpAddress !== A) return undefined;
    return this.snapshot ? { first: this.price, last: this.price, low: this.price, high: this.price } : null;
  }
}

const flush = () => new Promise((resolve) => jest.requireActual<typeof import('timers')>('timers').setImmediate(resolve));

describe('MarketReadModels', () => {
  let repository: FakeRepository;
  let models: MarketReadModels;

  beforeEach(() => {
    jest.useFakeTimers({ now: 1_000_000, doNotFake: ['setImmediate', 'nextTick'] });
    repository = new FakeRepository();
    models = new MarketReadModels(repository as unknown as MarketsRepository);
  });

  afterEach(() => jest.useRealTimers());

  const liveOf = async (address = A) => {
    const model = await models.of(address);
    const read = model.live();
    return model.answer('live', () => ({ price: read.snapshot.amm_price_x96 }));
  };

  it('gives every route of a market one read and one text per route, with the ETag of its exact bytes', async () => {
    const model = await models.of(A);
    const detail = model.answer('detail', () => ({ detail: model.market().market.perp_address }));
    const live = await liveOf();
    expect(await liveOf()).toBe(live);
    expect(model.answer('detail', () => ({ built: 'again' }))).toBe(detail);
    expect(live.toString()).toBe('{"price":"1"}');
    expect(keptEtag(live)).toMatch(/^"[A-Za-z0-9_-]{32}"$/);
    expect(repository.reads).toBe(1);
    expect(repository.windows).toBe(0);
  });

  it('answers 404 for an unknown market and "no live data" before the first snapshot, the miss kept as a read', async () => {
    await expect(liveOf(UNKNOWN)).rejects.toThrow('Market not found');
    await expect((await models.of(UNKNOWN)).priceWindow()).rejects.toThrow('Market not found');
    expect(repository.reads).toBe(1);
    repository.snapshot = false;
    const bare = new MarketReadModels(repository as unknown as MarketsRepository);
    const model = await bare.of(A);
    expect(() => model.live()).toThrow('No live data for market');
    await expect(model.priceWindow()).rejects.toThrow('No live data for market');
  });

  it('replays an answer while its model is current: not past the max age, not once a reload replaced it', async () => {
    const live = await liveOf();
    const current = () => stillCurrent(live);
    expect(current()).toBe(true);
    repository.price = '2';
    // Second half: still current, and the one background reload starts (a replay does not wait for it).
    jest.setSystemTime(1_000_000 + MARKET_READ_MAX_AGE_MS / 2);
    expect(current()).toBe(true);
    expect(current()).toBe(true);
    await flush();
    expect(repository.reads).toBe(2);
    expect(current()).toBe(false);
    expect((await liveOf()).toString()).toBe('{"price":"2"}');
    // Never past the max age, even when nothing replaced it.
    const fresh = await liveOf();
    jest.setSystemTime(1_000_000 + MARKET_READ_MAX_AGE_MS / 2 + MARKET_READ_MAX_AGE_MS);
    expect(stillCurrent(fresh)).toBe(false);
  });

  it('loads the window on the first stats ask, once, then with every later model of the market; a failure is not kept', async () => {
    repository.failWindow = true;
    const model = await models.of(A);
    await expect(model.priceWindow()).rejects.toThrow('store down');
    repository.failWindow = false;
    const [a, b] = await Promise.all([model.priceWindow(), model.priceWindow()]);
    expect(a).toBe(b);
    expect(repository.windows).toBe(2);
    jest.setSystemTime(1_000_000 + MARKET_READ_MAX_AGE_MS + 1);
    repository.price = '3';
    const next = await models.of(A);
    expect(next).not.toBe(model);
    // Loaded with the read, in the same round: asking costs no query.
    expect(repository.windows).toBe(3);
    expect((await next.priceWindow()).last).toBe('3');
    expect(repository.windows).toBe(3);
  });

  it('never keeps a failed read', async () => {
    const failing = { marketWithLatestSnapshot: async () => Promise.reject(new Error('store down')) } as unknown as MarketsRepository;
    const broken = new MarketReadModels(failing);
    await expect(broken.of(A)).rejects.toThrow('store down');
    await expect(broken.of(A)).rejects.toThrow('store down');
  });
});
