import { NestFastifyApplication } from '@nestjs/platform-fastify';
import { decodePositionChainRow, liquidationKeyX96, liquidationMarkX96 } from '@perp/index-db';
import { MarketStreamEvent, subscribeMarketStream } from '@perp/market-data-client';
import { Client } from 'pg';
import request from 'supertest';
import { insertTrade } from '../markets/test/market-fixtures';
import { loadHandFixtures, MARKET_A, MARKET_B } from '../positions/test/hand-fixtures';
import { insertSnapshot } from '../positions/test/position-fixtures';
import { API_KEY, PositionsTestEnv } from '../positions/test/positions-test-env';
import { streamMetrics } from './stream-metrics';
import { openStream, OpenStream } from './test/sse-test-client';

const Q96 = 2n ** 96n;
const UNKNOWN_MARKET = `0x${'9'.repeat(40)}`;

/** A trade of position 1 of market A, as the indexer writes one. */
const trade = (db: Client, usd: bigint) =>
  insertTrade(db, {
    perp_address: MARKET_A,
    timestamp: new Date(),
    pos_id: 1,
    was_liquidated: false,
    perp_delta: -1_000_000n,
    usd_delta: usd,
    mark_price_x96: 4n * Q96,
  });

const portOf = (app: NestFastifyApplication): number => (app.getHttpServer().address() as { port: number }).port;

/**
 * GET /stream on real Postgres: rows written as the writers write them (INSERT, multi-row
 * statements, a cursor upsert) reach subscribers through the change table's triggers and the
 * hub's LISTEN; reconnects with Last-Event-ID; the window; the per-key limit; slow consumers.
 */
