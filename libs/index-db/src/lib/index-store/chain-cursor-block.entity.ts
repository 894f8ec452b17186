import { Column, Entity, PrimaryColumn } from 'typeorm';
import { unixSecondsTransformer } from '../columns';

/**
 * The hashes of the recent blocks the indexer wrote (each with its rows, in their transaction):
 * after a reorg, the fork point is the highest of them the chain still has, found without
 * trusting anything but the store. Pruned to the indexer's REORG_HISTORY_BLOCKS.
 */
@Entity({ name: 'chain_cursor_blocks' })
export class ChainCursorBlock {
  @PrimaryColumn({ name: 'chain_id', type: 'bigint', transformer: unixSecondsTransformer, primaryKeyConstraintName: 'chain_cursor_blocks_pkey' })
  chainId!: number;

  @PrimaryColumn({ name: 'block_number', type: 'bigint', transformer: unixSecondsTransformer, primaryKeyConstraintName: 'chain_cursor_blocks_pkey' })
  blockNumber!: number;

  @Column({ name: 'block_hash', type: 'character varying', length: 66 })
  blockHash!: string;
}
