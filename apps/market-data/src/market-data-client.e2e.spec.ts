import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { NestFastifyApplication } from '@nestjs/platform-fastify';
import { DEV_JWT } from '@perp/auth';
import BigNumber from 'bignumber.js';
import { DevSigningKey, ensureDevSigningKey, PostgresServer, signDevToken, startTestPostgres } from '@perp/local-infra';
import { createMarketDataClient, MarketDataApiError, MarketDataClient, pageItems, Schemas } from '@perp/market-data-client';
import { PRESETS, runSimulation } from '@perp/market-sim';
import { devServiceEnv } from '@perp/service';
import { createMarketDataApp } from './create-app';
import { loadMarketDataSettings } from './settings';
import { storeSettingsEnv } from './test/store-settings-env';

const ADMIN_KEY = 'client-e2e-admin-key-0123456789abcdef';
const ADDRESS = /^0x[0-9a-f]{40}$/;
const DECIMAL = /^-?\d+(\.\d+)?$/;
const ISO_UTC = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z$/;
const PAGE = { items: expect.any(Array), total: expect.any(Number), limit: expect.any(Number), offset: expect.any(Number), has_more: expect.any(Boolean) };

const caught = (pending: Promise<unknown>) =>
  pending.then(
    () => undefined,
    (error: unknown) => error as MarketDataApiError,
  );

/**
 * Every market-data operation through @perp/market-data-client, against a real app (real
 * HTTP, real Postgres) holding the simulator's small preset: the generated types, the
 * client's paths and parameters and the service agree, and failures arrive as typed errors.
 */