describe('GET /stream', () => {
  let env: PositionsTestEnv;
  let app: NestFastifyApplication;
  let port: number;
  let db: Client;
  const open: OpenStream[] = [];
  const stream = async (options: Parameters<typeof openStream>[1] = {}, on = port) => {
    const s = await openStream(on, { key: API_KEY, ...options });
    open.push(s);
    return s;
  };

  beforeAll(async () => {
    env = await PositionsTestEnv.start();
    await env.withIndex((c) => loadHandFixtures(c, Math.floor(Date.now() / 1000)));
    app = await env.app({ STREAM_HEARTBEAT_MS: '1000', STREAM_POLL_MS: '200' });
    await app.listen(0, '127.0.0.1');
    port = portOf(app);
    db = new Client({ connectionString: env.indexUrl });
    await db.connect();
  }, 60_000);

  afterEach(() => {
    for (const s of open.splice(0)) s.close();
  });

  afterAll(async () => {
    await db?.end();
    await env?.stop();
  });

  describe('refusals', () => {
    it('answers 401 without a key and with an unknown one, in the house shape', async () => {
      const missing = await stream({ key: undefined });
      expect([missing.status, missing.body]).toEqual([401, { detail: 'Missing API key' }]);
      const wrong = await stream({ key: 'mdk_' + 'x'.repeat(43) });
      expect([wrong.status, wrong.body]).toEqual([401, { detail: 'Invalid API key' }]);
    });

    it('answers 422 for an unknown channel or a malformed address, 404 for an unknown market', async () => {
      const channel = await stream({ query: 'channels=trades,orders' });
      expect(channel.status).toBe(422);
      expect(channel.body.detail[0]).toMatchObject({ loc: ['query', 'channels'], type: 'string_pattern_mismatch' });
      const address = await stream({ query: 'perp_address=0x123' });
      expect(address.status).toBe(422);
      expect(address.body.detail[0].loc).toEqual(['query', 'perp_address']);
      const long = await stream({ query: `channels=${'trades,'.repeat(20)}trades` });
      expect(long.status).toBe(422);
      const unknown = await stream({ query: `perp_address=${UNKNOWN_MARKET}` });
      expect([unknown.status, unknown.body]).toEqual([404, { detail: 'Market not found' }]);
    });
  });

  it('answers text/event-stream with the security headers, no-store and a hello carrying the current id', async () => {
    const s = await stream({ query: 'channels=trades' });
    expect(s.status).toBe(200);
    expect(s.headers['content-type']).toBe('text/event-stream; charset=utf-8');
    expect(s.headers['cache-control']).toBe('no-store');
    expect(s.headers['connection']).toBe('close');
    expect(s.headers['x-content-type-options']).toBe('nosniff');
    expect(s.headers['x-frame-options']).toBe('DENY');
    expect(s.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(s.headers['x-request-id']).toBeDefined();
    expect(s.headers['ratelimit-limit']).toBeDefined();
    const hello = await s.next((m) => m.event === 'hello');
    expect(hello.data).toEqual({ channels: ['trades'], perp_address: null, last_event_id: expect.stringMatching(/^\d+$/) });
    expect(hello.id).toBe(hello.data.last_event_id);
  });

  it('sends heartbeat comments on an idle stream', async () => {
    const s = await stream({ query: 'channels=index' });
    const started = Date.now();
    while (s.comments === 0 && Date.now() - started < 3_000) await new Promise((r) => setTimeout(r, 50));
    expect(s.comments).toBeGreaterThan(0);
  });

  it('delivers a trade as the trades route serves it, with the change id', async () => {
    const s = await stream({ query: 'channels=trades' });
    await s.next((m) => m.event === 'hello');
    const id = await trade(db, 4_100_000n);
    const event = await s.next((m) => m.event === 'trades');
    const page = await request(app.getHttpServer()).get(`/markets/${MARKET_A}/trades?limit=1`).set('X-API-Key', API_KEY).expect(200);
    expect(event.data).toEqual(page.body.items[0]);
    expect(event.data.id).toBe(id);
    expect(event.id).toMatch(/^\d+$/);
  });

  it("filters by market: another market's trades and marks are not sent", async () => {
    const s = await stream({ query: `channels=trades,marks&perp_address=${MARKET_B.toUpperCase().replace('0X', '0x')}` });
    await s.next((m) => m.event === 'hello');
    await trade(db, 4_000_000n);
    const latestB = (await db.query(`SELECT floor(extract(epoch FROM max("timestamp")))::int AS t FROM snapshots WHERE perp_address = $1`, [MARKET_B])).rows[0]
      .t;
    await insertSnapshot(db, MARKET_B, Number(latestB) + 1, Q96);
    const mark = await s.next((m) => m.event === 'marks');
    expect(mark.data.perp_address).toBe(MARKET_B);
    expect(s.messages.filter((m) => m.event === 'trades')).toEqual([]);
  });

  it('delivers marks as /live serves them, at most once a second per market (the latest wins)', async () => {
    const s = await stream({ query: `channels=marks&perp_address=${MARKET_A}` });
    await s.next((m) => m.event === 'hello');
    const latest = Number(
      (await db.query(`SELECT floor(extract(epoch FROM max("timestamp")))::int AS t FROM snapshots WHERE perp_address = $1`, [MARKET_A])).rows[0].t,
    );
    // Three snapshots in three statements within a few ms: the first goes out, the third a second later, the second never.
    await insertSnapshot(db, MARKET_A, latest + 1, 2n * Q96);
    const first = await s.next((m) => m.event === 'marks');
    await insertSnapshot(db, MARKET_A, latest + 2, 2n * Q96 + 1n);
    await insertSnapshot(db, MARKET_A, latest + 3, 2n * Q96 + 2n);
    const second = await s.next((m) => m.event === 'marks', { from: s.messages.indexOf(first) + 1 });
    expect(new Date(second.data.timestamp).getTime() - new Date(first.data.timestamp).getTime()).toBe(2_000);
    const live = await request(app.getHttpServer()).get(`/markets/${MARKET_A}/live`).set('X-API-Key', API_KEY).expect(200);
    expect(second.data).toEqual(live.body);
    await new Promise((r) => setTimeout(r, 1_200));
    expect(s.messages.filter((m) => m.event === 'marks')).toHaveLength(2);
  });

  it('sends one marks event per market for a multi-row statement (a bulk load), not one per snapshot', async () => {
    const s = await stream({ query: 'channels=marks' });
    await s.next((m) => m.event === 'hello');
    await new Promise((r) => setTimeout(r, 1_100)); // past the previous test's throttle
    const before = Number((await db.query(`SELECT max(id) AS id FROM stream_events`)).rows[0].id);
    await db.query(
      `INSERT INTO snapshots (perp_address, "timestamp", amm_price_x96) SELECT $1, now() + make_interval(secs => g), $2 FROM generate_series(100, 199) g`,
      [MARKET_B, Q96.toString()],
    );
    expect((await db.query(`SELECT count(*)::int AS n FROM stream_events WHERE id > $1`, [before])).rows[0].n).toBe(1);
    const mark = await s.next((m) => m.event === 'marks' && m.data.perp_address === MARKET_B);
    expect(new Date(mark.data.timestamp).getTime()).toBeGreaterThan(Date.now() + 190_000);
  });

  it('delivers a new indexed head when the cursor moves', async () => {
    const s = await stream({ query: 'channels=index' });
    await s.next((m) => m.event === 'hello');
    await db.query(
      `INSERT INTO chain_cursor (chain_id, genesis_hash, block_number, block_hash, block_timestamp, updated_at) VALUES (31337, $1, 42, $2, 1767225600, now())
       ON CONFLICT (chain_id) DO UPDATE SET block_number = EXCLUDED.block_number, block_hash = EXCLUDED.block_hash, block_timestamp = EXCLUDED.block_timestamp`,
      [`0x${'01'.repeat(32)}`, `0x${'42'.repeat(32)}`],
    );
    const head = await s.next((m) => m.event === 'index');
    expect(head.data).toEqual({ chain_id: 31337, block_number: 42, block_hash: `0x${'42'.repeat(32)}`, block_timestamp: 1767225600 });
  });

  it('replays what a client missed after its Last-Event-ID, in order, then goes on live', async () => {
    const first = await stream({ query: 'channels=trades' });
    await first.next((m) => m.event === 'hello');
    const seen = await trade(db, 1_000_000n);
    await first.next((m) => m.event === 'trades' && m.data.id === seen);
    const resumeFrom = first.lastEventId() as string;
    first.close();
    const missed = [await trade(db, 2_000_000n), await trade(db, 3_000_000n)];
    const second = await stream({ query: 'channels=trades', lastEventId: resumeFrom });
    // (hello carries no id when a replay follows; when the replica has not read the missed rows yet, they come live instead.)
    await second.next((m) => m.event === 'hello');
    await second.next((m) => m.event === 'trades' && m.data.id === missed[1]);
    expect(second.messages.filter((m) => m.event === 'trades').map((m) => m.data.id)).toEqual(missed);
    const live = await trade(db, 4_000_000n);
    await second.next((m) => m.event === 'trades' && m.data.id === live);
    expect(second.messages.filter((m) => m.event === 'trades').map((m) => m.data.id)).toEqual([...missed, live]);
    expect(second.messages.some((m) => m.event === 'reset')).toBe(false);
  });

  it('tells a client whose Last-Event-ID left the window to re-read, and one with a malformed id too', async () => {
    const first = await stream({ query: 'channels=trades,index' });
    await first.next((m) => m.event === 'hello');
    const seen = await trade(db, 1_000_000n);
    await first.next((m) => m.event === 'trades' && m.data.id === seen);
    const resumeFrom = first.lastEventId() as string;
    first.close();
    // A live subscriber shows when this replica's reader has read past the new trades: a client that
    // connects before that is ahead of the replica (it skips what it has), and this test is about
    // one that is behind the window.
    const watch = await stream({ query: 'channels=trades' });
    await watch.next((m) => m.event === 'hello');
    await db.query(`UPDATE stream_event_window SET events = 3`);
    try {
      let last = seen;
      for (let i = 0; i < 5; i++) last = await trade(db, 1_000_000n);
      expect((await db.query(`SELECT count(*)::int AS n FROM stream_events`)).rows[0].n).toBeLessThanOrEqual(3);
      await watch.next((m) => m.event === 'trades' && m.data.id === last);
      watch.close();
      const late = await stream({ query: 'channels=trades,index', lastEventId: resumeFrom });
      const reset = await late.next((m) => m.event === 'reset');
      expect(reset.data).toEqual({ channels: ['trades', 'index'], reason: 'gap', read: ['/markets/{perp_address}/trades', '/markets'] });
      expect(late.messages.filter((m) => m.event === 'trades')).toEqual([]);
      const malformed = await stream({ query: 'channels=trades', lastEventId: 'abc' });
      expect((await malformed.next((m) => m.event === 'reset')).data.reason).toBe('gap');
    } finally {
      await db.query(`UPDATE stream_event_window SET events = 100000`);
    }
  });

  it('turns a bulk statement of trades into one reset of the trades channel', async () => {
    const s = await stream({ query: 'channels=trades' });
    await s.next((m) => m.event === 'hello');
    await db.query(
      `INSERT INTO trades (perp_address, "timestamp", pos_id, was_liquidated, perp_delta, usd_delta) SELECT $1, now(), 1, false, -1, 1 FROM generate_series(1, 1001)`,
      [MARKET_A],
    );
    const reset = await s.next((m) => m.event === 'reset');
    expect(reset.data).toEqual({ channels: ['trades'], reason: 'bulk_write', read: ['/markets/{perp_address}/trades'] });
    expect(reset.id).toMatch(/^\d+$/);
  });

  it("sends candidates entering and leaving the list in the route's shape, after a reset on connect", async () => {
    const s = await stream({ query: `channels=candidates&perp_address=${MARKET_A}` });
    const reset = await s.next((m) => m.event === 'reset');
    expect(reset.data).toEqual({ channels: ['candidates'], reason: 'connected', read: ['/positions/liquidatable'] });
    // The replica's first refresh is the baseline the client read; wait for it through the route.
    await request(app.getHttpServer()).get('/positions/liquidatable').set('X-API-Key', API_KEY).expect(200);
    const row = (await db.query(`SELECT * FROM positions WHERE perp_address = $1 AND id = 3`, [MARKET_A])).rows[0];
    const setMargin = async (margin: bigint) => {
      const chain = { ...decodePositionChainRow(row), margin };
      await db.query(`UPDATE positions SET margin = $2, liq_mark_x96 = $3, liq_key_x96 = $4 WHERE perp_address = $1 AND id = 3`, [
        MARKET_A,
        margin.toString(),
        liquidationMarkX96(chain, chain.liqMarginRatioE6)?.toString(),
        liquidationKeyX96(chain, chain.liqMarginRatioE6)?.toString(),
      ]);
    };
    try {
      await setMargin(BigInt(row.margin) - 1_000_000n);
      const entered = await s.next((m) => m.event === 'candidate_enter', { timeoutMs: 5_000 });
      expect(entered.id).toBeUndefined();
      const page = await request(app.getHttpServer()).get(`/positions/liquidatable?perp_address=${MARKET_A}&limit=500`).set('X-API-Key', API_KEY).expect(200);
      expect(page.body.items).toContainEqual(entered.data);
      expect(entered.data).toMatchObject({ id: 3, perp_address: MARKET_A });
    } finally {
      await setMargin(BigInt(row.margin));
    }
    const left = await s.next((m) => m.event === 'candidate_leave', { timeoutMs: 5_000 });
    expect(left.data).toEqual({ id: 3, perp_address: MARKET_A, perp: MARKET_A });
  });

  it('diffs against the book already served when a candidates subscriber connects after the refresh has run', async () => {
    // The previous test's refreshes posted books; this subscriber's baseline is the latest of them, with no request in between.
    await new Promise((r) => setTimeout(r, 1_500));
    const s = await stream({ query: `channels=candidates&perp_address=${MARKET_A}` });
    await s.next((m) => m.event === 'reset');
    const row = (await db.query(`SELECT * FROM positions WHERE perp_address = $1 AND id = 3`, [MARKET_A])).rows[0];
    const chain = { ...decodePositionChainRow(row), margin: BigInt(row.margin) - 1_000_000n };
    const write = (margin: bigint, c: typeof chain) =>
      db.query(`UPDATE positions SET margin = $2, liq_mark_x96 = $3, liq_key_x96 = $4 WHERE perp_address = $1 AND id = 3`, [
        MARKET_A,
        margin.toString(),
        liquidationMarkX96(c, c.liqMarginRatioE6)?.toString(),
        liquidationKeyX96(c, c.liqMarginRatioE6)?.toString(),
      ]);
    try {
      await write(chain.margin, chain);
      expect((await s.next((m) => m.event === 'candidate_enter')).data).toMatchObject({ id: 3, perp_address: MARKET_A });
    } finally {
      await write(BigInt(row.margin), { ...chain, margin: BigInt(row.margin) });
    }
    await s.next((m) => m.event === 'candidate_leave');
  });

  it("the typed client's subscribe: typed events, and after a dropped connection a reconnect with Last-Event-ID that gets what was missed", async () => {
    const events: MarketStreamEvent[] = [];
    const sentIds: Array<string | null> = [];
    let bodies = 0;
    let dropFirst: (() => void) | undefined;
    // A fetch that records the Last-Event-ID sent and lets the test drop the first connection.
    const fetcher = (async (input: Parameters<typeof fetch>[0], init?: RequestInit) => {
      sentIds.push(new Headers(init?.headers).get('last-event-id'));
      const response = await fetch(input, init);
      if (bodies++ > 0 || !response.body) return response;
      // The first body goes through a pipe the test can break: the client sees its stream fail, the server its connection close.
      const broken = new AbortController();
      dropFirst = () => broken.abort();
      const { readable, writable } = new TransformStream<Uint8Array, Uint8Array>();
      response.body.pipeTo(writable, { signal: broken.signal }).catch(() => undefined);
      return new Response(readable, { status: response.status, headers: response.headers });
    }) as typeof fetch;
    const subscription = subscribeMarketStream({
      baseUrl: `http://127.0.0.1:${port}`,
      apiKey: API_KEY,
      channels: ['trades'],
      onEvent: (e) => events.push(e),
      fetch: fetcher,
    });
    const until = async (check: () => boolean) => {
      const deadline = Date.now() + 10_000;
      while (!check() && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
      expect(check()).toBe(true);
    };
    try {
      await until(() => events.some((e) => e.type === 'hello'));
      const first = await trade(db, 1_000_000n);
      await until(() => events.some((e) => e.type === 'trades' && e.data.id === first));
      const seenId = subscription.lastEventId;
      dropFirst?.();
      // Written while the client is away (it waits the server's retry, 2 s, before reconnecting).
      const missed = [await trade(db, 2_000_000n), await trade(db, 3_000_000n)];
      await until(() => missed.every((id) => events.some((e) => e.type === 'trades' && e.data.id === id)));
      expect(sentIds).toEqual([null, seenId]);
      const trades = events.filter((e): e is Extract<MarketStreamEvent, { type: 'trades' }> => e.type === 'trades');
      expect(trades.map((e) => e.data.id)).toEqual([first, ...missed]);
      expect(trades[1].data.usd_delta).toBe('2');
      expect(events.filter((e) => e.type === 'hello')).toHaveLength(2);
    } finally {
      subscription.close();
      await subscription.done;
    }
  });

  it("the typed client's subscribe ends on a refusal retrying cannot fix (422), with the error", async () => {
    const errors: Array<[string, boolean]> = [];
    const subscription = subscribeMarketStream({
      baseUrl: `http://127.0.0.1:${port}`,
      apiKey: API_KEY,
      channels: ['orders' as never],
      onEvent: () => undefined,
      onError: (error, willRetry) => errors.push([error.message, willRetry]),
    });
    await subscription.done;
    expect(errors).toEqual([[expect.stringMatching(/^422 validation_error: query\.channels/), false]]);
  });

  describe('limits', () => {
    let limited: NestFastifyApplication;
    let limitedPort: number;

    beforeAll(async () => {
      limited = await env.app({ STREAM_ADMIN_CONNECTIONS: '2', STREAM_BUFFER_BYTES: '1048576', STREAM_POLL_MS: '100' });
      await limited.listen(0, '127.0.0.1');
      limitedPort = portOf(limited);
    });

    it("refuses a connection beyond the key's limit with 429, and admits one again after a close", async () => {
      const a = await stream({ query: 'channels=index' }, limitedPort);
      const b = await stream({ query: 'channels=index' }, limitedPort);
      expect([a.status, b.status]).toEqual([200, 200]);
      const c = await stream({ query: 'channels=index' }, limitedPort);
      expect(c.status).toBe(429);
      expect(c.body).toEqual({ detail: 'Too many open streams for this API key (at most 2)' });
      expect(c.headers['retry-after']).toBe('5');
      a.close();
      await a.ended;
      await new Promise((r) => setTimeout(r, 100));
      const d = await stream({ query: 'channels=index' }, limitedPort);
      expect(d.status).toBe(200);
    });

    it('cuts a consumer that stops reading once its backlog passes STREAM_BUFFER_BYTES, and keeps serving the others', async () => {
      const cutBefore = (await streamMetrics.cut.get()).values[0]?.value ?? 0;
      const slow = await stream({ query: 'channels=trades' }, limitedPort);
      await slow.next((m) => m.event === 'hello');
      slow.response.pause();
      const fast = await stream({ query: 'channels=trades' }, limitedPort);
      await fast.next((m) => m.event === 'hello');
      // 60,000 trade events of ~330 bytes (~20 MB), 1,000 a statement (a writer's block): far beyond the socket buffers and the 1 MiB allowance.
      for (let i = 0; i < 60; i++) {
        await db.query(
          `INSERT INTO trades (perp_address, "timestamp", pos_id, was_liquidated, perp_delta, usd_delta) SELECT $1, now(), 1, false, -1, 1 FROM generate_series(1, 1000)`,
          [MARKET_A],
        );
      }
      const started = Date.now();
      while (((await streamMetrics.cut.get()).values[0]?.value ?? 0) === cutBefore && Date.now() - started < 20_000)
        await new Promise((r) => setTimeout(r, 100));
      expect((await streamMetrics.cut.get()).values[0]?.value).toBe(cutBefore + 1);
      // Reading again, the slow client finds its stream ended short of the last event.
      slow.response.resume();
      await slow.ended;
      const lastTrade = (await db.query(`SELECT max(id)::int AS id FROM trades`)).rows[0].id;
      expect(slow.messages.some((m) => m.event === 'trades' && m.data.id === lastTrade)).toBe(false);
      // The reading client got every event.
      await fast.next((m) => m.event === 'trades' && m.data.id === lastTrade, { timeoutMs: 20_000 });
    }, 60_000);
  });
});
