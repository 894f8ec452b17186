/**
 * `npm start`: the whole system on this machine with embedded defaults. Postgres (embedded
 * binaries, data under .dev-data/), a local anvil chain, the databases, then both services.
 * Ctrl-C stops everything it started, in reverse order.
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import {
  AnvilNode,
  ensureDevSigningKey,
  findPostgresBinDir,
  ManagedProcess,
  PostgresServer,
  preparePostgresRuntime,
  startAnvil,
  startPostgres,
} from '@perp/local-infra';
import { PRESETS, runSimulation } from '@perp/market-sim';
import { DEV_DEFAULTS, devServiceEnv } from '@perp/service';
import { printBanner } from './banner';
import { beaconOpsAccounts, DevContracts, deployDevContracts } from './deploy-contracts';
import { devStackSettings } from './dev-settings';
import { AppName, startApp } from './service-process';

const DATABASES = DEV_DEFAULTS.databases;

/**
 * Migrates the index and source stores and fills them with the simulator's demo preset,
 * ending now, so a newcomer sees live-looking data at once. Only on the first start:
 * later starts keep what is there (delete .dev-data for fresh data).
 */
async function loadDemoData(indexUrl: string, sourceUrl: string): Promise<void> {
  const preset = PRESETS['demo'];
  const end = Math.floor(Date.now() / 1000 / preset.intervalSeconds) * preset.intervalSeconds;
  const summary = await runSimulation({ preset, seed: '42', end, indexUrl, sourceUrl, ifEmpty: true });
  console.log(
    summary.skipped
      ? 'Index store already holds data: kept as it is.'
      : `Loaded the demo market data: ${summary.rows.markets} markets, ${summary.rows.positions} positions, ${summary.rows.snapshots} snapshots (${summary.seconds.total.toFixed(1)} s).`,
  );
}

async function main(): Promise<void> {
  const settings = devStackSettings();
  const started: { stop(): Promise<void> }[] = [];
  let stopping = false;

  const shutdown = async (code: number) => {
    if (stopping) return;
    stopping = true;
    console.log('\nStopping the dev stack...');
    for (const item of started.reverse()) await item.stop().catch((error) => console.error(error));
    console.log('Stopped.');
    process.exit(code);
  };
  process.on('SIGINT', () => void shutdown(0));
  process.on('SIGTERM', () => void shutdown(0));

  try {
    // Before anything starts: as root, Postgres runs as `nobody`, which must reach its binaries and
    // data (a clone in root's 0700 home cannot give it that); they are placed where it can, or this
    // stops here naming the folder, the reason and the fix.
    const runtime = preparePostgresRuntime();
    if (runtime.binDir !== findPostgresBinDir())
      console.log(`Postgres runs as ${runtime.user?.name} from ${runtime.binDir} (a copy ${runtime.user?.name} can reach).`);
    mkdirSync(settings.dataDir, { recursive: true });
    console.log(`Starting Postgres on 127.0.0.1:${settings.postgresPort} (data in ${settings.postgresDir})...`);
    const postgres: PostgresServer = await startPostgres({
      dataDir: settings.postgresDir,
      port: settings.postgresPort,
      logFile: join(settings.dataDir, 'postgres.log'),
    });
    started.push(postgres);
    let rpcUrl = settings.externalRpcUrl;
    if (!rpcUrl) {
      // A fresh chain at every start: the transaction journal of the previous chain means nothing on it.
      await postgres.dropDatabase(DATABASES.beaconOps);
    }
    for (const name of Object.values(DATABASES)) await postgres.createDatabase(name);

    const indexUrl = process.env['INDEX_DATABASE_URL'] ?? postgres.url(DATABASES.index);
    const sourceUrl = process.env['SOURCE_DATABASE_URL'] ?? postgres.url(DATABASES.source);
    await loadDemoData(indexUrl, sourceUrl);

    let contracts: DevContracts | undefined;
    if (!rpcUrl) {
      console.log(`Starting anvil on 127.0.0.1:${settings.anvilPort}...`);
      const anvil: AnvilNode = await startAnvil({ port: settings.anvilPort, logFile: join(settings.dataDir, 'anvil.log') });
      started.push(anvil);
      rpcUrl = anvil.url;
      // A fresh chain: deploy the beacon contracts and fund the pool. On an external RPC the
      // contract addresses come from the environment instead.
      console.log('Deploying the beacon contracts to anvil...');
      contracts = await deployDevContracts({ rpcUrl, ...beaconOpsAccounts(process.env) });
    }

    // The local identity provider: market-data verifies developer tokens (`npm run dev-token`) with its JWKS.
    const devSigningKey = ensureDevSigningKey(settings.dataDir);

    // The services have no default for any secret or database: the dev stack passes its own (public,
    // hence ALLOW_DEV_KEYS=true), and whatever the environment sets wins.
    const appEnv: NodeJS.ProcessEnv = {
      ...devServiceEnv(),
      ...process.env,
      INDEX_DATABASE_URL: indexUrl,
      SOURCE_DATABASE_URL: sourceUrl,
      MARKET_DATA_DATABASE_URL: process.env['MARKET_DATA_DATABASE_URL'] ?? postgres.url(DATABASES.marketData),
      BEACON_OPS_DATABASE_URL: process.env['BEACON_OPS_DATABASE_URL'] ?? postgres.url(DATABASES.beaconOps),
      RPC_URL: rpcUrl,
      // Only one key source may be set: an explicit JWT_JWKS_URL wins over the dev key.
      JWT_JWKS_FILE: process.env['JWT_JWKS_URL'] ? '' : (process.env['JWT_JWKS_FILE'] ?? devSigningKey.files.jwks),
      MARKET_DATA_PORT: String(settings.marketDataPort),
      BEACON_OPS_PORT: String(settings.beaconOpsPort),
      // Coloured one-line logs here only; the services default to JSON lines.
      LOG_FORMAT: process.env['LOG_FORMAT'] ?? 'pretty',
      // Addresses of what was just deployed win over any in the environment: nothing else exists on a fresh chain.
      ...contracts?.env,
    };

    const apps: [AppName, number, number][] = [
      ['market-data', settings.marketDataPort, settings.marketDataMetricsPort],
      ['beacon-ops', settings.beaconOpsPort, settings.beaconOpsMetricsPort],
    ];
    for (const [name, port, metricsPort] of apps) {
      const app: ManagedProcess = await startApp(name, port, { ...appEnv, METRICS_PORT: String(metricsPort) });
      started.push({ stop: () => app.stop('SIGTERM', 10_000) });
      void app.exited.then((code) => {
        if (!stopping) {
          console.error(`${name} exited unexpectedly (code ${code}).`);
          void shutdown(1);
        }
      });
    }

    printBanner({ settings, postgres, rpcUrl, env: appEnv, contracts });
  } catch (error) {
    console.error(`Dev stack failed: ${error instanceof Error ? error.message : String(error)}`);
    await shutdown(1);
  }
}

void main();
