import { ApiPropertyOptions } from '@nestjs/swagger';
import { DECIMAL_REGEX } from '@perp/x96-math';

/** OpenAPI options of the spec's field kinds, shared by the position and candidate shapes. */
export const DEC_OR_NULL = (description: string, example: string | null): ApiPropertyOptions => ({
  type: 'string',
  pattern: DECIMAL_REGEX.source,
  nullable: true,
  required: true,
  description,
  example,
});

export const HEX_ADDRESS = (description: string, nullable = false): ApiPropertyOptions => ({
  type: 'string',
  pattern: '^0x[0-9a-f]{40}$',
  description,
  example: '0x5fbdb2315678afecb367f032d93f642f64180aa3',
  ...(nullable ? { nullable: true, required: true } : {}),
});
