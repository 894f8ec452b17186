/**
 * `npm start`: the whole system on this machine with embedded defaults. Postgres (embedded
 * binaries, data under .dev-data/), a local anvil chain carrying Perp City markets (deployed and
 * driven at the first start, resumed from .dev-data/chain/ later), the indexer that writes the index
 * store from that chain, then both services and a light live load of trades. Ctrl-C stops
 * everything it started, in reverse order.
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { runIndexDbMigrations } from '@perp/index-db';
import { ensureDevSigningKey, findPostgresBinDir, ManagedProcess, PostgresServer, preparePostgresRuntime, startPostgres } from '@perp/local-infra';
import { PRESETS, runSimulation } from '@perp/market-sim';
import { DEV_DEFAULTS } from '@perp/dev-defaults';
import { devServiceEnv } from '@perp/service';
import { startLiveLoad } from '../chain-driver/live-load';
import { printBanner } from './banner';
import { describeChainMarkets, syncChainMarketSources } from './chain-market-sources';
import { DevContracts } from './deploy-contracts';
import { DevChain, startDevChain } from './dev-chain';
import { withMarkets, writeRecord } from './dev-chain-record';
import { devStackSettings } from './dev-settings';
import { waitForIndexer } from './indexer-progress';
import { AppName, startApp } from './service-process';

const DATABASES = DEV_DEFAULTS.databases;

/**
 * With an external RPC_URL and no PERP_FACTORY_ADDRESSES there is no chain to index: the index and
 * source stores get the simulator's demo preset, ending now. Only on the first start: later starts
 * keep what is there (delete .dev-data for fresh data).
 */
async function loadDemoData(indexUrl: string, sourceUrl: string): Promise<void> {
  const preset = PRESETS['demo'];
  const end = Math.floor(Date.now() / 1000 / preset.intervalSeconds) * preset.intervalSeconds;
  const summary = await runSimulation({ preset, seed: '42', end, indexUrl, sourceUrl, ifEmpty: true });
  console.log(
    summary.skipped
      ? 'Index store already holds data: kept as it is.'
      : `Loaded the simulator's demo data: ${summary.rows.markets} markets, ${summary.rows.positions} positions, ${summary.rows.snapshots} snapshots (${summary.seconds.total.toFixed(1)} s).`,
  );
}

const chainLog = (line: string) => console.log(`\x1b[90m[chain]\x1b[0m ${line}`);

/** The indexer's settings for the dev chain: its factory, pool manager and Multicall3, from its first block, at the head. */
function devChainIndexerEnv(chain: DevChain): NodeJS.ProcessEnv {
  return {
    PERP_FACTORY_ADDRESSES: chain.driven.factory,
    POOL_MANAGER_ADDRESS: chain.driven.poolManager,
    MULTICALL3_ADDRESS: chain.driven.multicall3,
    START_BLOCK: String(chain.record.startBlock),
    // anvil mines a block per transaction and never reorgs on its own: nothing to wait for.
    CONFIRMATIONS: '0',
    POLL_INTERVAL_MS: '500',
  };
}

