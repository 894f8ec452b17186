import { execFile, spawn } from 'node:child_process';
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { EcdsaBeacon__factory, VerifiableBeacon__factory } from '@perp/contracts';
import { DEV_DEFAULTS } from '@perp/service';
import { getFreePort, waitUntil } from '@perp/local-infra';
import { JsonRpcProvider } from 'ethers';

const ROOT = join(__dirname, '..', '..');

function listening(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect({ host: '127.0.0.1', port });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

/** `npm start` end to end: everything comes up, answers, and Ctrl-C (SIGINT to the process group) leaves nothing running. */
describe('dev stack', () => {
  it('starts Postgres, anvil and both services, prints how to reach them, and stops everything on SIGINT', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'perp-dev-stack-'));
    chmodSync(dataDir, 0o755);
    const [postgres, anvil, marketData, beaconOps, marketDataMetrics, beaconOpsMetrics] = await Promise.all(Array.from({ length: 6 }, () => getFreePort()));
    // `npm start` itself (its prestart checks the ports and builds through Nx), in a process
    // group of its own so that Ctrl-C can be sent the way a terminal sends it.
    const stack = spawn('npm', ['start'], {
      cwd: ROOT,
      detached: true,
      env: {
        ...process.env,
        DEV_DATA_DIR: dataDir,
        DEV_POSTGRES_PORT: String(postgres),
        ANVIL_PORT: String(anvil),
        MARKET_DATA_PORT: String(marketData),
        BEACON_OPS_PORT: String(beaconOps),
        MARKET_DATA_METRICS_PORT: String(marketDataMetrics),
        BEACON_OPS_METRICS_PORT: String(beaconOpsMetrics),
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    stack.stdout.on('data', (chunk) => (output += chunk));
    stack.stderr.on('data', (chunk) => (output += chunk));
    const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
      stack.once('exit', (code, signal) => resolve({ code, signal })),
    );
    try {
      await waitUntil('the dev stack banner', async () => output.includes('Press Ctrl-C to stop everything.') || stack.exitCode !== null, {
        timeoutMs: 240_000,
        intervalMs: 500,
      });
      expect(stack.exitCode).toBeNull();
      expect(output).toContain(`market-data   http://127.0.0.1:${marketData}`);
      expect(output).toContain(`beacon-ops    http://127.0.0.1:${beaconOps}`);
      expect(output).toContain('X-API-Key: ');
      expect(output).toContain('Authorization: Bearer ');

      expect(output).toContain('npm run dev-token -- --sub alice');

      // Both metrics URLs are printed and answer Prometheus text.
      for (const port of [marketDataMetrics, beaconOpsMetrics]) {
        expect(output).toContain(`metrics: http://127.0.0.1:${port}/metrics`);
        const metrics = await fetch(`http://127.0.0.1:${port}/metrics`);
        expect(metrics.status).toBe(200);
        expect(await metrics.text()).toContain('# TYPE http_request_duration_seconds histogram');
      }

      // A developer token from the dev tool is accepted by the stack's market-data.
      const minted = await promisify(execFile)(process.execPath, ['-r', './tools/ts-register.js', 'tools/dev-token/main.ts', '--sub', 'alice'], {
        cwd: ROOT,
        env: { ...process.env, DEV_DATA_DIR: dataDir },
      });
      const token = minted.stdout.trim().split('\n').at(-1);
      const keys = await fetch(`http://127.0.0.1:${marketData}/auth/keys`, { headers: { Authorization: `Bearer ${token}` } });
      expect(keys.status).toBe(200);
      expect(await keys.json()).toEqual([]);

      // The demo market data is loaded and served: a newcomer sees real markets at once.
      expect(output).toContain('Loaded the demo market data: 10 markets');
      const markets = await fetch(`http://127.0.0.1:${marketData}/markets?limit=2`, { headers: { 'X-API-Key': DEV_DEFAULTS.adminApiKey } });
      expect(markets.status).toBe(200);
      const page = (await markets.json()) as { total: number; items: { perp_address: string; mark_price: string | null }[] };
      expect(page.total).toBe(10);
      expect(page.items).toHaveLength(2);
      const candidates = await fetch(`http://127.0.0.1:${marketData}/positions/liquidatable?limit=1`, { headers: { 'X-API-Key': DEV_DEFAULTS.adminApiKey } });
      expect(candidates.status).toBe(200);

      for (const port of [marketData, beaconOps]) {
        const health = await fetch(`http://127.0.0.1:${port}/health`);
        expect(await health.json()).toEqual({ status: 'ok' });
        expect((await fetch(`http://127.0.0.1:${port}/ready`)).status).toBe(200);
        expect((await fetch(`http://127.0.0.1:${port}/openapi.json`)).status).toBe(200);
      }

      // The contracts are deployed and beacon-ops knows them: one ECDSA update through it lands on chain.
      expect(output).toContain('Groth16VerifierAdapter -> Groth16Verifier');
      expect(output).toContain(`curl -X POST http://127.0.0.1:${beaconOps}/update_beacon_with_ecdsa_adapter`);
      // GET / is the envelope; the service information is in data (with the route list).
      const root = (await (await fetch(`http://127.0.0.1:${beaconOps}/`)).json()) as { success: boolean; data: { contracts: Record<string, string | null> } };
      expect(root.success).toBe(true);
      const info = root.data;
      expect(Object.values(info.contracts).every((address) => /^0x[0-9a-f]{40}$/.test(address ?? ''))).toBe(true);
      const beacon = info.contracts['demo_ecdsa_beacon'] as string;
      const accessToken = /auth: header {2}Authorization: Bearer (\S+)/.exec(output)?.[1];
      const update = await fetch(`http://127.0.0.1:${beaconOps}/update_beacon_with_ecdsa_adapter`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${accessToken}`, 'Content-Type': 'application/json' },
        body: JSON.stringify({ beacon_address: beacon, measurement: '42' }),
      });
      expect(await update.json()).toEqual({ success: true, data: expect.stringMatching(/^Transaction hash: 0x[0-9a-f]{64}$/), message: 'OK' });
      const chain = new JsonRpcProvider(`http://127.0.0.1:${anvil}`, undefined, { staticNetwork: true });
      try {
        expect(await EcdsaBeacon__factory.connect(beacon, chain).index()).toBe(42n);

        // The README flow: prove a value for the demo ZK beacon, post the printed body to /update_beacon.
        const zkBeacon = info.contracts['demo_zk_beacon'] as string;
        expect(output).toContain(`npm run -s prove -- --measurements 1,2,3,4 --beacon ${zkBeacon} | curl -X POST http://127.0.0.1:${beaconOps}/update_beacon`);
        const proved = await promisify(execFile)(
          process.execPath,
          ['-r', './tools/ts-register.js', 'tools/prove/main.ts', '--measurements', '1,2,3,4', '--beacon', zkBeacon],
          { cwd: ROOT },
        );
        const zkUpdate = await fetch(`http://127.0.0.1:${beaconOps}/update_beacon`, {
          method: 'POST',
          headers: { Authorization: `Bearer ${accessToken}`, 'Content-Type': 'application/json' },
          body: proved.stdout,
        });
        expect(await zkUpdate.json()).toEqual({ success: true, data: expect.stringMatching(/^Transaction hash: 0x[0-9a-f]{64}$/), message: 'OK' });
        expect((await VerifiableBeacon__factory.connect(zkBeacon, chain).getData())[0]).toBe((5n << 96n) / 2n); // the mean 2.5
      } finally {
        chain.destroy();
      }
    } finally {
      process.kill(-(stack.pid as number), 'SIGINT');
      const { code, signal } = await exited;
      // npm ends by the signal it was sent, as in a terminal; the stack itself must have stopped cleanly.
      if (!output.includes('\nStopped.\n')) console.error(output);
      expect(code === 0 || signal === 'SIGINT').toBe(true);
      expect(output).toContain('\nStopped.\n');
      for (const port of [postgres, anvil, marketData, beaconOps]) expect(await listening(port)).toBe(false);
      // No process of the group outlives it (Postgres, anvil and both services included).
      expect(() => process.kill(-(stack.pid as number), 0)).toThrow();
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 300_000);
});
