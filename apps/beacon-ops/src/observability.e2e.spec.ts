import { NestFastifyApplication } from '@nestjs/platform-fastify';
import { MetricsServer, startMetricsServer } from '@perp/http';
import { dashboardMetricNames, missingMetrics } from '@perp/http/testing';
import { getFreePort, PostgresServer, startTestPostgres } from '@perp/local-infra';
import { join } from 'node:path';
import { createBeaconOpsApp } from './create-app';
import { loadBeaconOpsSettings } from './settings';
import { anvilKey } from './test/anvil-keys';

const TOKEN = 'observability-token-0123456789abcdefghij';
const BEACON = '0x' + '5b'.repeat(20);
const DASHBOARD = join(__dirname, '..', '..', '..', 'docker', 'grafana', 'beacon-ops.json');

/** The app as deployed: JSON access log, request, pool and wallet-pool metrics, /metrics on its own listener. */
describe('beacon-ops logs and metrics', () => {
  let pg: PostgresServer;
  let app: NestFastifyApplication;
  let metrics: MetricsServer;
  let base: string;
  const written: string[] = [];

  beforeAll(async () => {
    pg = await startTestPostgres(['beacon_ops']);
    const settings = loadBeaconOpsSettings({
      BEACON_OPS_DATABASE_URL: pg.url('beacon_ops'),
      // A closed port: chain calls fail at once (502), which is all these tests need.
      RPC_URL: `http://user:rpc-secret-password@127.0.0.1:${await getFreePort()}`,
      BEACON_OPS_ACCESS_TOKENS: TOKEN,
      WALLET_PRIVATE_KEYS: [1, 2].map(anvilKey).join(','),
      SIGNER_PRIVATE_KEY: anvilKey(9),
      ALLOW_DEV_KEYS: 'true',
      REGISTRY_ADDRESS: '0x' + '01'.repeat(20),
      BEACON_FACTORY_ADDRESS: '0x' + '02'.repeat(20),
      VERIFIABLE_BEACON_FACTORY_ADDRESS: '0x' + '03'.repeat(20),
      MULTICALL3_ADDRESS: '0x' + '04'.repeat(20),
      BATCH_UPDATER_ADDRESS: '0x' + '05'.repeat(20),
    });
    app = await createBeaconOpsApp(settings, { logDestination: { write: (line: string) => void written.push(line) } });
    await app.listen(0, '127.0.0.1');
    base = `http://127.0.0.1:${(app.getHttpServer().address() as { port: number }).port}`;
    metrics = await startMetricsServer({ host: '127.0.0.1', port: 0 });
  }, 60_000);

  afterAll(async () => {
    await metrics?.close();
    await app?.close();
    await pg?.stop();
  });

  const register = (headers: Record<string, string>) =>
    fetch(`${base}/register_beacon`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${TOKEN}`, 'content-type': 'application/json', ...headers },
      body: JSON.stringify({ beacon_address: BEACON }),
    });

  it('serves every metric its Grafana dashboard names (the wallet pool metrics exist from boot)', async () => {
    expect((await fetch(`${base}/health`)).status).toBe(200);
    const text = await (await fetch(metrics.url)).text();
    const names = dashboardMetricNames(DASHBOARD);
    expect(names).toEqual(
      expect.arrayContaining(['beacon_ops_receipt_latency_seconds_bucket', 'beacon_ops_wallet_balance_eth', 'http_request_duration_seconds_count']),
    );
    expect(missingMetrics(names, text)).toEqual([]);
    expect(text).toMatch(/^http_request_duration_seconds_count\{method="GET",route="\/health",status="200"\} \d+$/m);
  });

  it('keeps /metrics off the API port', async () => {
    expect((await fetch(`${base}/metrics`)).status).toBe(404);
  });

  it('logs the access line with a token fingerprint and the request id on every line, and never the token or the RPC password', async () => {
    written.length = 0;
    const response = await register({ 'X-Request-Id': 'bo-trace-1' });
    await response.text();
    expect(response.headers.get('x-request-id')).toBe('bo-trace-1');
    const lines = written.map((line) => JSON.parse(line) as Record<string, unknown>);
    const access = lines.filter((line) => line['msg'] === 'request');
    expect(access).toEqual([
      expect.objectContaining({
        name: 'beacon-ops',
        reqId: 'bo-trace-1',
        method: 'POST',
        route: '/register_beacon',
        status: response.status,
        caller: expect.stringMatching(/^token:[0-9a-f]{12}$/),
      }),
    ]);
    // Lines written while serving it (a 5xx's cause) carry its id too.
    for (const line of lines.filter((l) => l['level'] === 'warn' || l['level'] === 'error')) expect(line['reqId']).toBe('bo-trace-1');
    const text = written.join('');
    expect(text).not.toContain(TOKEN);
    expect(text).not.toContain('rpc-secret-password');
  });
});
