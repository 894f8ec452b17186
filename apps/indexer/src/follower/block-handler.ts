import type { EntityManager } from 'typeorm';
import type { ChainBlock, ChainLog } from '../chain/chain-block';

/** What a handler wants from eth_getLogs: logs of these contracts ('any': every contract) whose topic0 is one of `topics`. */
export interface LogWatch {
  addresses: readonly string[] | 'any';
  topics: readonly string[];
}

/** What handleBlock may tell the follower. */
export interface BlockOutcome {
  /**
   * The handler's watch changed in this block (a factory created a market whose contracts must
   * now be watched): the follower ends its log window here and reads every watch again, so no
   * log of the new contracts in the following blocks of the window is missed.
   */
  watchChanged?: boolean;
}

/**
 * A plug-in of the follower (the beacons' IndexUpdated now; PerpFactory, Perp and PoolManager
 * events later). Every call gets `tx`, the writer's transaction: what a handler writes there
 * commits together with the cursor, or not at all.
 */
export interface BlockHandler {
  /** In logs and metrics. */
  readonly name: string;
  /** Read at the start of each log window, in the writer's connection (the store may say what to watch). */
  watch(store: EntityManager): Promise<LogWatch>;
  /** The logs of one block that match this handler's watch, in log order; called only for blocks that have some. */
  handleBlock(block: ChainBlock, logs: readonly ChainLog[], tx: EntityManager): Promise<BlockOutcome | void>;
  /**
   * A reorg (or a reset) dropped every block after `forkBlock`: delete the append-only rows of
   * those blocks and re-read, pinned to `forkBlock`, the state the handler updated in place.
   * `forkBlock` is START_BLOCK - 1 on a reset (possibly -1: before genesis).
   */
  rewind(forkBlock: number, tx: EntityManager): Promise<void>;
}

/** True when `log` is one `watch` asks for. */
export function watches(watch: LogWatch, log: ChainLog): boolean {
  if (!watch.topics.includes(log.topics[0] ?? '')) return false;
  return watch.addresses === 'any' || watch.addresses.includes(log.address);
}
