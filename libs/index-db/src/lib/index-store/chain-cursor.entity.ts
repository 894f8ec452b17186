import { Column, Entity, PrimaryColumn } from 'typeorm';
import { unixSecondsTransformer } from '../columns';

/**
 * Where the indexer (apps/indexer) stands on its chain: the last block whose rows are all in the
 * store, written in the same transaction as those rows, so the store and its cursor never
 * disagree. `genesis_hash` pins the store to one chain: an indexer pointed at another chain
 * (same id, other genesis: a fresh anvil, a testnet reset) refuses to run until told to reset.
 */
@Entity({ name: 'chain_cursor' })
export class ChainCursor {
  /** bigint: chain ids go beyond int4 (some L2s and test chains). */
  @PrimaryColumn({ name: 'chain_id', type: 'bigint', transformer: unixSecondsTransformer, primaryKeyConstraintName: 'chain_cursor_pkey' })
  chainId!: number;

  @Column({ name: 'genesis_hash', type: 'character varying', length: 66 })
  genesisHash!: string;

  /** Block numbers stay far below 2^53: a plain number, as unix seconds are. */
  @Column({ name: 'block_number', type: 'bigint', transformer: unixSecondsTransformer })
  blockNumber!: number;

  @Column({ name: 'block_hash', type: 'character varying', length: 66 })
  blockHash!: string;

  /** The block's timestamp (unix seconds): the lag in seconds is the head's minus this. */
  @Column({ name: 'block_timestamp', type: 'bigint', transformer: unixSecondsTransformer })
  blockTimestamp!: number;

  @Column({ name: 'updated_at', type: 'timestamp with time zone' })
  updatedAt!: Date;
}
