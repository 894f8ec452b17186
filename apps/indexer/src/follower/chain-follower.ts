import { ZeroHash } from 'ethers';
import type { EntityManager } from 'typeorm';
import { ChainReader, MissingBlockError } from '../chain/chain-reader';
import { isTooManyResults } from '../chain/rpc-errors';
import { indexerMetrics } from '../status/indexer-metrics';
import type { IndexerStatus } from '../status/indexer-status';
import type { WriterSession } from '../writer/writer-session';
import { sleep } from './backoff';
import type { ChainBlock, ChainLog } from '../chain/chain-block';
import { BlockHandler, LogWatch, watches } from './block-handler';
import { CursorStore } from './cursor-store';
import { findForkPoint } from './fork-point';
import { LogWindow } from './log-window';

export interface FollowerSettings {
  startBlock: number;
  confirmations: number;
  pollIntervalMs: number;
  reorgHistoryBlocks: number;
}

/** Test seams: the crash test hangs a block transaction here, then SIGKILLs the process. */
export interface FollowerHooks {
  insideBlockTransaction?(block: ChainBlock): Promise<void>;
}

export interface FollowerLogger {
  info(fields: object, message: string): void;
  warn(fields: object, message: string): void;
}

/** The store holds another chain's index: the indexer refuses it until `node main.js reset`. */
export class ChainMismatchError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ChainMismatchError';
  }
}

/**
 * What `next` watches beyond `current`: per handler, its new addresses with its topics. Null when
 * that cannot be told apart (a topic list or an 'any' watch changed): the caller re-reads all.
 */
function addedWatches(current: LogWatch[], next: LogWatch[]): LogWatch[] | null {
  const added: LogWatch[] = [];
  for (const [i, watch] of next.entries()) {
    const before = current[i];
    if (!before || watch.addresses === 'any' || before.addresses === 'any') return null;
    if (watch.topics.length !== before.topics.length || watch.topics.some((t) => !before.topics.includes(t))) return null;
    const old = new Set(before.addresses);
    added.push({ addresses: watch.addresses.filter((a) => !old.has(a)), topics: watch.topics });
  }
  return added;
}

/** Rolls a block's transaction back so that it runs again with the logs its new watches found in it. */
class BlockAgain extends Error {}

/** Rolls a block's transaction back so that its reads run again, now behind the head (HEAD_SETTLE_MS). */
class ReadBehindHead extends Error {}

/**
 * With CONFIRMATIONS=0 a block is read while it may be the node's head, and anvil answers a read
 * pinned to its head from the state of the block it is mining: with a transfer mined every 0-15 ms,
 * 2,692 of 34,024 reads at the head saw the next block's state (npm run bench:anvil-head-race). CI's start
 * smoke once found a market whose pool fee growth had been read that way. So a block read at the
 * head is committed only if the head has not moved HEAD_SETTLE_MS after its reads; otherwise its
 * reads run again, now as a block behind the head, whose state the node has settled. No cost with
 * CONFIRMATIONS >= 1 (a block is never the head then).
 */
const HEAD_SETTLE_MS = 50;

/** A reorg deeper than the kept block hashes: no safe fork point, so no guess. */
export class ReorgTooDeepError extends Error {
  constructor(oldest: number | undefined) {
    super(`reorg deeper than the kept history (oldest kept block ${oldest ?? 'none'}); raise REORG_HISTORY_BLOCKS and run \`node main.js reset\``);
    this.name = 'ReorgTooDeepError';
  }
}

/** Before START_BLOCK 0 the cursor stands "before genesis": genesis' parentHash is the zero hash. */
const BEFORE_GENESIS: ChainBlock = { number: -1, hash: ZeroHash, parentHash: ZeroHash, timestamp: 0 };

/**
 * Follows the chain from START_BLOCK to head - CONFIRMATIONS on one writer session: log windows
 * on backfill, a transaction per block with logs (the handlers' rows and the cursor together),
 * and a rewind to the fork point when a block's parent is not the cursor's block.
 */
export class ChainFollower {
  private readonly cursors: CursorStore;
  private cursor: ChainBlock = BEFORE_GENESIS;
  /** The head as this step read it: a block below it is settled, so only one at it is guarded (HEAD_SETTLE_MS). */
  private stepHead = -1;
  private genesisHash = '';

