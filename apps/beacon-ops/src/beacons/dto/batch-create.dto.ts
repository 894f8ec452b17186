import { ApiProperty } from '@nestjs/swagger';
import { IntField } from '@perp/http';

export class BatchCreateBody {
  @IntField({ required: true, ge: 1, le: 100, description: 'How many beacons to create and register', example: 3 })
  count!: number;
}

export class BatchCreateResultDto {
  @ApiProperty({ example: 3 }) created_count!: number;
  @ApiProperty({ type: [String], example: ['0x5fbdb2315678afecb367f032d93f642f64180aa3'] }) beacon_addresses!: string[];
  @ApiProperty({ example: 0, description: 'Always 0: the batch is atomic (all created, or the call fails and none is)' }) failed_count!: number;
  @ApiProperty({ type: [String], example: [], description: 'Always empty on success (atomic batch); a failure is the error envelope' }) errors!: string[];
}
