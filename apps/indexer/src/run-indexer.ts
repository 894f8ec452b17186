import { createServiceLogger } from '@perp/http';
import type { Logger } from 'pino';
import { ChainReader } from './chain/chain-reader';
import type { BlockHandler } from './follower/block-handler';
import type { FollowerHooks } from './follower/chain-follower';
import { BeaconIndexHandler } from './handlers/beacon-index/beacon-index.handler';
import { PerpCityHandler } from './handlers/perp-city/perp-city.handler';
import { PerpCityReads } from './handlers/perp-city/perp-city-reads';
import type { IndexerSettings } from './settings';
import { IndexerStatus } from './status/indexer-status';
import { startStatusServer, StatusServer } from './status/status-server';
import { IndexerRunner } from './runner/indexer-runner';

/** Every handler the follower runs, in the order they see a block. */
export function indexerHandlers(settings: IndexerSettings): (chain: ChainReader) => BlockHandler[] {
  return (chain) => {
    const handlers: BlockHandler[] = [new BeaconIndexHandler(chain)];
    if (settings.perpFactoryAddresses.length > 0 && settings.poolManagerAddress) {
      const reads = new PerpCityReads(chain.provider, settings.multicall3Address, settings.poolManagerAddress);
      handlers.push(new PerpCityHandler(reads, settings.perpFactoryAddresses));
    }
    return handlers;
  };
}

export interface RunningIndexer {
  readonly status: IndexerStatus;
  readonly server: StatusServer;
  /** Settles when the writer loop ends: on stop(), or rejected by a refusal (another chain's store). */
  readonly done: Promise<void>;
  stop(): Promise<void>;
}

/** The status listener and the writer loop, as `node main.js` runs them (and the tests, in process). */
export async function startIndexer(
  settings: IndexerSettings,
  options: { logger?: Logger; hooks?: FollowerHooks; handlers?: (chain: ChainReader) => BlockHandler[] } = {},
): Promise<RunningIndexer> {
  const logger = options.logger ?? createServiceLogger({ name: 'indexer', level: settings.logLevel, format: settings.logFormat });
  const status = new IndexerStatus(settings.confirmations, settings.maxLagBlocks);
  const server = await startStatusServer(status, settings.host, settings.port);
  const abort = new AbortController();
  const runner = new IndexerRunner(settings, options.handlers ?? indexerHandlers(settings), status, logger, options.hooks);
  const done = runner.run(abort.signal);
  done.catch(() => undefined);
  return {
    status,
    server,
    done,
    async stop() {
      abort.abort();
      await done.catch(() => undefined);
      await server.close();
    },
  };
}