  constructor(
    private readonly chain: ChainReader,
    private readonly handlers: readonly BlockHandler[],
    private readonly window: LogWindow,
    private readonly settings: FollowerSettings,
    private readonly status: IndexerStatus,
    private readonly log: FollowerLogger,
    private readonly hooks: FollowerHooks = {},
  ) {
    this.cursors = new CursorStore(chain.chainId, settings.reorgHistoryBlocks);
  }

  /** Checks that the store indexes this chain (id and genesis hash) and loads the cursor, or starts one at START_BLOCK - 1. */
  async prepare(session: WriterSession): Promise<void> {
    this.genesisHash = (await this.chain.block(0)).hash;
    const stored = await this.cursors.all(session.manager);
    const other = stored.find((cursor) => cursor.chainId !== this.chain.chainId || cursor.genesisHash !== this.genesisHash);
    if (other) {
      throw new ChainMismatchError(
        `the index store follows chain ${other.chainId} with genesis ${other.genesisHash}, the node is chain ${this.chain.chainId} with genesis ${this.genesisHash}; run \`node main.js reset\` to drop this index and start over on the node's chain`,
      );
    }
    if (stored.length > 0) {
      this.cursor = stored[0].block;
    } else {
      const start = this.settings.startBlock > 0 ? await this.chain.block(this.settings.startBlock - 1) : BEFORE_GENESIS;
      await session.transaction((tx) => this.cursors.advance(tx, this.genesisHash, start));
      this.cursor = start;
      this.log.info({ block: start.number }, 'index store cursor created');
    }
    this.status.setCursor(this.cursor);
  }

  /** Until `signal` aborts; throws what the caller must retry (RPC, store) or stop for (ChainMismatchError, ReorgTooDeepError). */
  async follow(session: WriterSession, signal: AbortSignal, progressed: () => void): Promise<void> {
    while (!signal.aborted) {
      const wrote = await this.step(session);
      progressed();
      if (!wrote) await sleep(this.settings.pollIntervalMs, signal);
    }
  }

