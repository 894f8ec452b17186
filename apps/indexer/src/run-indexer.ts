import { createServiceLogger } from '@perp/http';
import type { Logger } from 'pino';
import { ChainReader } from './chain/chain-reader';
import type { BlockHandler } from './follower/block-handler';
import type { FollowerHooks } from './follower/chain-follower';
import { BeaconIndexHandler } from './handlers/beacon-index/beacon-index.handler';
import type { IndexerSettings } from './settings';
import { IndexerStatus } from './status/indexer-status';
import { startStatusServer, StatusServer } from './status/status-server';
import { IndexerRunner } from './writer/indexer-runner';

/** Every handler the follower runs, in the order they see a block. The Perp City handlers join here. */
export function indexerHandlers(chain: ChainReader): BlockHandler[] {
  return [new BeaconIndexHandler(chain)];
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
  const runner = new IndexerRunner(settings, options.handlers ?? indexerHandlers, status, logger, options.hooks);
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