/** Trades and index moves every few seconds; the positions it knows go to the record, for the next start. */
async function startChainLiveLoad(chain: DevChain, intervalMs: number): Promise<{ stop(): Promise<void> }> {
  let record = { ...chain.record, liveRuns: chain.record.liveRuns + 1 };
  writeRecord(chain.recordPath, record);
  const stop = await startLiveLoad({
    rpcUrl: chain.anvil.url,
    driven: chain.driven,
    // A seed of its own per start: the index updates' nonces never repeat one the chain has seen.
    seed: `${chain.driven.seed}/live-${record.liveRuns}`,
    intervalMs,
    log: chainLog,
    onState: (markets) => {
      record = withMarkets(record, markets, chain.signers);
      writeRecord(chain.recordPath, record);
    },
  });
  chainLog(`Live load: one action every ${intervalMs} ms on the ${chain.driven.markets.length} markets (DEV_LIVE_LOAD=false turns it off).`);
  return { stop };
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
  const watchExit = (name: string, child: ManagedProcess) =>
    void child.exited.then((code) => {
      if (!stopping) {
        console.error(`${name} exited unexpectedly (code ${code}).`);
        void shutdown(1);
      }
    });
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

    const began = Date.now();
    let chain: DevChain | undefined;
    if (!settings.externalRpcUrl) {
      chain = await startDevChain(settings, process.env, chainLog);
      started.push(chain.anvil);
      // A new chain: the index, the source series and beacon-ops' transaction journal of the previous one mean nothing on it.
      if (chain.fresh) for (const name of [DATABASES.index, DATABASES.source, DATABASES.beaconOps]) await postgres.dropDatabase(name);
    }
    const rpcUrl = chain?.anvil.url ?? (settings.externalRpcUrl as string);
    for (const name of Object.values(DATABASES)) await postgres.createDatabase(name);

    const indexUrl = process.env['INDEX_DATABASE_URL'] ?? postgres.url(DATABASES.index);
    const sourceUrl = process.env['SOURCE_DATABASE_URL'] ?? postgres.url(DATABASES.source);
    await runIndexDbMigrations(indexUrl, sourceUrl);

    // The indexer is the index store's only writer whenever there are Perp City markets to follow:
    // the dev chain's, or the factories an external RPC_URL comes with.
    const indexerEnv = chain ? devChainIndexerEnv(chain) : process.env['PERP_FACTORY_ADDRESSES'] ? {} : undefined;
    if (indexerEnv) {
      const indexer: ManagedProcess = await startApp('indexer', settings.indexerPort, {
        ...process.env,
        INDEX_DATABASE_URL: indexUrl,
        RPC_URL: rpcUrl,
        INDEXER_HOST: '127.0.0.1',
        INDEXER_PORT: String(settings.indexerPort),
        LOG_FORMAT: process.env['LOG_FORMAT'] ?? 'pretty',
        ...indexerEnv,
      });
      started.push({ stop: () => indexer.stop('SIGTERM', 10_000) });
      watchExit('indexer', indexer);
      const caughtUp = await waitForIndexer(settings.indexerPort, chainLog);
      chainLog(`The indexer is at the head: block ${caughtUp.block} (${((Date.now() - began) / 1000).toFixed(1)} s since the chain started).`);
    } else {
      await loadDemoData(indexUrl, sourceUrl);
    }
    if (chain) {
      const refs = chain.driven.markets.map((m, index) => ({ index, perp: m.perp, initialIndexX96: chain.record.driven.markets[index].indexX96 }));
      await describeChainMarkets(indexUrl, refs);
      const points = await syncChainMarketSources(indexUrl, sourceUrl, refs);
      if (points > 0) chainLog(`Source store: ${points} new raw points of the chain markets' series.`);
    }
    const contracts: DevContracts | undefined = chain?.contracts;

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
      // On the dev chain beacon-ops touches the perps of a beacon it updated (their funding and EMAs
      // follow the new index at once), reading them from this market-data with the dev admin key.
      ...(chain && !process.env['TOUCH_MARKET_DATA_URL']
        ? {
            TOUCH_MARKET_DATA_URL: `http://127.0.0.1:${settings.marketDataPort}`,
            TOUCH_MARKET_DATA_API_KEY: (process.env['ADMIN_API_KEYS'] ?? DEV_DEFAULTS.adminApiKey).split(',')[0].trim(),
          }
        : {}),
    };

    const apps: [AppName, number, number][] = [
      ['market-data', settings.marketDataPort, settings.marketDataMetricsPort],
      ['beacon-ops', settings.beaconOpsPort, settings.beaconOpsMetricsPort],
    ];
    for (const [name, port, metricsPort] of apps) {
      const app: ManagedProcess = await startApp(name, port, { ...appEnv, METRICS_PORT: String(metricsPort) });
      started.push({ stop: () => app.stop('SIGTERM', 10_000) });
      watchExit(name, app);
    }

    if (chain && settings.liveLoad) started.push(await startChainLiveLoad(chain, settings.liveLoadIntervalMs));

    printBanner({ settings, postgres, rpcUrl, env: appEnv, contracts, chain });
  } catch (error) {
    console.error(`Dev stack failed: ${error instanceof Error ? error.message : String(error)}`);
    await shutdown(1);
  }
}

void main();
