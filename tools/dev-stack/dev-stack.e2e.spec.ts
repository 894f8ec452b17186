import { execFile, spawn } from 'node:child_process';
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { EcdsaBeacon__factory, VerifiableBeacon__factory } from '@perp/contracts';
import { DEV_DEFAULTS } from '@perp/dev-defaults';
import { getFreePort, waitUntil, withPgClient } from '@perp/local-infra';
import { JsonRpcProvider } from 'ethers';
import { auditIndex } from '../audit-index/index-audit';
import { readRecord } from './dev-chain-record';

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

interface RunningStack {
  output(): string;
  stop(): Promise<void>;
}

/**
 * `npm start` itself (its prestart checks the ports and builds through Nx), in a process group of
 * its own so that Ctrl-C can be sent the way a terminal sends it; resolves once the banner is out.
 */
async function startStack(env: NodeJS.ProcessEnv, ports: number[]): Promise<RunningStack> {
  const stack = spawn('npm', ['start'], { cwd: ROOT, detached: true, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  stack.stdout.on('data', (chunk) => (output += chunk));
  stack.stderr.on('data', (chunk) => (output += chunk));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    stack.once('exit', (code, signal) => resolve({ code, signal })),
  );
  const stop = async () => {
    process.kill(-(stack.pid as number), 'SIGINT');
    const { code, signal } = await exited;
    // npm ends by the signal it was sent, as in a terminal; the stack itself must have stopped cleanly.
    if (!output.includes('\nStopped.\n')) console.error(output);
    expect(code === 0 || signal === 'SIGINT').toBe(true);
    expect(output).toContain('\nStopped.\n');
    for (const port of ports) expect(await listening(port)).toBe(false);
    // No process of the group outlives it (Postgres, anvil, the indexer and both services included).
    expect(() => process.kill(-(stack.pid as number), 0)).toThrow();
  };
  try {
    await waitUntil('the dev stack banner', async () => output.includes('Press Ctrl-C to stop everything.') || stack.exitCode !== null, {
      timeoutMs: 300_000,
      intervalMs: 500,
    });
    expect(stack.exitCode).toBeNull();
  } catch (error) {
    await stop().catch(() => undefined);
    throw error;
  }
  return { output: () => output, stop };
}

/** `npm start` end to end: everything comes up, answers, and Ctrl-C (SIGINT to the process group) leaves nothing running. */
describe('dev stack', () => {
  it('drives Perp City onto anvil, indexes it, serves it, stops on SIGINT; a second and a third start resume the same chain', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'perp-dev-stack-'));
    chmodSync(dataDir, 0o755);
    const [postgres, anvil, marketData, beaconOps, marketDataMetrics, beaconOpsMetrics, indexer] = await Promise.all(
      Array.from({ length: 7 }, () => getFreePort()),
    );
    const env = {
      DEV_DATA_DIR: dataDir,
      DEV_POSTGRES_PORT: String(postgres),
      ANVIL_PORT: String(anvil),
      MARKET_DATA_PORT: String(marketData),
      BEACON_OPS_PORT: String(beaconOps),
      MARKET_DATA_METRICS_PORT: String(marketDataMetrics),
      BEACON_OPS_METRICS_PORT: String(beaconOpsMetrics),
      INDEXER_PORT: String(indexer),
    };
    const ports = [postgres, anvil, marketData, beaconOps, indexer];
    const indexUrl = `postgres://postgres@127.0.0.1:${postgres}/${DEV_DEFAULTS.databases.index}`;
    const cursor = async () =>
      withPgClient(indexUrl, async (c) => Number((await c.query('SELECT block_number FROM chain_cursor')).rows[0]?.block_number ?? -1));
    // First start: a still chain (no live load), so that what it serves can be compared exactly.
    const first = await startStack({ ...env, DEV_LIVE_LOAD: 'false' }, ports);
    let firstCursor: number;
    let perps: string[];
    try {
      const output = first.output();
      expect(output).toContain(`market-data   http://127.0.0.1:${marketData}`);
      expect(output).toContain(`beacon-ops    http://127.0.0.1:${beaconOps}`);
      expect(output).toContain('X-API-Key: ');
      expect(output).toContain('Authorization: Bearer ');
      expect(output).toContain('npm run dev-token -- --sub alice');
      expect(output).toMatch(/Perp City {5}factory 0x[0-9a-fA-F]{40} {3}\(the protocol double on the local anvil; deployed and driven now\)/);
      expect(output).toContain(`indexer: http://127.0.0.1:${indexer}/ready`);

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

      // The markets served are contracts on the chain, written by the indexer, with their cosmetic fields.
      const markets = await fetch(`http://127.0.0.1:${marketData}/markets?limit=10`, { headers: { 'X-API-Key': DEV_DEFAULTS.adminApiKey } });
      expect(markets.status).toBe(200);
      const page = (await markets.json()) as { total: number; items: { perp_address: string; ticker: string | null; beacon_address: string }[] };
      expect(page.total).toBe(3);
      expect(page.items.map((m) => m.ticker).sort()).toEqual(['CPI', 'GAS', 'HASH']);
      perps = page.items.map((m) => m.perp_address);
      const chain = new JsonRpcProvider(`http://127.0.0.1:${anvil}`, undefined, { staticNetwork: true });
      try {
        for (const perp of perps) expect((await chain.getCode(perp)).length).toBeGreaterThan(2);
        const history = await fetch(`http://127.0.0.1:${marketData}/markets/HASH/history?limit=1`, { headers: { 'X-API-Key': DEV_DEFAULTS.adminApiKey } });
        expect(((await history.json()) as { total: number }).total).toBeGreaterThan(168);
        const candidates = await fetch(`http://127.0.0.1:${marketData}/positions/liquidatable?limit=1`, { headers: { 'X-API-Key': DEV_DEFAULTS.adminApiKey } });
        expect(candidates.status).toBe(200);

        for (const port of [marketData, beaconOps]) {
          const health = await fetch(`http://127.0.0.1:${port}/health`);
          expect(await health.json()).toEqual({ status: 'ok' });
          expect((await fetch(`http://127.0.0.1:${port}/ready`)).status).toBe(200);
          expect((await fetch(`http://127.0.0.1:${port}/openapi.json`)).status).toBe(200);
        }
        expect((await fetch(`http://127.0.0.1:${indexer}/ready`)).status).toBe(200);

        // The banner's ECDSA update, through beacon-ops, lands on the demo beacon, which is market 0's
        // oracle: the indexer then writes that market's index.
        expect(output).toContain('Groth16VerifierAdapter -> Groth16Verifier');
        const printed = /update_beacon_with_ecdsa_adapter .* -d '(\{[^']*\})'/.exec(output)?.[1] as string;
        const { beacon_address: beacon, measurement } = JSON.parse(printed) as { beacon_address: string; measurement: string };
        const market0 = page.items.find((m) => m.beacon_address === beacon);
        expect(market0?.ticker).toBe('HASH');
        const accessToken = /auth: header {2}Authorization: Bearer (\S+)/.exec(output)?.[1];
        const update = await fetch(`http://127.0.0.1:${beaconOps}/update_beacon_with_ecdsa_adapter`, {
          method: 'POST',
          headers: { Authorization: `Bearer ${accessToken}`, 'Content-Type': 'application/json' },
          body: printed,
        });
        expect(await update.json()).toEqual({
          success: true,
          data: expect.stringMatching(/^Transaction hash: 0x[0-9a-f]{64}$/),
          message: 'OK',
          confirmed: true,
        });
        expect(await EcdsaBeacon__factory.connect(beacon, chain).index()).toBe(BigInt(measurement));
        await waitUntil(
          'the new index in the store',
          async () =>
            withPgClient(
              indexUrl,
              async (c) => (await c.query('SELECT index_price_x96 FROM markets WHERE beacon_address = $1', [beacon])).rows[0]?.index_price_x96 === measurement,
            ),
          { timeoutMs: 30_000, intervalMs: 200 },
        );

        // The README flow: prove a value for the demo ZK beacon, post the printed body to /update_beacon.
        const root = (await (await fetch(`http://127.0.0.1:${beaconOps}/`)).json()) as { data: { contracts: Record<string, string | null> } };
        const zkBeacon = root.data.contracts['demo_zk_beacon'] as string;
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
        expect(await zkUpdate.json()).toEqual({
          success: true,
          data: expect.stringMatching(/^Transaction hash: 0x[0-9a-f]{64}$/),
          message: 'OK',
          confirmed: true,
        });
        expect((await VerifiableBeacon__factory.connect(zkBeacon, chain).getData())[0]).toBe((5n << 96n) / 2n); // the mean 2.5
        firstCursor = await cursor();
      } finally {
        chain.destroy();
      }
    } finally {
      await first.stop();
    }

    // A start in between, still: a chain loaded, dumped and loaded again keeps its genesis block
    // (anvil rebuilds block 0 from its settings on such a load: the record's genesis timestamp is
    // passed again), so the next start resumes too.
    const between = await startStack({ ...env, DEV_LIVE_LOAD: 'false' }, ports);
    try {
      expect(between.output()).toContain(`resumed from ${join(dataDir, 'chain')}`);
    } finally {
      await between.stop();
    }

    // Second start: the same chain and index, resumed (no deployment, no drive, nothing re-indexed);
    // the live load then trades, and the indexer follows.
    const second = await startStack({ ...env, DEV_LIVE_LOAD_INTERVAL_MS: '200' }, ports);
    try {
      const output = second.output();
      expect(output).toContain(`resumed from ${join(dataDir, 'chain')}`);
      expect(output).not.toContain('Driving the chain-demo preset');
      expect(output).not.toContain('index store cursor created');
      const markets = await fetch(`http://127.0.0.1:${marketData}/markets?limit=10`, { headers: { 'X-API-Key': DEV_DEFAULTS.adminApiKey } });
      expect(((await markets.json()) as { items: { perp_address: string }[] }).items.map((m) => m.perp_address).sort()).toEqual([...perps].sort());
      await waitUntil('the live load mined and indexed', async () => (await cursor()) > firstCursor + 3, { timeoutMs: 60_000, intervalMs: 250 });
      // The index equals the chain while the live load mines on (a block every 200 ms): a block read
      // at anvil's head is read again if the head moved under it (anvil answers a head read from the
      // block it is mining), and the audit re-reads what it read at the head.
      const report = await auditIndex({
        rpcUrl: `http://127.0.0.1:${anvil}`,
        indexUrl,
        poolManager: readRecord(join(dataDir, 'chain', 'record.json'))!.driven.poolManager,
        marketData: { baseUrl: `http://127.0.0.1:${marketData}`, apiKey: DEV_DEFAULTS.adminApiKey },
      });
      expect(report.disagreements).toEqual([]);
      expect(report.block).toBeGreaterThan(firstCursor + 3);
    } finally {
      await second.stop();
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 600_000);
});
