import { Type } from '@nestjs/common';
import { ApiProperty, ApiPropertyOptions } from '@nestjs/swagger';
import { ValidateBy, ValidateNested } from 'class-validator';
import { parseDateTime } from './datetime-parser';
import {
  ADDRESS_PATTERN,
  BigIntBounds,
  IntBounds,
  StringRules,
  parseAddress,
  parseBigInteger,
  parseBoolean,
  parseDecimal,
  parseInteger,
  parseLiteral,
  parseString,
} from './field-parsers';
import { FieldSpec, checkField, setFieldSpec, toDtoInstance } from './field-spec';
import { Parsed, accept, issues, reject } from './validation-issue';

/**
 * FastAPI-style field decorators for query and body DTOs. Each one records how the raw
 * input is converted (its FieldSpec, which toDtoInstance applies), validates it (class-validator,
 * one constraint carrying the pydantic error) and documents it (@nestjs/swagger). FastApiValidationPipe turns a
 * failure into the matching 422 detail item.
 */
export interface FieldOptions<T> {
  /** Without it a field is optional; absent, it takes `default` (or stays undefined). */
  required?: boolean;
  default?: T | (() => T);
  /** Accept an explicit JSON null (body fields). */
  nullable?: boolean;
  description?: string;
  example?: unknown;
  deprecated?: boolean;
}

export const FIELD_CONSTRAINT = 'fastapiField';

type Raw = Record<string, unknown>;

// OpenAPI defaults must be plain JSON values (no bigint, Date or factory).
const isDocumentable = (value: unknown): boolean => ['string', 'number', 'boolean'].includes(typeof value);

function field<T>(
  parse: (raw: unknown) => Parsed<T>,
  options: FieldOptions<T>,
  schema: ApiPropertyOptions,
  extra: PropertyDecorator[] = [],
): PropertyDecorator {
  const spec: FieldSpec<T> = {
    parse,
    required: options.required === true,
    nullable: options.nullable === true,
    default: options.default,
    scalar: !('isArray' in schema && schema.isArray),
  };
  const docs: ApiPropertyOptions = {
    required: spec.required,
    ...(options.nullable ? { nullable: true } : {}),
    ...(isDocumentable(options.default) ? { default: options.default } : {}),
    ...(options.description !== undefined ? { description: options.description } : {}),
    ...(options.example !== undefined ? { example: options.example } : {}),
    ...(options.deprecated ? { deprecated: true } : {}),
    ...schema,
  } as ApiPropertyOptions;

  return (target, propertyKey) => {
    const property = String(propertyKey);
    setFieldSpec(target, property, spec as FieldSpec);
    ValidateBy({
      name: FIELD_CONSTRAINT,
      validator: {
        validate: (value) => checkField(spec, value).ok,
        defaultMessage: (args) => {
          const parsed = checkField(spec, args?.value);
          return parsed.ok ? 'Invalid value' : parsed.issue.msg;
        },
      },
    })(target, property);
    for (const decorator of extra) decorator(target, property);
    ApiProperty(docs)(target, property);
  };
}

/** Integer, like `int = Query(ge=.., le=..)`: int_parsing, greater_than_equal, less_than_equal. */
export function IntField(options: FieldOptions<number> & IntBounds = {}): PropertyDecorator {
  const bounds = { ge: options.ge, le: options.le };
  return field((raw) => parseInteger(raw, bounds), options, {
    type: 'integer',
    ...(options.ge !== undefined ? { minimum: options.ge } : {}),
    ...(options.le !== undefined ? { maximum: options.le } : {}),
  });
}

/** Integer of any size (uint256): a JSON integer or a decimal integer string, as a bigint. */
export function BigIntField(options: FieldOptions<bigint> & BigIntBounds = {}): PropertyDecorator {
  const bounds = { ge: options.ge, le: options.le };
  // Documented as a string: the only form that holds a uint256 in every client.
  return field((raw) => parseBigInteger(raw, bounds), options, {
    type: 'string',
    pattern: options.ge !== undefined && options.ge >= 0n ? '^\\d+$' : '^[+-]?\\d+$',
    ...(options.description === undefined ? { description: 'An integer as a decimal string (a JSON integer is accepted too)' } : {}),
  });
}

export interface ListBounds {
  /** Most elements a list may hold (too_long): keeps the work of one request bounded. */
  maxItems: number;
}

/**
 * One integer of any size, or a non-empty list of them (the-beaconator's `measurement`: a
 * single value, or a group beacon's values). A bigint, or a bigint[] when a list was sent; an
 * element's issue is placed at its index (loc [..., field, i]).
 */
export function BigIntOrListField(options: FieldOptions<bigint | bigint[]> & BigIntBounds & ListBounds): PropertyDecorator {
  const bounds = { ge: options.ge, le: options.le };
  const parse = (raw: unknown): Parsed<bigint | bigint[]> => {
    if (!Array.isArray(raw)) return parseBigInteger(raw, bounds);
    if (raw.length === 0) return reject(issues.tooShort(1, 0));
    if (raw.length > options.maxItems) return reject(issues.tooLong(options.maxItems, raw.length));
    const values: bigint[] = [];
    for (let i = 0; i < raw.length; i++) {
      const element = parseBigInteger(raw[i], bounds);
      if (!element.ok) return reject({ ...element.issue, at: [i] });
      values.push(element.value);
    }
    return accept(values);
  };
  const integer = { type: 'string', pattern: options.ge !== undefined && options.ge >= 0n ? '^\\d+$' : '^[+-]?\\d+$' };
  return field(parse, options, {
    oneOf: [integer, { type: 'array', items: integer, minItems: 1, maxItems: options.maxItems }],
  } as ApiPropertyOptions);
}

