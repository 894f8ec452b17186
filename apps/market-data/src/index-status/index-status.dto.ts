import { ApiProperty } from '@nestjs/swagger';
import { ApiAddress, ApiBoolean, ApiDateTime, ApiInteger, ApiNumber, ApiString } from '../common';

/** The indexer's cursor on one chain: the last block it wrote completely. */
export class ChainIndexStatusDto {
  @ApiInteger()
  chain_id!: number;

  @ApiInteger({ description: 'The last block the indexer wrote completely (its rows and cursor in one transaction)' })
  block_number!: number;

  @ApiString({ description: 'Hash of that block, 0x hex' })
  block_hash!: string;

  @ApiDateTime({ description: "That block's timestamp" })
  block_time!: string;

  @ApiDateTime({ description: 'When the indexer wrote it' })
  indexed_at!: string;

  @ApiNumber({
    description:
      "checked_at - block_time, seconds: the store keeps no chain head, so the lag is the age of the last indexed block (a quiet chain's blocks age too, never a negative value)",
  })
  lag_seconds!: number;
}

export class MarketIndexStatusDto {
  @ApiAddress()
  perp_address!: string;

  @ApiDateTime({ nullable: true, description: "Time of the market's latest snapshot; null before its first" })
  last_snapshot_at!: string | null;

  @ApiNumber({ nullable: true, description: 'checked_at - last_snapshot_at, seconds; null without a snapshot' })
  snapshot_age_seconds!: number | null;
}

/** How fresh the index is: per chain the indexer's cursor, per market its latest snapshot. */
export class IndexStatusDto {
  @ApiDateTime({ description: "The store's clock when these figures were read" })
  checked_at!: string;

  @ApiBoolean({ description: 'true when an indexer follows a chain into this store (a chain cursor exists)' })
  indexed_from_chain!: boolean;

  @ApiString({
    nullable: true,
    description: 'Why chain figures are absent: without a chain cursor the index was loaded another way (the simulator); null when indexed from a chain',
  })
  note!: string | null;

  @ApiProperty({ type: [ChainIndexStatusDto], required: true })
  chains!: ChainIndexStatusDto[];

  @ApiInteger({ description: 'Markets in the index (markets lists at most the first 1000 by perp_address)' })
  markets_total!: number;

  @ApiProperty({ type: [MarketIndexStatusDto], required: true, description: 'By perp_address' })
  markets!: MarketIndexStatusDto[];
}
