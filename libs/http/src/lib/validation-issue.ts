import { bigIntsToStrings } from './json-big-integers';

/** One element of a FastAPI 422 `detail` array. */
export type LocItem = string | number;

export interface ValidationIssue {
  type: string;
  loc: LocItem[];
  msg: string;
  input: unknown;
  ctx?: Record<string, unknown>;
}

/** An issue before it is placed: the field's location and input are added by the caller. */
export interface FieldIssue {
  type: string;
  msg: string;
  ctx?: Record<string, unknown>;
  /** Where inside the field's value (a list element's index), appended to the field's loc. */
  at?: LocItem[];
}

export type Parsed<T> = { ok: true; value: T } | { ok: false; issue: FieldIssue };

export const accept = <T>(value: T): Parsed<T> => ({ ok: true, value });
export const reject = (issue: FieldIssue): Parsed<never> => ({ ok: false, issue });

export function placeIssue(issue: FieldIssue, loc: LocItem[], input: unknown): ValidationIssue {
  // Key order mirrors FastAPI's output; ctx only when there is one. A big integer input
  // (BigInt from the body parser) is echoed as its decimal string: JSON cannot carry a BigInt.
  const placed: ValidationIssue = { type: issue.type, loc, msg: issue.msg, input: bigIntsToStrings(input) };
  if (issue.ctx !== undefined) placed.ctx = issue.ctx;
  return placed;
}

const plural = (n: number, word: string): string => `${n} ${word}${n === 1 ? '' : 's'}`;

// Python's repr of a literal, which pydantic puts in literal_error messages.
function pyRepr(value: string | number | boolean): string {
  if (typeof value === 'string') return `'${value}'`;
  if (typeof value === 'boolean') return value ? 'True' : 'False';
  return String(value);
}

/** pydantic v2 error types and messages, word for word. */
export const issues = {
  missing: (): FieldIssue => ({ type: 'missing', msg: 'Field required' }),
  intType: (): FieldIssue => ({ type: 'int_type', msg: 'Input should be a valid integer' }),
  intParsing: (): FieldIssue => ({
    type: 'int_parsing',
    msg: 'Input should be a valid integer, unable to parse string as an integer',
  }),
  intFromFloat: (): FieldIssue => ({
    type: 'int_from_float',
    msg: 'Input should be a valid integer, got a number with a fractional part',
  }),
  greaterThanEqual: (ge: number | string): FieldIssue => ({
    type: 'greater_than_equal',
    msg: `Input should be greater than or equal to ${ge}`,
    ctx: { ge },
  }),
  lessThanEqual: (le: number | string): FieldIssue => ({
    type: 'less_than_equal',
    msg: `Input should be less than or equal to ${le}`,
    ctx: { le },
  }),
  boolType: (): FieldIssue => ({ type: 'bool_type', msg: 'Input should be a valid boolean' }),
  boolParsing: (): FieldIssue => ({
    type: 'bool_parsing',
    msg: 'Input should be a valid boolean, unable to interpret input',
  }),
  literal: (values: readonly (string | number | boolean)[]): FieldIssue => {
    const reprs = values.map(pyRepr);
    const expected = reprs.length <= 1 ? (reprs[0] ?? '') : `${reprs.slice(0, -1).join(', ')} or ${reprs[reprs.length - 1]}`;
    return { type: 'literal_error', msg: `Input should be ${expected}`, ctx: { expected } };
  },
  stringType: (): FieldIssue => ({ type: 'string_type', msg: 'Input should be a valid string' }),
  stringTooShort: (minLength: number): FieldIssue => ({
    type: 'string_too_short',
    msg: `String should have at least ${plural(minLength, 'character')}`,
    ctx: { min_length: minLength },
  }),
  stringTooLong: (maxLength: number): FieldIssue => ({
    type: 'string_too_long',
    msg: `String should have at most ${plural(maxLength, 'character')}`,
    ctx: { max_length: maxLength },
  }),
  stringPatternMismatch: (pattern: string): FieldIssue => ({
    type: 'string_pattern_mismatch',
    msg: `String should match pattern '${pattern}'`,
    ctx: { pattern },
  }),
  datetimeType: (): FieldIssue => ({ type: 'datetime_type', msg: 'Input should be a valid datetime' }),
  datetimeParsing: (error: string): FieldIssue => ({
    type: 'datetime_parsing',
    msg: `Input should be a valid datetime, ${error}`,
    ctx: { error },
  }),
  datetimeFromDateParsing: (error: string): FieldIssue => ({
    type: 'datetime_from_date_parsing',
    msg: `Input should be a valid datetime or date, ${error}`,
    ctx: { error },
  }),
  decimalType: (): FieldIssue => ({
    type: 'decimal_type',
    msg: 'Decimal input should be an integer, float, string or Decimal object',
  }),
  decimalParsing: (): FieldIssue => ({ type: 'decimal_parsing', msg: 'Input should be a valid decimal' }),
  finiteNumber: (): FieldIssue => ({ type: 'finite_number', msg: 'Input should be a finite number' }),
  listType: (): FieldIssue => ({ type: 'list_type', msg: 'Input should be a valid list' }),
  tooShort: (minLength: number, actual: number): FieldIssue => ({
    type: 'too_short',
    msg: `List should have at least ${plural(minLength, 'item')} after validation, not ${actual}`,
    ctx: { field_type: 'List', min_length: minLength, actual_length: actual },
  }),
  tooLong: (maxLength: number, actual: number): FieldIssue => ({
    type: 'too_long',
    msg: `List should have at most ${plural(maxLength, 'item')} after validation, not ${actual}`,
    ctx: { field_type: 'List', max_length: maxLength, actual_length: actual },
  }),
  modelAttributesType: (): FieldIssue => ({
    type: 'model_attributes_type',
    msg: 'Input should be a valid dictionary or object to extract fields from',
  }),
  unstorableText: (): FieldIssue => ({
    type: 'string_unicode',
    msg: 'Input should be a valid string, without NUL characters or unpaired surrogates',
  }),
  valueError: (error: string): FieldIssue => ({
    type: 'value_error',
    msg: `Value error, ${error}`,
    ctx: { error },
  }),
};