/** Boolean: true/false, 1/0, yes/no, on/off, t/f, y/n in any case (bool_parsing). */
export function BoolField(options: FieldOptions<boolean> = {}): PropertyDecorator {
  return field(parseBoolean, options, { type: 'boolean' });
}

/** One of fixed values, like `Literal['asc', 'desc']` (literal_error). */
export function LiteralField<T extends string | number>(values: readonly T[], options: FieldOptions<T> = {}): PropertyDecorator {
  return field((raw) => parseLiteral(raw, values), options, {
    type: values.every((v) => typeof v === 'number') ? 'integer' : 'string',
    enum: [...values],
  });
}

/** A string with optional length bounds and pattern (string_too_long, string_pattern_mismatch...). */
export function StringField(options: FieldOptions<string> & StringRules = {}): PropertyDecorator {
  const rules = { minLength: options.minLength, maxLength: options.maxLength, pattern: options.pattern };
  return field((raw) => parseString(raw, rules), options, {
    type: 'string',
    ...(rules.minLength !== undefined ? { minLength: rules.minLength } : {}),
    ...(rules.maxLength !== undefined ? { maxLength: rules.maxLength } : {}),
    ...(rules.pattern !== undefined ? { pattern: rules.pattern } : {}),
  });
}

/**
 * An EVM address in any case (string_pattern_mismatch), lower-cased once valid. No default
 * example: docs' "Try it out" would send it, and a made-up address matches nothing.
 */
export function AddressField(options: FieldOptions<string> = {}): PropertyDecorator {
  return field(parseAddress, options, { type: 'string', pattern: ADDRESS_PATTERN });
}

/** ISO 8601 date-time (or date, or Unix seconds), converted to a Date; no offset means UTC. */
export function DateTimeField(options: FieldOptions<Date> = {}): PropertyDecorator {
  return field(parseDateTime, options, { type: 'string', format: 'date-time' });
}

export const DECIMAL_STRING_PATTERN = '^[+-]?(\\d+\\.?\\d*|\\.\\d+)([eE][+-]?\\d+)?$';

/** A decimal given as a number or a string, converted to a plain decimal string. */
export function DecimalField(options: FieldOptions<string> & { ge?: number } = {}): PropertyDecorator {
  const rules = { ge: options.ge };
  // Documented as a string (query values are text anyway); JSON numbers are accepted too.
  return field((raw) => parseDecimal(raw, rules), options, {
    type: 'string',
    pattern: DECIMAL_STRING_PATTERN,
    ...(options.description === undefined
      ? { description: `A decimal${options.ge !== undefined ? ` >= ${options.ge}` : ''}, as a number or a decimal string` }
      : {}),
  });
}

export interface NestedOptions<T> extends FieldOptions<T> {
  minItems?: number;
  maxItems?: number;
}

const isObject = (value: unknown): value is object => typeof value === 'object' && value !== null && !Array.isArray(value);

function toInstance<T extends object>(dto: Type<T>, value: unknown): unknown {
  return isObject(value) && !(value instanceof dto) ? toDtoInstance(dto as new () => T, value as Raw) : value;
}

/** A nested object validated by its own DTO (model_attributes_type when not an object). */
export function NestedField<T extends object>(dto: () => Type<T>, options: FieldOptions<T> = {}): PropertyDecorator {
  const parse = (raw: unknown): Parsed<T> => (isObject(raw) ? accept(toInstance(dto(), raw) as T) : reject(issues.modelAttributesType()));
  return field(parse, options, { type: () => dto() }, [ValidateNested()]);
}

/** A list of nested objects (list_type, too_short, too_long; each element by its DTO). */
export function NestedArrayField<T extends object>(dto: () => Type<T>, options: NestedOptions<T[]> = {}): PropertyDecorator {
  const parse = (raw: unknown): Parsed<T[]> => {
    if (!Array.isArray(raw)) return reject(issues.listType());
    if (options.minItems !== undefined && raw.length < options.minItems) {
      return reject(issues.tooShort(options.minItems, raw.length));
    }
    if (options.maxItems !== undefined && raw.length > options.maxItems) {
      return reject(issues.tooLong(options.maxItems, raw.length));
    }
    // Non-objects stay in place: ValidateNested flags them, element by element.
    return accept(raw.map((element) => toInstance(dto(), element)) as T[]);
  };
  return field(
    parse,
    options,
    {
      type: () => dto(),
      isArray: true,
      ...(options.minItems !== undefined ? { minItems: options.minItems } : {}),
      ...(options.maxItems !== undefined ? { maxItems: options.maxItems } : {}),
    },
    [ValidateNested({ each: true })],
  );
}
