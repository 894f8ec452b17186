import type { EntityManager } from 'typeorm';
import type { ChainBlock } from '../chain/chain-block';

export interface Cursor {
  chainId: number;
  genesisHash: string;
  block: ChainBlock;
}

export interface StoredBlock {
  number: number;
  hash: string;
}

/** The indexer's cursor rows (chain_cursor, chain_cursor_blocks in libs/index-db), in SQL on the writer's connection. */
export class CursorStore {
  constructor(
    private readonly chainId: number,
    private readonly historyBlocks: number,
  ) {}

  /** Every cursor row: more than one, or one of another chain, means this store belongs elsewhere. */
  async all(store: EntityManager): Promise<Cursor[]> {
    const rows: { chain_id: string; genesis_hash: string; block_number: string; block_hash: string; block_timestamp: string }[] = await store.query(
      `SELECT chain_id, genesis_hash, block_number, block_hash, block_timestamp FROM chain_cursor ORDER BY chain_id`,
    );
    return rows.map((row) => ({
      chainId: Number(row.chain_id),
      genesisHash: row.genesis_hash,
      // The parent is not stored: the follower compares a new block's parentHash with `hash`.
      block: { number: Number(row.block_number), hash: row.block_hash, parentHash: '', timestamp: Number(row.block_timestamp) },
    }));
  }

  /**
   * Moves the cursor to `block` and records its hash, in the caller's transaction (the block's
   * rows are in it). The hash history is pruned as it goes, by the primary key's range.
   */
  async advance(tx: EntityManager, genesisHash: string, block: ChainBlock): Promise<void> {
    await tx.query(
      `INSERT INTO chain_cursor (chain_id, genesis_hash, block_number, block_hash, block_timestamp, updated_at) VALUES ($1, $2, $3, $4, $5, now())
       ON CONFLICT (chain_id) DO UPDATE SET genesis_hash = EXCLUDED.genesis_hash, block_number = EXCLUDED.block_number,
         block_hash = EXCLUDED.block_hash, block_timestamp = EXCLUDED.block_timestamp, updated_at = EXCLUDED.updated_at`,
      [this.chainId, genesisHash, block.number, block.hash, block.timestamp],
    );
    await tx.query(
      `INSERT INTO chain_cursor_blocks (chain_id, block_number, block_hash) VALUES ($1, $2, $3)
       ON CONFLICT (chain_id, block_number) DO UPDATE SET block_hash = EXCLUDED.block_hash`,
      [this.chainId, block.number, block.hash],
    );
    await tx.query(`DELETE FROM chain_cursor_blocks WHERE chain_id = $1 AND block_number < $2`, [this.chainId, block.number - this.historyBlocks]);
  }

  /** The kept block hashes, oldest first: where a fork point is searched. */
  async history(store: EntityManager): Promise<StoredBlock[]> {
    const rows: { block_number: string; block_hash: string }[] = await store.query(
      `SELECT block_number, block_hash FROM chain_cursor_blocks WHERE chain_id = $1 ORDER BY block_number`,
      [this.chainId],
    );
    return rows.map((row) => ({ number: Number(row.block_number), hash: row.block_hash }));
  }

  /** Forgets the hashes after the fork point (the cursor itself is moved by `advance`). */
  async dropAfter(tx: EntityManager, forkBlock: number): Promise<void> {
    await tx.query(`DELETE FROM chain_cursor_blocks WHERE chain_id = $1 AND block_number > $2`, [this.chainId, forkBlock]);
  }

  /** `node main.js reset`: no cursor, no history, of any chain. */
  async clear(tx: EntityManager): Promise<void> {
    await tx.query(`DELETE FROM chain_cursor_blocks`);
    await tx.query(`DELETE FROM chain_cursor`);
  }
}
