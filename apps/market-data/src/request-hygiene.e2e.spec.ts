import { NestFastifyApplication } from '@nestjs/platform-fastify';
import { DEV_JWT } from '@perp/auth';
import { FuzzDocument, fuzzRequestArbitrary, quietestStall, sendFuzzRequest, STALL_BOUND_MS } from '@perp/http/testing';
import { runIndexDbMigrations } from '@perp/index-db';
import { DevSigningKey, ensureDevSigningKey, PostgresServer, signDevToken, startTestPostgres } from '@perp/local-infra';
import fc from 'fast-check';
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from 'pg';
import { createMarketDataApp } from './create-app';
import { address, insertMarket } from './markets/test/market-fixtures';
import { loadMarketDataSettings } from './settings';
import { storeSettingsEnv } from './test/store-settings-env';

const ADMIN_KEY = 'request-hygiene-admin-key-0123456789abcdef';
const REQUEST_TIMEOUT_MS = 2000;
const MARKET = address('a11ce');
const TICKER = 'ALICE';
const FUZZ_RUNS = 10_000;
/** On a loaded 2-core CI machine 10,000 requests once overran the test's timeout: the fuzz stops at this budget instead, and must still have sent FUZZ_MIN_RUNS. */
const FUZZ_TIME_LIMIT_MS = 75_000;
const FUZZ_MIN_RUNS = 1_000;

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- error bodies are checked field by field
const json = async (res: Response): Promise<any> => res.json();

/** A request whose body arrives one byte per `everyMs`: resolves with the raw answer when the server closes. */
function slowBody(port: number, path: string, headers: Record<string, string>, everyMs: number): Promise<{ answer: string; ms: number }> {
  const started = Date.now();
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    let answer = '';
    let timer: NodeJS.Timeout | undefined;
    socket.on('connect', () => {
      const lines = Object.entries({ ...headers, 'Content-Type': 'application/json', 'Content-Length': '1000', Host: 'x' }).map(([k, v]) => `${k}: ${v}`);
      socket.write(`POST ${path} HTTP/1.1\r\n${lines.join('\r\n')}\r\n\r\n{`);
      timer = setInterval(() => socket.writable && socket.write(' '), everyMs);
    });
    socket.on('data', (chunk) => (answer += chunk.toString()));
    const done = () => {
      clearInterval(timer);
      resolve({ answer, ms: Date.now() - started });
    };
    socket.on('close', done);
    socket.on('error', done);
  });
}

