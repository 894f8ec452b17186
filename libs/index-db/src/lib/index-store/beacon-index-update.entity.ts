import { Check, Column, Entity, Index, PrimaryColumn } from 'typeorm';
import { AddressColumn, addressCheck, OnChainIntegerColumn, unixSecondsTransformer, UnixSecondsColumn } from '../columns';

/**
 * One `IndexUpdated(uint256)` log of a market's beacon, append-only: a reorg deletes the rows
 * after the fork point and never edits one. The primary key is the log's place on the chain.
 */
@Entity({ name: 'beacon_index_updates' })
@Check('beacon_index_updates_beacon_address_check', addressCheck('beacon_address'))
// The last update of a beacon (markets.index_price_x96 after a rewind, the history of one feed).
@Index('beacon_index_updates_beacon_idx', ['beaconAddress', 'blockNumber', 'logIndex'])
export class BeaconIndexUpdate {
  @PrimaryColumn({ name: 'block_number', type: 'bigint', transformer: unixSecondsTransformer, primaryKeyConstraintName: 'beacon_index_updates_pkey' })
  blockNumber!: number;

  @PrimaryColumn({ name: 'log_index', type: 'integer', primaryKeyConstraintName: 'beacon_index_updates_pkey' })
  logIndex!: number;

  @AddressColumn('beacon_address')
  beaconAddress!: string;

  @Column({ name: 'transaction_hash', type: 'character varying', length: 66 })
  transactionHash!: string;

  /** The new index(), plain X96. */
  @OnChainIntegerColumn('index_x96')
  indexX96!: bigint;

  @UnixSecondsColumn('block_timestamp')
  blockTimestamp!: number;
}
