import { ApiProperty } from '@nestjs/swagger';
import { DECIMAL_REGEX } from '@perp/x96-math';

/**
 * OpenAPI decorators for RESPONSE fields (query/body fields use @perp/http's decorators,
 * which also validate). Each says exactly what the spec says: required unless '?', and
 * nullable where the spec allows null.
 */
export interface ResponseFieldOptions {
  /** The spec's '?': the value may be null. */
  nullable?: boolean;
  description?: string;
  example?: unknown;
  deprecated?: boolean;
}

const common = (options: ResponseFieldOptions) => ({
  required: true,
  ...(options.nullable ? { nullable: true } : {}),
  ...(options.description !== undefined ? { description: options.description } : {}),
  ...(options.example !== undefined ? { example: options.example } : {}),
  ...(options.deprecated ? { deprecated: true } : {}),
});

/** A 'dec' field: a plain decimal string from formatDecimal. */
export const ApiDecimal = (options: ResponseFieldOptions = {}): PropertyDecorator =>
  ApiProperty({ type: 'string', pattern: DECIMAL_REGEX.source, example: '1.5', ...common(options) });

/** A date-time field: ISO 8601 in UTC with `Z`. */
export const ApiDateTime = (options: ResponseFieldOptions = {}): PropertyDecorator =>
  ApiProperty({ type: 'string', format: 'date-time', example: '2026-01-01T00:00:00.000Z', ...common(options) });

/** A lowercase 0x address. */
export const ApiAddress = (options: ResponseFieldOptions = {}): PropertyDecorator =>
  ApiProperty({ type: 'string', pattern: '^0x[0-9a-f]{40}$', example: '0x00000000000000000000000000000000000000aa', ...common(options) });

export const ApiString = (options: ResponseFieldOptions = {}): PropertyDecorator => ApiProperty({ type: 'string', ...common(options) });

export const ApiInteger = (options: ResponseFieldOptions = {}): PropertyDecorator => ApiProperty({ type: 'integer', ...common(options) });

export const ApiNumber = (options: ResponseFieldOptions = {}): PropertyDecorator => ApiProperty({ type: 'number', ...common(options) });

export const ApiBoolean = (options: ResponseFieldOptions = {}): PropertyDecorator => ApiProperty({ type: 'boolean', ...common(options) });