/** market-data under hostile input, on real Postgres and real HTTP: never a 5xx, always `{"detail": ...}`. */
describe('market-data request hygiene', () => {
  let pg: PostgresServer;
  let app: NestFastifyApplication;
  let base: string;
  let port: number;
  let dataDir: string;
  let signing: DevSigningKey;
  let headers: Record<string, string>;

  beforeAll(async () => {
    pg = await startTestPostgres(['perp_index', 'perp_source', 'market_data']);
    await runIndexDbMigrations(pg.url('perp_index'), pg.url('perp_source'));
    const index = new Client({ connectionString: pg.url('perp_index') });
    await index.connect();
    await insertMarket(index, { perp_address: MARKET, ticker: TICKER });
    await index.end();
    dataDir = mkdtempSync(join(tmpdir(), 'md-hygiene-'));
    chmodSync(dataDir, 0o755);
    signing = ensureDevSigningKey(dataDir);
    const settings = loadMarketDataSettings(
      storeSettingsEnv(pg, signing, ADMIN_KEY, {
        HTTP_HEADERS_TIMEOUT_MS: '1000',
        HTTP_REQUEST_TIMEOUT_MS: String(REQUEST_TIMEOUT_MS),
      }),
    );
    app = await createMarketDataApp(settings, { logger: false });
    await app.listen(0, '127.0.0.1');
    port = (app.getHttpServer().address() as { port: number }).port;
    base = `http://127.0.0.1:${port}`;
    const token = signDevToken(signing, { sub: 'fuzzer', issuer: DEV_JWT.issuer, audience: DEV_JWT.audience });
    headers = { 'X-API-Key': ADMIN_KEY, Authorization: `Bearer ${token}` };
  }, 60_000);

  afterAll(async () => {
    await app?.close();
    await pg?.stop();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  const post = (path: string, body: string) => fetch(base + path, { method: 'POST', headers: { ...headers, 'content-type': 'application/json' }, body });

  it('answers a 1 MB body of 95k keys with 413 at once, without stalling the event loop', async () => {
    const body = `{${Array.from({ length: 95_000 }, (_, i) => `"k${i}":1`).join(',')},"name":"x"}`;
    expect(body.length).toBeGreaterThan(1_000_000);
    let res: Response | undefined;
    const stall = await quietestStall(async () => {
      res = await post('/auth/keys', body);
      await res.text();
    });
    expect(res?.status).toBe(413);
    expect(stall).toBeLessThan(STALL_BOUND_MS);
  });

  it('answers an oversized body 413 in its own shape, and a nested one 422 json_invalid, both cheaply', async () => {
    const big = await post('/admin/keys', JSON.stringify({ name: 'x'.repeat(5000) }));
    expect(big.status).toBe(413);
    expect(await big.json()).toEqual({ detail: 'Request body is too large' });
    const deep = '['.repeat(2000) + ']'.repeat(2000);
    let res: Response | undefined;
    const stall = await quietestStall(async () => {
      res = await post('/admin/keys', deep);
    });
    expect(res?.status).toBe(422);
    expect((await json(res as Response)).detail[0]).toMatchObject({ type: 'json_invalid', loc: ['body', 32], ctx: { error: 'Nesting deeper than 32 levels' } });
    expect(stall).toBeLessThan(STALL_BOUND_MS);
  });

  it('cuts off a body sent one byte at a time after HTTP_REQUEST_TIMEOUT_MS, with 408 {"detail"}', async () => {
    const { answer, ms } = await slowBody(port, '/auth/keys', headers, 500);
    expect(answer).toMatch(/^HTTP\/1\.1 408 /);
    expect(JSON.parse(answer.slice(answer.indexOf('\r\n\r\n') + 4))).toEqual({ detail: 'Request timeout: the request did not arrive in time' });
    expect(ms).toBeGreaterThanOrEqual(REQUEST_TIMEOUT_MS - 100);
    expect(ms).toBeLessThan(REQUEST_TIMEOUT_MS + 1500);
  });

  it.each([
    '/markets',
    `/markets/${MARKET}/snapshots`,
    `/markets/${MARKET}/trades`,
    `/markets/${MARKET}/funding`,
    `/markets/${MARKET}/open-interest`,
    `/markets/${TICKER}/history`,
    '/positions',
    '/positions/liquidatable',
    `/trades?holder=${MARKET}&`,
    '/v1/markets',
    `/v1/markets/${MARKET}/oi`,
    `/v1/markets/${MARKET}/snapshots`,
    `/v1/markets/${MARKET}/trades`,
    '/v1/positions',
    '/v1/positions/liquidatable',
  ])('answers offset=2^63 on %s with 422', async (path) => {
    const res = await fetch(`${base}${path}${path.endsWith('&') ? '' : '?'}offset=9223372036854775808`, { headers });
    expect(res.status).toBe(422);
    expect((await json(res)).detail[0]).toMatchObject({ loc: ['query', 'offset'], input: '9223372036854775808' });
  });

  it('answers offset=2^63 on the candles with 422', async () => {
    const res = await fetch(`${base}/markets/${MARKET}/candles?resolution=1m&offset=9223372036854775808`, { headers });
    expect(res.status).toBe(422);
    expect((await json(res)).detail).toEqual([expect.objectContaining({ loc: ['query', 'offset'], input: '9223372036854775808' })]);
  });

  it('answers NUL bytes in q, a ticker and a key name with 422', async () => {
    const q = await fetch(`${base}/markets?q=a%00b`, { headers });
    expect(q.status).toBe(422);
    expect((await json(q)).detail[0]).toMatchObject({ type: 'string_unicode', loc: ['query', 'q'] });
    const ticker = await fetch(`${base}/markets/A%00B/history`, { headers });
    expect(ticker.status).toBe(422);
    expect((await json(ticker)).detail[0]).toMatchObject({ type: 'string_unicode', loc: ['path', 'ticker'] });
    for (const path of ['/auth/keys', '/admin/keys', '/v1/admin/keys']) {
      const res = await post(path, JSON.stringify({ name: 'bot\u0000' }));
      expect(res.status).toBe(422);
      expect((await json(res)).detail[0]).toMatchObject({ type: 'string_unicode', loc: ['body', 'name'] });
    }
    const surrogate = await post('/auth/keys', '{"name": "bot\\ud800"}');
    expect(surrogate.status).toBe(422);
  });

  it(`fuzzes every documented route (${FUZZ_RUNS} requests, or as many as ${FUZZ_TIME_LIMIT_MS / 1000} s allow): no 5xx, every error as {"detail": ...}`, async () => {
    const document = (await (await fetch(`${base}/openapi.json`)).json()) as FuzzDocument;
    const requests = fuzzRequestArbitrary(document, {
      strings: [MARKET, MARKET.toUpperCase(), TICKER, '1', '100', 'desc', 'largest_reward', 'true', '1m', '1d'],
    });
    const seen = new Map<string, number>();
    let runs = 0;
    await fc.assert(
      fc.asyncProperty(requests, async (request) => {
        const { status, text } = await sendFuzzRequest(base, request, headers);
        seen.set(request.operation, (seen.get(request.operation) ?? 0) + 1);
        runs++;
        const where = `${request.method} ${request.url} -> ${status} ${text.slice(0, 300)}`;
        if (status >= 500) throw new Error(`server error: ${where}`);
        // An opened /stream answers its retry field first (sendFuzzRequest closes it after the first chunk).
        if (status === 200 && request.operation === 'GET /stream' && !text.startsWith('retry: ')) throw new Error(`stream without its preamble: ${where}`);
        if (status >= 400) {
          const body = JSON.parse(text) as { detail?: unknown };
          if (body.detail === undefined) throw new Error(`error without detail: ${where}`);
          if (
            status === 422 &&
            !(Array.isArray(body.detail) && body.detail.every((d) => typeof d.type === 'string' && Array.isArray(d.loc) && typeof d.msg === 'string'))
          ) {
            throw new Error(`422 without FastAPI items: ${where}`);
          }
        }
      }),
      { numRuns: FUZZ_RUNS, interruptAfterTimeLimit: FUZZ_TIME_LIMIT_MS },
    );
    expect(runs).toBeGreaterThanOrEqual(FUZZ_MIN_RUNS);
    // Every documented operation was exercised.
    expect([...seen.keys()].length).toBe(Object.values(document.paths as Record<string, object>).reduce((n, item) => n + Object.keys(item).length, 0));
  }, 110_000);
});