  /** One window (or one check of the head when caught up). True when it wrote or wants to go again at once. */
  async step(session: WriterSession): Promise<boolean> {
    const head = await this.chain.block('latest');
    this.stepHead = head.number;
    this.status.setRpc('up');
    this.status.setHead(head);
    const target = head.number - this.settings.confirmations;
    if (this.cursor.number >= target) {
      // Caught up: nothing new to read, but the cursor's own block may have been reorged away
      // (anvil_reorg, or a reorg no deeper than the confirmations at the same height).
      if (this.cursor.number > head.number || (this.cursor.number >= 0 && (await this.chain.block(this.cursor.number)).hash !== this.cursor.hash)) {
        await this.rewindToFork(session);
        return true;
      }
      await session.ping();
      this.status.setStore('up');
      return false;
    }

    const { from, to } = this.window.range(this.cursor.number + 1, target);
    const watchList = await Promise.all(this.handlers.map((handler) => handler.watch(session.manager)));
    this.status.setStore('up');
    const toBefore = await this.chain.block(to);
    let logs: ChainLog[];
    try {
      logs = await this.fetchLogs(from, to, watchList);
    } catch (error) {
      if (isTooManyResults(error) && this.window.shrink()) {
        indexerMetrics.windowShrinks.inc();
        indexerMetrics.logWindow.set(this.window.size);
        this.log.info({ from, to, window: this.window.size }, 'eth_getLogs refused the window: halved');
        return true;
      }
      throw error;
    }
    const numbers = [...new Set(logs.map((log) => log.blockNumber))].sort((a, b) => a - b);
    // Read after the logs: `to` unchanged since before them means the chain up to `to` did not
    // move under the call, and `from`'s parent read now ties that chain to our cursor.
    const [fromNow, toAfter, ...withLogs] = await Promise.all([this.chain.block(from), this.chain.block(to), ...numbers.map((n) => this.chain.block(n))]);
    if (fromNow.parentHash !== this.cursor.hash) {
      await this.rewindToFork(session);
      return true;
    }
    if (toAfter.hash !== toBefore.hash) return true;
    const headers = new Map(withLogs.map((block) => [block.number, block]));
    if (logs.some((log) => headers.get(log.blockNumber)?.hash !== log.blockHash)) return true;
    this.window.grow();
    indexerMetrics.logWindow.set(this.window.size);

    // Ascending block order; a watch change adds the new contracts' logs for the rest of the window.
    const pending = [...withLogs];
    let current = watchList;
    while (pending.length > 0) {
      const block = pending.shift() as ChainBlock;
      const changed = await this.applyBlock(
        session,
        block,
        logs.filter((log) => log.blockNumber === block.number),
        current,
      );
      if (!changed) continue;
      // A handler watches something new from here on: only what the old watches could not have
      // returned is fetched for the rest of the window (re-reading all of it cost a whole re-read of
      // the history per market created).
      const next = await Promise.all(this.handlers.map((handler) => handler.watch(session.manager)));
      const added = addedWatches(current, next);
      if (!added || block.number >= to) return true;
      const extra = (await this.fetchLogs(block.number + 1, to, added)).filter(
        (log) => !logs.some((l) => l.blockNumber === log.blockNumber && l.logIndex === log.logIndex),
      );
      const known = new Set(pending.map((b) => b.number));
      const fresh = [...new Set(extra.map((log) => log.blockNumber))].filter((n) => !known.has(n));
      const [toNow, ...freshBlocks] = await Promise.all([this.chain.block(to), ...fresh.map((n) => this.chain.block(n))]);
      // The chain moved since the window was read, or a new log's block is not the one read: start over from the cursor.
      if (toNow.hash !== toAfter.hash) return true;
      const allHeaders = new Map([...pending, ...freshBlocks].map((b) => [b.number, b]));
      if (extra.some((log) => allHeaders.get(log.blockNumber)?.hash !== log.blockHash)) return true;
      logs = [...logs, ...extra].sort((a, b) => a.blockNumber - b.blockNumber || a.logIndex - b.logIndex);
      pending.splice(0, pending.length, ...[...allHeaders.values()].sort((a, b) => a.number - b.number));
      current = next;
    }
    if (this.cursor.number < to) await this.applyBlock(session, toAfter, [], current);
    return true;
  }

  private async fetchLogs(from: number, to: number, watchList: LogWatch[]): Promise<ChainLog[]> {
    const topics = [...new Set(watchList.flatMap((watch) => watch.topics))];
    const any = watchList.some((watch) => watch.addresses === 'any' && watch.topics.length > 0);
    const addresses = [...new Set(watchList.flatMap((watch) => (watch.addresses === 'any' ? [] : watch.addresses)))];
    if (topics.length === 0 || (!any && addresses.length === 0)) return [];
    const logs = await this.chain.logs(from, to, any ? 'any' : addresses, topics);
    // One call for every handler can return a log only another handler asked for: keep those asked for.
    return logs.filter((log) => watchList.some((watch) => watches(watch, log))).sort((a, b) => a.blockNumber - b.blockNumber || a.logIndex - b.logIndex);
  }

  /**
   * One block in one transaction: each handler's rows for its logs, then the cursor. True when a
   * handler's watch changed. A watch that changes in this block (a market created) may already have
   * logs in it, after the event that made it (a position opened in the market's creation block):
   * they are fetched with the new watches, and the block runs again, rolled back, with all its logs.
   */
  private async applyBlock(session: WriterSession, block: ChainBlock, logs: readonly ChainLog[], watchList: LogWatch[]): Promise<boolean> {
    for (;;) {
      const outcome = await this.tryBlock(session, block, logs, watchList);
      if (outcome.kind === 'committed') return outcome.changed;
      logs = [...logs, ...outcome.extra].sort((a, b) => a.logIndex - b.logIndex);
      watchList = outcome.watchList;
    }
  }

