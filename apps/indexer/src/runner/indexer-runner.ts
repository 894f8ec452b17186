import { indexStoreDataSourceOptions } from '@perp/index-db';
import { DataSource } from 'typeorm';
import { ChainReader } from '../chain/chain-reader';
import { backoffDelay, sleep } from '../follower/backoff';
import type { BlockHandler } from '../follower/block-handler';
import { ChainFollower, ChainMismatchError, FollowerHooks, FollowerLogger, ReorgTooDeepError } from '../follower/chain-follower';
import { CursorStore } from '../follower/cursor-store';
import { LogWindow } from '../follower/log-window';
import type { IndexerSettings } from '../settings';
import { indexerMetrics } from '../status/indexer-metrics';
import type { IndexerStatus } from '../status/indexer-status';
import { failureKind } from './failure-kind';
import { WriterSession } from '../writer/writer-session';

export interface RunnerLogger extends FollowerLogger {
  error(fields: object, message: string): void;
}

/** The writer's pool: one connection (the session holding the lock and writing), with client-side time limits. */
export function writerDataSource(settings: IndexerSettings): DataSource {
  return new DataSource(
    indexStoreDataSourceOptions(settings.databaseUrl, {
      name: 'indexer-writer',
      extra: { max: 1, connectionTimeoutMillis: settings.storeTimeoutMs, query_timeout: settings.storeTimeoutMs, keepAlive: true, application_name: 'indexer' },
    }),
  );
}

/**
 * The process's life as a writer: connect to the node and the store, take the chain's writer
 * lock (or wait as a standby), follow the chain; on any RPC or store failure, drop the session,
 * wait with backoff and start over (the cursor in the store says where). It never exits for an
 * outage; it stops only on shutdown, or on a store that belongs to another chain.
 */
export class IndexerRunner {
  private chain?: ChainReader;
  private source?: DataSource;

  constructor(
    private readonly settings: IndexerSettings,
    private readonly handlers: (chain: ChainReader) => BlockHandler[],
    private readonly status: IndexerStatus,
    private readonly log: RunnerLogger,
    private readonly hooks: FollowerHooks = {},
  ) {}

  async run(signal: AbortSignal): Promise<void> {
    let attempt = 0;
    const window = new LogWindow(this.settings.logWindowMinBlocks, this.settings.logWindowMaxBlocks, this.settings.logWindowInitialBlocks);
    try {
      while (!signal.aborted) {
        let session: WriterSession | undefined;
        try {
          const chain = await this.connectChain();
          const source = await this.connectStore();
          session = await WriterSession.open(source);
          this.status.setStore('up');
          if (!(await session.tryLock(chain.chainId))) {
            // Observed first: /ready never says "standby" before it knows the lag it reports.
            await this.observe(session, chain);
            if (this.status.role !== 'standby') this.log.info({ chainId: chain.chainId }, 'another replica holds the writer lock: standby');
            this.status.setRole('standby');
            attempt = 0;
            await sleep(this.settings.lockRetryMs, signal);
            continue;
          }
          if (this.status.role !== 'active') this.log.info({ chainId: chain.chainId }, 'writer lock taken: active');
          this.status.setRole('active');
          const follower = new ChainFollower(chain, this.handlers(chain), window, this.settings, this.status, this.log, this.hooks);
          await follower.prepare(session);
          await follower.follow(session, signal, () => (attempt = 0));
        } catch (error) {
          if (error instanceof ChainMismatchError || error instanceof ReorgTooDeepError) {
            this.status.setRole('refused');
            this.status.lastError = error.message;
            throw error;
          }
          const kind = failureKind(error);
          const message = error instanceof Error ? error.message : String(error);
          if (kind === 'rpc') this.status.setRpc('down', message);
          else this.status.setStore('down', message);
          indexerMetrics.errors.inc({ kind });
          const delay = backoffDelay(attempt++, this.settings.retryMinMs, this.settings.retryMaxMs);
          this.log.warn({ kind, err: message, retryInMs: delay }, kind === 'rpc' ? 'chain RPC failed: retrying' : 'index store failed: retrying');
          await sleep(delay, signal);
        } finally {
          await session?.release();
        }
      }
    } finally {
      this.chain?.destroy();
      await this.source?.destroy().catch(() => undefined);
    }
  }

  /** A standby still reports the index's lag (read from the active writer's cursor) and both stores' state. */
  private async observe(session: WriterSession, chain: ChainReader): Promise<void> {
    const [cursor] = await new CursorStore(chain.chainId, 0).all(session.manager);
    if (cursor) this.status.setCursor(cursor.block);
    this.status.setHead(await chain.block('latest'));
    this.status.setRpc('up');
  }

  private async connectChain(): Promise<ChainReader> {
    if (!this.chain) {
      const chain = await ChainReader.connect(this.settings.rpcUrl, this.settings.rpcTimeoutMs);
      if (this.settings.chainId !== undefined && chain.chainId !== this.settings.chainId) {
        chain.destroy();
        throw new ChainMismatchError(`CHAIN_ID is ${this.settings.chainId} but the node at RPC_URL is chain ${chain.chainId}`);
      }
      this.chain = chain;
      this.status.chainId = chain.chainId;
      this.status.setRpc('up');
    }
    return this.chain;
  }

  private async connectStore(): Promise<DataSource> {
    if (!this.source) {
      const source = writerDataSource(this.settings);
      await source.initialize();
      this.source = source;
    }
    return this.source;
  }
}
