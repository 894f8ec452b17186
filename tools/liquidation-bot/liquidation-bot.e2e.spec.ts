import { execFile, spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { decodePositionChainRow, liquidationKeyX96, liquidationMarkX96 } from '@perp/index-db';
import { ensureDevSigningKey, getFreePort, ManagedProcess, PostgresServer, startTestPostgres, withPgClient } from '@perp/local-infra';
import { createMarketDataClient } from '@perp/market-data-client';
import { PRESETS, runSimulation } from '@perp/market-sim';
import { devServiceEnv } from '@perp/service';
import { startApp } from '../dev-stack/service-process';
import { compareDecimals } from './decimal-compare';
import type { ScanReport } from './liquidation-scan';

const ROOT = join(__dirname, '..', '..');
const API_KEY = 'liquidation-bot-test-admin-key-0123456789';

/**
 * The example bot as `npm run liquidation-bot` runs it (its own process), against the built
 * market-data app on a Postgres filled by the simulator's small preset: every candidate is
 * read once across the pages and gets a verdict that agrees with its figures.
 */
describe('tools/liquidation-bot', () => {
  let pg: PostgresServer;
  let app: ManagedProcess;
  let dataDir: string;
  let baseUrl: string;

  beforeAll(async () => {
    pg = await startTestPostgres(['perp_index', 'perp_source', 'market_data']);
    const preset = PRESETS['small'];
    const end = Math.floor(Date.now() / 1000 / preset.intervalSeconds) * preset.intervalSeconds;
    await runSimulation({ preset, seed: '11', end, indexUrl: pg.url('perp_index'), sourceUrl: pg.url('perp_source') });
    dataDir = mkdtempSync(join(tmpdir(), 'liquidation-bot-'));
    chmodSync(dataDir, 0o755);
    const port = await getFreePort();
    app = await startApp('market-data', port, {
      ...devServiceEnv(),
      PATH: process.env['PATH'],
      INDEX_DATABASE_URL: pg.url('perp_index'),
      SOURCE_DATABASE_URL: pg.url('perp_source'),
      MARKET_DATA_DATABASE_URL: pg.url('market_data'),
      ADMIN_API_KEYS: API_KEY,
      JWT_JWKS_FILE: ensureDevSigningKey(dataDir).files.jwks,
      MARKET_DATA_PORT: String(port),
      METRICS_PORT: '0',
    });
    baseUrl = `http://127.0.0.1:${port}`;
  }, 180_000);

  afterAll(async () => {
    await app?.stop();
    await pg?.stop();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  it('pages through every candidate and confirms each one', async () => {
    const { total } = await createMarketDataClient({ baseUrl, apiKey: API_KEY }).getLiquidatablePositions({ limit: 1 });
    expect(total).toBeGreaterThanOrEqual(2);
    // At least two pages, whatever the preset gives.
    const pageSize = Math.ceil(total / 2);
    const { stdout } = await promisify(execFile)(
      process.execPath,
      ['-r', './tools/ts-register.js', 'tools/liquidation-bot/main.ts', '--json', '--page-size', String(pageSize)],
      { cwd: ROOT, env: { ...process.env, MARKET_DATA_URL: baseUrl, MARKET_DATA_API_KEY: API_KEY } },
    );
    const report = JSON.parse(stdout) as ScanReport;
    expect(report.scanned).toBe(total);
    expect(report.pages).toBe(2);
    expect(new Set(report.confirmations.map((c) => `${c.perp_address}:${c.id}`)).size).toBe(total);
    expect(Object.values(report.counts).reduce((a, b) => a + b, 0)).toBe(total);
    expect(report.counts.liquidatable).toBeGreaterThan(0);
    for (const c of report.confirmations) {
      if (c.verdict === 'liquidatable') expect(compareDecimals(c.margin_ratio as string, c.liq_margin_ratio as string)).toBe(-1);
      if (c.verdict === 'not_liquidatable') expect(compareDecimals(c.margin_ratio as string, c.liq_margin_ratio as string)).toBeGreaterThanOrEqual(0);
      if (c.verdict === 'unknown') expect(c.margin_ratio === null || c.liq_margin_ratio === null).toBe(true);
    }
  }, 120_000);

  it('prints one line per candidate and a summary without --json', async () => {
    const { stdout } = await promisify(execFile)(process.execPath, ['-r', './tools/ts-register.js', 'tools/liquidation-bot/main.ts', '--max', '2'], {
      cwd: ROOT,
      env: { ...process.env, MARKET_DATA_URL: baseUrl, MARKET_DATA_API_KEY: API_KEY },
    });
    const lines = stdout.trim().split('\n');
    expect(lines).toHaveLength(3);
    expect(lines[0]).toMatch(/^#\d+ 0x[0-9a-f]{40} (liquidatable|not_liquidatable|stale|unknown|closed|gone) /);
    expect(lines[2]).toMatch(/^2 candidates in 1 pages \(most_underwater\): liquidatable \d+, /);
  }, 60_000);

  it('--follow: a pass when the stream says to read the list, then each candidate confirmed as it enters, without polling', async () => {
    const client = createMarketDataClient({ baseUrl, apiKey: API_KEY });
    const listed = new Set((await client.getLiquidatablePositions({ limit: 500 })).items.map((c) => `${c.perp_address}:${c.id}`));
    const bot = spawn(process.execPath, ['-r', './tools/ts-register.js', 'tools/liquidation-bot/main.ts', '--follow', '--json', '--follow-seconds', '120'], {
      cwd: ROOT,
      env: { ...process.env, MARKET_DATA_URL: baseUrl, MARKET_DATA_API_KEY: API_KEY },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    const lines: Array<Record<string, unknown>> = [];
    const waiters: Array<() => void> = [];
    createInterface({ input: bot.stdout }).on('line', (line) => {
      lines.push(JSON.parse(line));
      for (const wake of waiters.splice(0)) wake();
    });
    let exited = false;
    bot.once('exit', () => {
      exited = true;
      for (const wake of waiters.splice(0)) wake();
    });
    const line = (match: (l: Record<string, unknown>) => boolean, timeoutMs = 20_000) =>
      new Promise<Record<string, unknown>>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`no such line in ${JSON.stringify(lines.map((l) => l['type']))}`)), timeoutMs);
        const look = () => {
          const hit = lines.find(match);
          if (hit) {
            clearTimeout(timer);
            resolve(hit);
          } else if (exited) {
            clearTimeout(timer);
            reject(new Error(`the bot exited; it printed ${JSON.stringify(lines)}`));
          } else waiters.push(look);
        };
        look();
      });
    try {
      const scan = await line((l) => l['type'] === 'scan', 60_000);
      expect(scan).toMatchObject({ reason: 'connected', scanned: listed.size });
      // An open taker outside the list loses all but one atom of margin: the next refresh lists it, the stream says so.
      const taker = await withPgClient(pg.url('perp_index'), async (db) => {
        const rows = (await db.query(`SELECT * FROM positions WHERE NOT is_closed AND NOT is_maker ORDER BY perp_address, id`)).rows;
        const row = rows.find((r) => !listed.has(`${r.perp_address}:${r.id}`));
        const chain = { ...decodePositionChainRow(row), margin: 1n };
        await db.query(`UPDATE positions SET margin = 1, liq_mark_x96 = $3, liq_key_x96 = $4 WHERE perp_address = $1 AND id = $2`, [
          row.perp_address,
          row.id,
          liquidationMarkX96(chain, chain.liqMarginRatioE6)?.toString(),
          liquidationKeyX96(chain, chain.liqMarginRatioE6)?.toString(),
        ]);
        return { perp_address: row.perp_address as string, id: Number(row.id) };
      });
      const confirmed = await line((l) => l['type'] === 'confirmation' && l['id'] === taker.id && l['perp_address'] === taker.perp_address);
      expect(['liquidatable', 'stale']).toContain(confirmed['verdict']);
      // No second pass: the bot reacted to the event, not by reading the list again.
      expect(lines.filter((l) => l['type'] === 'scan')).toHaveLength(1);
    } finally {
      if (!exited) {
        bot.kill('SIGINT');
        await new Promise((resolve) => bot.once('exit', resolve));
      }
    }
    expect(lines[lines.length - 1]).toMatchObject({ type: 'end', scans: 1 });
    expect(lines[lines.length - 1]['entered']).toBeGreaterThanOrEqual(1);
  }, 150_000);
});