  private async tryBlock(
    session: WriterSession,
    block: ChainBlock,
    logs: readonly ChainLog[],
    watchList: LogWatch[],
  ): Promise<{ kind: 'committed'; changed: boolean } | { kind: 'again'; extra: ChainLog[]; watchList: LogWatch[] }> {
    let changed = false;
    let again: { extra: ChainLog[]; watchList: LogWatch[] } | undefined;
    // Only a block with logs is read; only with no confirmations can it be the head.
    const atHead = this.settings.confirmations === 0 && logs.length > 0 && block.number >= this.stepHead;
    try {
      await session.transaction(async (tx: EntityManager) => {
        for (const [i, handler] of this.handlers.entries()) {
          const mine = logs.filter((log) => watches(watchList[i], log));
          if (mine.length === 0) continue;
          const outcome = await handler.handleBlock(block, mine, tx);
          if (outcome?.watchChanged) changed = true;
        }
        if (changed) {
          // The watches as this transaction's rows make them.
          const newWatches = await Promise.all(this.handlers.map((handler) => handler.watch(tx)));
          const seen = new Set(logs.map((log) => log.logIndex));
          const extra = (await this.fetchLogs(block.number, block.number, newWatches)).filter((log) => !seen.has(log.logIndex));
          if (extra.some((log) => log.blockHash !== block.hash)) throw new Error(`block ${block.number} changed while it was being indexed`);
          if (extra.length > 0) {
            again = { extra, watchList: newWatches };
            throw new BlockAgain();
          }
        }
        await this.hooks.insideBlockTransaction?.(block);
        if (atHead) {
          await sleep(HEAD_SETTLE_MS);
          const head = await this.chain.headNumber();
          if (head > block.number) {
            // Read again as a settled block.
            this.stepHead = head;
            throw new ReadBehindHead();
          }
        }
        await this.cursors.advance(tx, this.genesisHash, block);
      });
    } catch (error) {
      if (error instanceof BlockAgain && again) return { kind: 'again', ...again };
      if (error instanceof ReadBehindHead) {
        indexerMetrics.headRereads.inc();
        return { kind: 'again', extra: [], watchList };
      }
      throw error;
    }
    for (const [i, handler] of this.handlers.entries()) {
      const count = logs.filter((log) => watches(watchList[i], log)).length;
      if (count > 0) indexerMetrics.logsHandled.inc({ handler: handler.name }, count);
    }
    indexerMetrics.blocksWritten.inc();
    this.cursor = block;
    this.status.setCursor(block);
    this.status.setStore('up');
    return { kind: 'committed', changed };
  }

  /** The highest kept block the chain still has becomes the cursor; every handler drops what came after it, in one transaction. */
  private async rewindToFork(session: WriterSession): Promise<void> {
    const history = await this.cursors.history(session.manager);
    const fork = await findForkPoint(history, async (stored) => {
      if (stored.number < 0) return true;
      try {
        return (await this.chain.block(stored.number)).hash === stored.hash;
      } catch (error) {
        if (error instanceof MissingBlockError) return false;
        throw error;
      }
    });
    if (!fork) throw new ReorgTooDeepError(history[0]?.number);
    const forkBlock = fork.number >= 0 ? await this.chain.block(fork.number) : BEFORE_GENESIS;
    if (forkBlock.hash !== fork.hash) return; // the chain moved again while we looked: the next step looks again
    const dropped = this.cursor.number - fork.number;
    await session.transaction(async (tx) => {
      for (const handler of this.handlers) await handler.rewind(fork.number, tx);
      await this.cursors.dropAfter(tx, fork.number);
      await this.cursors.advance(tx, this.genesisHash, forkBlock);
    });
    indexerMetrics.reorgs.inc();
    indexerMetrics.rewoundBlocks.inc(dropped);
    this.log.warn({ from: this.cursor.number, fork: fork.number, dropped }, 'reorg: rewound to the fork point');
    this.cursor = forkBlock;
    this.status.setCursor(forkBlock);
  }

  /** `node main.js reset`: every handler back to before START_BLOCK, no cursor (the next start begins anew). */
  static async reset(session: WriterSession, handlers: readonly BlockHandler[], startBlock: number): Promise<void> {
    await session.transaction(async (tx) => {
      for (const handler of handlers) await handler.rewind(startBlock - 1, tx);
      await new CursorStore(0, 0).clear(tx);
    });
  }
}
