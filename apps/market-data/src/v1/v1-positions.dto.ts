import { ApiProperty } from '@nestjs/swagger';
import { DECIMAL_REGEX } from '@perp/x96-math';

const ADDRESS = { type: 'string', pattern: '^0x[0-9a-f]{40}$', example: '0x5fbdb2315678afecb367f032d93f642f64180aa3' } as const;
const DEC_OR_NULL = { type: 'string', pattern: DECIMAL_REGEX.source, nullable: true, required: true } as const;

/** Legacy /v1 Position: exactly these fields (DESIGN §4), frozen. */
export class V1PositionDto {
  @ApiProperty({ type: 'integer', example: 42 }) id!: number;
  @ApiProperty({ type: 'integer', description: 'Unix seconds', example: 1767139200 }) open_timestamp!: number;
  @ApiProperty({ ...ADDRESS, description: 'Perp contract address' }) perp!: string;
  @ApiProperty({ ...ADDRESS, nullable: true, required: true }) holder!: string | null;
  @ApiProperty({ example: false }) is_maker!: boolean;
  @ApiProperty({ type: 'boolean', nullable: true, required: true, example: true }) is_long!: boolean | null;
  @ApiProperty({ example: false }) is_closed!: boolean;
  @ApiProperty({ type: 'integer', nullable: true, required: true, example: null }) close_timestamp!: number | null;
  @ApiProperty({ type: 'boolean', nullable: true, required: true, example: null }) was_liquidated!: boolean | null;
}

/** Legacy /v1 liquidation candidate: exactly these fields, frozen. */
export class V1LiquidationCandidateDto {
  @ApiProperty({ type: 'integer', example: 42 }) id!: number;
  @ApiProperty({ ...ADDRESS, nullable: true, required: true }) perp!: string | null;
  @ApiProperty({ example: false }) is_maker!: boolean;
  @ApiProperty({
    type: 'string',
    pattern: '^\\d+$',
    description: 'Integer string in base units: |perp_delta| atoms (takers), liquidity (makers)',
    example: '2000000',
  })
  amount!: string;
  @ApiProperty({ type: 'string', default: 'full', example: 'full' }) mode!: string;
  @ApiProperty({
    ...DEC_OR_NULL,
    description: "The contract's ratio from indexed state: floor(equity * 1e6 / (value + 1)) / 1e6, 0 when equity <= 0; null if uncomputable",
    example: '0.052',
  })
  margin_ratio!: string | null;
  @ApiProperty({ ...DEC_OR_NULL, description: 'Maintenance margin ratio, fraction', example: '0.05' }) liq_margin_ratio!: string | null;
  @ApiProperty({ type: 'integer', nullable: true, required: true, description: 'Unix time of the mark snapshot used', example: 1767225540 }) as_of!:
    number | null;
}