describe('market-data through @perp/market-data-client', () => {
  let pg: PostgresServer;
  let app: NestFastifyApplication;
  let dataDir: string;
  let signing: DevSigningKey;
  let md: MarketDataClient;
  let baseUrl: string;
  let market: Schemas['MarketDto'];

  beforeAll(async () => {
    pg = await startTestPostgres(['perp_index', 'perp_source', 'market_data']);
    const preset = PRESETS['small'];
    const end = Math.floor(Date.now() / 1000 / preset.intervalSeconds) * preset.intervalSeconds;
    await runSimulation({ preset, seed: '7', end, indexUrl: pg.url('perp_index'), sourceUrl: pg.url('perp_source') });
    dataDir = mkdtempSync(join(tmpdir(), 'md-client-'));
    chmodSync(dataDir, 0o755);
    signing = ensureDevSigningKey(dataDir);
    app = await createMarketDataApp(loadMarketDataSettings(devServiceEnv(storeSettingsEnv(pg, signing, ADMIN_KEY))), { logger: false });
    await app.listen(0, '127.0.0.1');
    const address = app.getHttpServer().address() as { port: number };
    baseUrl = `http://127.0.0.1:${address.port}`;
    md = createMarketDataClient({ baseUrl, apiKey: ADMIN_KEY });
    market = (await md.listMarkets({ sort: 'open_interest', limit: 1 })).items[0];
  }, 180_000);

  afterAll(async () => {
    await app?.close();
    await pg?.stop();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  it("getIndexStatus: the simulator's store has no chain cursor, and says so", async () => {
    const status = await md.getIndexStatus();
    expect(status).toMatchObject({
      indexed_from_chain: false,
      chains: [],
      note: expect.stringContaining('No chain cursor'),
      markets_total: PRESETS['small'].markets,
    });
    expect(status.markets).toHaveLength(PRESETS['small'].markets);
    expect(status.markets.find((m) => m.perp_address === market.perp_address)?.last_snapshot_at).toMatch(ISO_UTC);
  });

  it('service: getServiceInfo, getHealth, getReadiness', async () => {
    expect(await md.getServiceInfo()).toEqual({ service: 'market-data', version: expect.any(String), docs: '/docs', openapi: '/openapi.json' });
    expect(await md.getHealth()).toEqual({ status: 'ok' });
    expect(await md.getReadiness()).toMatchObject({ status: 'ready' });
  });

  it('markets: listMarkets, getMarket, getLiveMarket, getMarketStats, listMarketSnapshots, listMarketTrades, listMarketCandles, listMarketFunding, listMarketOpenInterest, getMarketHistory', async () => {
    const list = await md.listMarkets({ limit: 100 });
    expect(list).toMatchObject({ ...PAGE, offset: 0, limit: 100 });
    expect(list.total).toBe(PRESETS['small'].markets);
    expect(market).toMatchObject({
      perp_address: expect.stringMatching(ADDRESS),
      beacon_address: expect.stringMatching(ADDRESS),
      liquidity: expect.stringMatching(DECIMAL),
    });
    // A beacon filter that matches the data (the docs' example is none: a made-up address matches nothing).
    expect((await md.listMarkets({ beacon: market.beacon_address })).items.map((m) => m.perp_address)).toContain(market.perp_address);

    const detail = await md.getMarket(market.perp_address.toUpperCase().replace('0X', '0x'));
    expect(detail.market.perp_address).toBe(market.perp_address);
    const live = await md.getLiveMarket(market.perp_address);
    expect(live).toMatchObject({ perp_address: market.perp_address, mark_price: expect.stringMatching(DECIMAL), timestamp: expect.stringMatching(ISO_UTC) });
    expect(await md.getMarketStats(market.perp_address)).toMatchObject({ perp_address: market.perp_address, price_24h_high: expect.stringMatching(DECIMAL) });
    const snapshots = await md.listMarketSnapshots(market.perp_address, { limit: 5 });
    expect(snapshots).toMatchObject({ ...PAGE, limit: 5 });
    expect(snapshots.items[0]).toMatchObject({
      id: expect.any(Number),
      timestamp: expect.stringMatching(ISO_UTC),
      amm_price_x96: expect.stringMatching(DECIMAL),
    });
    const trades = await md.listMarketTrades(market.perp_address, { limit: 5, start_time: new Date(0).toISOString() });
    expect(trades).toMatchObject({ ...PAGE, limit: 5 });

    // The simulator's candles (its COPY, then one rebuild) agree with its snapshots and trades, read through the other routes.
    const all = async <T>(
      list: (page: { limit?: number; offset: number }) => Promise<{ items: T[]; total: number; limit: number; offset: number; has_more: boolean }>,
    ) => {
      const out: T[] = [];
      for await (const item of pageItems(list, { limit: 1000 })) out.push(item);
      return out;
    };
    const marks = await all((page) => md.listMarketSnapshots(market.perp_address, { ...page }));
    const closes = await all((page) => md.listMarketTrades(market.perp_address, { ...page, limit: Math.min(page.limit ?? 500, 500) }));
    const hourly = await all((page) => md.listMarketCandles(market.perp_address, { ...page, resolution: '1h' }));
    expect(hourly.length).toBeGreaterThan(12);
    expect(hourly.reduce((n, c) => n + c.trade_count, 0)).toBe(closes.length);
    for (const candle of hourly) {
      const from = Date.parse(candle.timestamp);
      const inside = marks.filter((s) => Date.parse(s.timestamp) >= from && Date.parse(s.timestamp) < from + 3_600_000);
      const prices = inside.map((s) => new BigNumber(s.mark_price as string));
      expect(candle.high).toBe(BigNumber.max(...prices).toFixed());
      expect(candle.low).toBe(BigNumber.min(...prices).toFixed());
      // Newest first: the candle's close is the newest snapshot of its hour, its open the oldest.
      expect([candle.open, candle.close]).toEqual([inside[inside.length - 1].mark_price, inside[0].mark_price]);
    }
    const minutes = await md.listMarketCandles(market.perp_address, { resolution: '1m', limit: 1 });
    expect(minutes.total).toBe(new Set([...marks, ...closes].map((row) => row.timestamp.slice(0, 16))).size);

    // The simulator records each market's figures as they change: many points, the newest equal to the market's figures.
    const funding = await md.listMarketFunding(market.perp_address);
    expect(funding).toMatchObject(PAGE);
    expect(funding.total).toBeGreaterThan(10);
    expect(funding.items[0]).toMatchObject({
      block_number: null,
      funding_rate_daily: detail.market.funding_rate_daily,
      timestamp: expect.stringMatching(ISO_UTC),
    });
    const openInterest = await md.listMarketOpenInterest(market.perp_address, { limit: 10 });
    expect(openInterest).toMatchObject({ ...PAGE, limit: 10 });
    expect(openInterest.total).toBeGreaterThan(10);
    expect(openInterest.items[0]).toMatchObject({
      block_number: null,
      open_interest_long: detail.market.open_interest_long,
      open_interest_short: detail.market.open_interest_short,
      capacity_long: detail.market.capacity_long,
      capacity_short: detail.market.capacity_short,
    });
    // Each candle's open interest is the last point strictly before its start (points newest first).
    const points = await all((page) => md.listMarketOpenInterest(market.perp_address, { ...page }));
    for (const candle of hourly) {
      const before = points.find((p) => Date.parse(p.timestamp) < Date.parse(candle.timestamp));
      expect([candle.timestamp, candle.open_interest_long, candle.open_interest_short]).toEqual([
        candle.timestamp,
        before?.open_interest_long ?? null,
        before?.open_interest_short ?? null,
      ]);
    }

    const withTicker = list.items.find((m) => m.ticker);
    expect(withTicker).toBeDefined();
    const history = await md.getMarketHistory(withTicker?.ticker as string, { limit: 10 });
    expect(history).toMatchObject({ ...PAGE, limit: 10 });
    expect(history.items[0]).toMatchObject({ ts: expect.stringMatching(ISO_UTC) });
  });

  it('positions: listPositions, getPosition, getLiquidatablePositions (paged to the end)', async () => {
    const open = await md.listPositions({ is_open: true, perp_address: market.perp_address, limit: 3 });
    expect(open).toMatchObject({ ...PAGE, limit: 3 });
    const first = open.items[0];
    expect(first).toMatchObject({ id: expect.any(Number), perp_address: market.perp_address, is_closed: false });
    expect(await md.getPosition(first.id, { perp_address: first.perp_address })).toEqual(first);

    const firstPage = await md.getLiquidatablePositions({ limit: 10 });
    expect(firstPage).toMatchObject(PAGE);
    const ids: string[] = [];
    for await (const candidate of pageItems((page) => md.getLiquidatablePositions({ ...page, sort: 'most_underwater' }), { limit: 10 })) {
      expect(candidate).toMatchObject({
        id: expect.any(Number),
        is_maker: expect.any(Boolean),
        amount: expect.stringMatching(/^\d+$/),
        is_stale: expect.any(Boolean),
      });
      ids.push(`${candidate.perp_address}:${candidate.id}`);
    }
    expect(ids.length).toBe(firstPage.total);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('fills: listFills of the holder of a recent trade agrees with the market trades and the positions', async () => {
    const [trade] = (await md.listMarketTrades(market.perp_address, { limit: 1 })).items;
    expect(trade).toBeDefined();
    const position = await md.getPosition(trade.pos_id, { perp_address: trade.perp_address });
    const holder = position.holder as string;
    const same = { perp_address: trade.perp_address, start_time: trade.timestamp, end_time: trade.timestamp };
    const atTrade = await md.listFills({ holder: holder.toUpperCase().replace('0X', '0x'), ...same, limit: 500 });
    const { perp: _alias, ...tradeFields } = trade;
    expect(atTrade.items.find((item) => item.id === trade.id)).toEqual({ ...tradeFields, holder, is_long: position.is_long });
    const fills = await md.listFills({ holder, limit: 500 });
    expect(fills).toMatchObject({ ...PAGE, limit: 500 });
    // Every fill is one of that holder's positions; newest first.
    const stamps = fills.items.map((item) => Date.parse(item.timestamp));
    expect(stamps).toEqual([...stamps].sort((x, y) => y - x));
    expect(fills.items.every((item) => item.holder === holder)).toBe(true);
    const inMarket = await md.listFills({ holder, perp_address: market.perp_address, limit: 500 });
    expect(inMarket.items.every((item) => item.perp_address === market.perp_address)).toBe(true);
    expect(inMarket.total).toBeLessThanOrEqual(fills.total);
    const error = await caught(md.listFills({ holder: '0x123' }));
    expect(error).toMatchObject({ status: 422, code: 'validation_error' });
  });

  it('legacy /v1: every route', async () => {
    const id = market.perp_address;
    expect((await md.v1ListMarkets({ limit: 2 })).items[0]).toMatchObject({ id: expect.stringMatching(ADDRESS), beacon: expect.stringMatching(ADDRESS) });
    expect((await md.v1GetMarket(id)).market.id).toBe(id);
    expect(await md.v1GetLiveMarket(id)).toMatchObject({ perp_id: id, mark_price: expect.stringMatching(DECIMAL) });
    expect(await md.v1GetMarketStats(id)).toMatchObject({ perp_id: id });
    // The same points as listMarketOpenInterest, in the legacy shape.
    const oi = await md.listMarketOpenInterest(id);
    expect(await md.v1ListMarketOpenInterest(id)).toEqual({
      ...oi,
      items: oi.items.map((p) => ({ perp_id: id, taker_long_oi: p.open_interest_long, taker_short_oi: p.open_interest_short, timestamp: p.timestamp })),
    });
    expect((await md.v1ListMarketSnapshots(id, { limit: 2 })).items[0]).toMatchObject({ perp: id });
    expect(await md.v1ListMarketTrades(id, { limit: 2 })).toMatchObject(PAGE);
    const positions = await md.v1ListPositions({ market_id: id, limit: 2 });
    expect(positions.items[0]).toMatchObject({ id: expect.any(Number), perp: id });
    expect((await md.v1GetPosition(positions.items[0].id, { perp_address: id })).id).toBe(positions.items[0].id);
    expect(await md.v1GetLiquidatablePositions({ limit: 2 })).toMatchObject(PAGE);
  });

  it('keys: admin create/list/revoke (also /v1), and a developer create/list/revoke with a bearer token', async () => {
    const created = await md.adminCreateKey({ name: 'client-e2e-bot' });
    expect(created).toMatchObject({ id: expect.any(Number), key: expect.stringMatching(/^mdk_/), name: 'client-e2e-bot', is_active: true });
    const legacy = await md.v1CreateAdminKey({ name: 'client-e2e-legacy' });
    expect(legacy.key).toMatch(/^mdk_/);
    expect((await md.adminListKeys()).map((k) => k.id)).toEqual(expect.arrayContaining([created.id, legacy.id]));
    await expect(md.adminRevokeKey(legacy.id)).resolves.toBeUndefined();
    // The key just made works through a client of its own.
    expect((await createMarketDataClient({ baseUrl, apiKey: created.key }).listMarkets({ limit: 1 })).items).toHaveLength(1);

    const token = signDevToken(signing, { sub: 'dev-client-e2e', issuer: DEV_JWT.issuer, audience: DEV_JWT.audience });
    const developer = createMarketDataClient({ baseUrl, bearerToken: token });
    const mine = await developer.createDeveloperKey({ name: 'my-bot' });
    expect(mine).toEqual({ id: expect.any(Number), key: expect.stringMatching(/^mdk_/), name: 'my-bot', created_at: expect.any(String) });
    expect((await developer.listDeveloperKeys()).map((k) => [k.id, k.is_active])).toEqual([[mine.id, true]]);
    await expect(developer.revokeDeveloperKey(mine.id)).resolves.toBeUndefined();
    expect((await developer.listDeveloperKeys()).map((k) => [k.id, k.is_active])).toEqual([[mine.id, false]]);
  });

  it('failures arrive as MarketDataApiError with status, code, request id and detail', async () => {
    const missing = await caught(md.getMarket(`0x${'0'.repeat(39)}1`));
    expect(missing).toBeInstanceOf(MarketDataApiError);
    expect(missing).toMatchObject({ status: 404, code: 'not_found', detail: 'Market not found', requestId: expect.any(String) });
    expect(await caught(md.listMarkets({ limit: 501 }))).toMatchObject({
      status: 422,
      code: 'validation_error',
      issues: [expect.objectContaining({ loc: ['query', 'limit'] })],
    });
    expect(await caught(createMarketDataClient({ baseUrl }).listMarkets())).toMatchObject({ status: 401, code: 'unauthenticated', detail: 'Missing API key' });
    expect(await caught(createMarketDataClient({ baseUrl, apiKey: ADMIN_KEY }).listDeveloperKeys())).toMatchObject({
      status: 401,
      detail: 'Not authenticated',
    });
  });
});
