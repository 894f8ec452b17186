import { ApiProperty } from '@nestjs/swagger';

export class HealthDto {
  @ApiProperty({ example: 'ok', enum: ['ok'] })
  status!: 'ok';
}

export class CheckResultDto {
  @ApiProperty({ enum: ['up', 'down'] })
  status!: 'up' | 'down';

  @ApiProperty({ description: 'How long the probe took, in milliseconds', example: 2 })
  latency_ms!: number;

  @ApiProperty({
    required: false,
    description: 'Why it is down: what to fix (e.g. a store not migrated), or `unreachable` / `timeout`',
    example: 'not migrated: pending CreateApiKeys1767225600000 (run `node main.js migrate`)',
  })
  reason?: string;
}

export class ReadinessDto {
  @ApiProperty({ enum: ['ready', 'unavailable'] })
  status!: 'ready' | 'unavailable';

  @ApiProperty({
    type: 'object',
    additionalProperties: { $ref: '#/components/schemas/CheckResultDto' },
    example: { index_store: { status: 'up', latency_ms: 2 } },
  })
  checks!: Record<string, CheckResultDto>;
}
