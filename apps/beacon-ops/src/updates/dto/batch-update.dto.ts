import { ApiProperty } from '@nestjs/swagger';
import { NestedArrayField } from '@perp/http';
import { UpdateBeaconBody } from './update-beacon.dto';

export const MAX_BATCH_UPDATES = 100;

export class BatchUpdateBody {
  @NestedArrayField(() => UpdateBeaconBody, {
    required: true,
    minItems: 1,
    maxItems: MAX_BATCH_UPDATES,
    description: '1-100 updates, each beacon at most once (one transaction; each entry succeeds or fails on its own)',
  })
  updates!: UpdateBeaconBody[];
}

export class BatchUpdateEntryResultDto {
  @ApiProperty({ example: '0x5fbdb2315678afecb367f032d93f642f64180aa3' }) beacon_address!: string;
  @ApiProperty({ description: "Read from the batch transaction's receipt logs" }) success!: boolean;
  @ApiProperty({ type: String, nullable: true, example: '0x3c1f...', description: 'The batch transaction for an applied entry; null for a failed one' })
  transaction_hash!: string | null;
  @ApiProperty({ type: String, nullable: true, example: null, description: 'null when the entry was applied; else why not' }) error!: string | null;
}

export class BatchUpdateResultDto {
  @ApiProperty({ type: [BatchUpdateEntryResultDto] }) results!: BatchUpdateEntryResultDto[];
  @ApiProperty({ example: 3 }) total_requested!: number;
  @ApiProperty({ example: 2 }) successful_updates!: number;
  @ApiProperty({ example: 1 }) failed_updates!: number;
}
