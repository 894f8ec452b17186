import { NestFastifyApplication } from '@nestjs/platform-fastify';
import { MetricsServer, startMetricsServer } from '@perp/http';
import { dashboardMetricNames, missingMetrics } from '@perp/http/testing';
import { runIndexDbMigrations } from '@perp/index-db';
import { DevSigningKey, ensureDevSigningKey, PostgresServer, startTestPostgres } from '@perp/local-infra';
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from 'pg';
import { createMarketDataApp } from './create-app';
import { address, insertMarket } from './markets/test/market-fixtures';
import { loadMarketDataSettings } from './settings';
import { storeSettingsEnv } from './test/store-settings-env';

const ADMIN_KEY = 'observability-admin-key-0123456789abcdef';
const MARKET = address('0b5e');
const DASHBOARD = join(__dirname, '..', '..', '..', 'docker', 'grafana', 'market-data.json');

/** The app as deployed: JSON access log, request, pool and cache metrics, /metrics on its own listener. */
describe('market-data logs and metrics', () => {
  let pg: PostgresServer;
  let app: NestFastifyApplication;
  let metrics: MetricsServer;
  let base: string;
  let dataDir: string;
  let signing: DevSigningKey;
  const written: string[] = [];

  beforeAll(async () => {
    pg = await startTestPostgres(['perp_index', 'perp_source', 'market_data']);
    await runIndexDbMigrations(pg.url('perp_index'), pg.url('perp_source'));
    const index = new Client({ connectionString: pg.url('perp_index') });
    await index.connect();
    await insertMarket(index, { perp_address: MARKET, ticker: 'OBS' });
    await index.end();
    dataDir = mkdtempSync(join(tmpdir(), 'md-observability-'));
    chmodSync(dataDir, 0o755);
    signing = ensureDevSigningKey(dataDir);
    const settings = loadMarketDataSettings(storeSettingsEnv(pg, signing, ADMIN_KEY, { LOG_LEVEL: 'info' }));
    app = await createMarketDataApp(settings, { logDestination: { write: (line: string) => void written.push(line) } });
    await app.listen(0, '127.0.0.1');
    base = `http://127.0.0.1:${(app.getHttpServer().address() as { port: number }).port}`;
    metrics = await startMetricsServer({ host: '127.0.0.1', port: 0 });
  }, 60_000);

  afterAll(async () => {
    await metrics?.close();
    await app?.close();
    await pg?.stop();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  const get = (path: string, headers: Record<string, string> = {}) => fetch(base + path, { headers: { 'X-API-Key': ADMIN_KEY, ...headers } });

  it('serves every metric its Grafana dashboard names, with the request and cache series of real traffic', async () => {
    for (let i = 0; i < 3; i++) expect((await get(`/markets/${MARKET}`)).status).toBe(200);
    // The same memoised read behind another route (404: no snapshot yet): a memo hit.
    expect((await get(`/markets/${MARKET}/live`)).status).toBe(404);
    expect((await get('/no/such/route')).status).toBe(404);
    const response = await fetch(metrics.url);
    expect(response.status).toBe(200);
    const text = await response.text();
    const names = dashboardMetricNames(DASHBOARD);
    expect(names).toEqual(expect.arrayContaining(['http_request_duration_seconds_bucket', 'db_pool_connections', 'market_data_cache_requests_total']));
    expect(missingMetrics(names, text)).toEqual([]);
    expect(text).toMatch(/^http_request_duration_seconds_count\{method="GET",route="\/markets\/:perp_address",status="200"\} 3$/m);
    expect(text).toMatch(/^http_request_duration_seconds_count\{method="GET",route="\(unmatched\)",status="404"\} 1$/m);
    // At least one of each: on a loaded machine a reuse window can lapse between the requests above,
    // which turns a replay into a memo read (once seen: 2 hits).
    expect(text).toMatch(/^market_data_cache_requests_total\{cache="market",result="hit"\} [1-9]\d*$/m);
    expect(text).toMatch(/^market_data_cache_requests_total\{cache="market",result="miss"\} [1-9]\d*$/m);
    expect(text).toMatch(/^market_data_cache_refresh_age_seconds\{cache="market"\} /m);
    expect(text).toMatch(/^db_pool_connections\{store="index",state="idle"\} \d+$/m);
    expect(text).toMatch(/^db_pool_waiting_requests\{store="index"\} 0$/m);
  });

  it('replays a cached read only after authentication, with its ETag and 304', async () => {
    const first = await get(`/markets/${MARKET}`);
    const body = await first.text();
    const etag = first.headers.get('etag') ?? '';
    // Within the reuse window: the same bytes and headers, still authenticated per request.
    const again = await get(`/markets/${MARKET}`);
    expect(await again.text()).toBe(body);
    expect(again.headers.get('etag')).toBe(etag);
    expect(again.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(again.headers.get('cache-control')).toBe('private, max-age=1');
    expect((await fetch(`${base}/markets/${MARKET}`)).status).toBe(401);
    expect((await fetch(`${base}/markets/${MARKET}`, { headers: { 'X-API-Key': 'mdk_not_a_key_0123456789abcdefghijklmnopqrstuv' } })).status).toBe(401);
    const notModified = await get(`/markets/${MARKET}`, { 'If-None-Match': etag });
    expect(notModified.status).toBe(304);
  });

  it('keeps /metrics off the API port', async () => {
    expect((await get('/metrics')).status).toBe(404);
  });

  it('logs one JSON access line per request with the caller and the request id, and never the key', async () => {
    written.length = 0;
    const response = await get(`/markets/${MARKET}/live`, { 'X-Request-Id': 'obs-trace-1' });
    expect(response.headers.get('x-request-id')).toBe('obs-trace-1');
    await response.text();
    const access = written.map((line) => JSON.parse(line) as Record<string, unknown>).filter((line) => line['msg'] === 'request');
    expect(access).toEqual([
      expect.objectContaining({ name: 'market-data', reqId: 'obs-trace-1', method: 'GET', route: '/markets/:perp_address/live', caller: 'admin' }),
    ]);
    expect(written.join('')).not.toContain(ADMIN_KEY);
  });
});
