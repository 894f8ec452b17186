import { ApiProperty } from '@nestjs/swagger';
import { ApiDateTime, ApiDecimal, ApiNumber } from '../common';
import { MEASUREMENT_ORIGINS } from '@perp/index-db';

/** Market history point: a raw source measurement with its index (merged per DESIGN.md "history merge"). */
export class HistoryPointDto {
  @ApiDateTime()
  ts!: string;

  @ApiNumber({ nullable: true, description: 'Raw source measurement; present for the whole life of the market' })
  raw_value!: number | null;

  @ApiDecimal({
    nullable: true,
    description:
      "Index in X96 form (an integer). Before the boundary: the source row's; at and after it: the on-chain snapshot's at the same timestamp. null when that tick has no index (null or <= 0); the point stays",
  })
  index_x96!: string | null;

  @ApiProperty({
    type: 'string',
    enum: [...MEASUREMENT_ORIGINS],
    required: true,
    nullable: true,
    description: 'backfill, mirror or folded before the boundary; chain at and after it',
  })
  origin!: string | null;
}
