import { parseDateTime } from './datetime-parser';
import { parseAddress, parseBigInteger, parseBoolean, parseDecimal, parseInteger, parseLiteral, parseString } from './field-parsers';
import { Parsed } from './validation-issue';

const value = <T>(parsed: Parsed<T>): T => {
  if (!parsed.ok) throw new Error(`expected a value, got ${parsed.issue.type}`);
  return parsed.value;
};
const type = (parsed: Parsed<unknown>): string | undefined => (parsed.ok ? undefined : parsed.issue.type);

describe('parseInteger', () => {
  it('reads integer strings like pydantic', () => {
    expect(value(parseInteger('42'))).toBe(42);
    expect(value(parseInteger(' +7 '))).toBe(7);
    expect(value(parseInteger('3.000'))).toBe(3);
    expect(Object.is(value(parseInteger('-0')), 0)).toBe(true);
    expect(type(parseInteger('3.5'))).toBe('int_parsing');
    expect(type(parseInteger('1e3'))).toBe('int_parsing');
    expect(type(parseInteger('0x10'))).toBe('int_parsing');
  });

  it('reads JSON values', () => {
    expect(value(parseInteger(5))).toBe(5);
    expect(value(parseInteger(true))).toBe(1);
    expect(type(parseInteger(2.5))).toBe('int_from_float');
    expect(type(parseInteger(null))).toBe('int_type');
    expect(type(parseInteger({}))).toBe('int_type');
  });

  it('checks bounds with pydantic ctx', () => {
    expect(parseInteger('0', { ge: 1 })).toEqual({
      ok: false,
      issue: { type: 'greater_than_equal', msg: 'Input should be greater than or equal to 1', ctx: { ge: 1 } },
    });
    expect(parseInteger('99999999999999999999', { le: 500 })).toEqual({
      ok: false,
      issue: { type: 'less_than_equal', msg: 'Input should be less than or equal to 500', ctx: { le: 500 } },
    });
  });
});

describe('parseBigInteger', () => {
  it('keeps every digit of a uint256', () => {
    const max = 2n ** 256n - 1n;
    expect(value(parseBigInteger(max.toString()))).toBe(max);
    expect(value(parseBigInteger(12))).toBe(12n);
    expect(type(parseBigInteger(2 ** 60))).toBe('value_error');
    expect(type(parseBigInteger('12a'))).toBe('int_parsing');
  });

  it('gives JSON-safe ctx for big bounds', () => {
    const parsed = parseBigInteger('5', { le: 2n ** 64n });
    expect(parsed.ok).toBe(true);
    expect(parseBigInteger((2n ** 65n).toString(), { le: 2n ** 64n })).toMatchObject({
      issue: { ctx: { le: '18446744073709551616' } },
    });
  });
});

describe('parseBoolean', () => {
  it.each(['true', 'TRUE', '1', 'yes', 'Y', 'on', 't'])('reads %s as true', (text) => {
    expect(value(parseBoolean(text))).toBe(true);
  });
  it.each(['false', 'False', '0', 'no', 'N', 'off', 'f'])('reads %s as false', (text) => {
    expect(value(parseBoolean(text))).toBe(false);
  });
  it('rejects anything else', () => {
    expect(type(parseBoolean('maybe'))).toBe('bool_parsing');
    expect(type(parseBoolean(2))).toBe('bool_parsing');
    expect(type(parseBoolean(null))).toBe('bool_type');
  });
});

describe('parseLiteral', () => {
  it('words the expected values like pydantic', () => {
    expect(parseLiteral('x', ['only'])).toMatchObject({ issue: { msg: "Input should be 'only'" } });
    expect(parseLiteral('x', ['a', 'b', 'c'])).toMatchObject({
      issue: { type: 'literal_error', ctx: { expected: "'a', 'b' or 'c'" } },
    });
    expect(value(parseLiteral('2', [1, 2]))).toBe(2);
    expect(type(parseLiteral('ASC', ['asc', 'desc']))).toBe('literal_error');
  });
});

describe('parseString and parseAddress', () => {
  it('counts characters, not UTF-16 units', () => {
    expect(value(parseString('😀😀', { maxLength: 2 }))).toBe('😀😀');
    expect(parseString('abc', { maxLength: 1 })).toMatchObject({
      issue: { msg: 'String should have at most 1 character', ctx: { max_length: 1 } },
    });
    expect(parseString('', { minLength: 1 })).toMatchObject({
      issue: { type: 'string_too_short', msg: 'String should have at least 1 character' },
    });
  });

  it('lower-cases a valid address only', () => {
    expect(value(parseAddress('0xABCDEF0123456789ABCDEF0123456789ABCDEF01'))).toBe('0xabcdef0123456789abcdef0123456789abcdef01');
    expect(type(parseAddress('0xABCDEF0123456789ABCDEF0123456789ABCDEF0'))).toBe('string_pattern_mismatch');
    expect(type(parseAddress(' 0xabcdef0123456789abcdef0123456789abcdef01'))).toBe('string_pattern_mismatch');
    expect(type(parseAddress(12))).toBe('string_type');
  });
});

describe('parseDecimal', () => {
  it.each([
    ['12.50', '12.5'],
    ['+3', '3'],
    ['1e3', '1000'],
    ['1.5E-3', '0.0015'],
    ['.5', '0.5'],
    ['007', '7'],
    ['0.000', '0'],
    ['-0', '0'],
    ['123456789012345678901234567890.123456789012345678', '123456789012345678901234567890.123456789012345678'],
  ])('normalises %s to %s', (text, plain) => {
    expect(value(parseDecimal(text))).toBe(plain);
  });

  it('takes JSON numbers', () => {
    expect(value(parseDecimal(2.5))).toBe('2.5');
    expect(value(parseDecimal(1e21))).toBe('1000000000000000000000');
  });

  it('rejects malformed, non-finite and negative values', () => {
    expect(type(parseDecimal('abc'))).toBe('decimal_parsing');
    expect(type(parseDecimal('.'))).toBe('decimal_parsing');
    expect(type(parseDecimal('1.2.3'))).toBe('decimal_parsing');
    expect(type(parseDecimal('NaN'))).toBe('finite_number');
    expect(type(parseDecimal('-Infinity'))).toBe('finite_number');
    expect(type(parseDecimal(true))).toBe('decimal_type');
    expect(parseDecimal('-0.01', { ge: 0 })).toMatchObject({ issue: { type: 'greater_than_equal', ctx: { ge: 0 } } });
    expect(value(parseDecimal('0', { ge: 0 }))).toBe('0');
  });
});

describe('parseDateTime', () => {
  const iso = (raw: unknown): string => value(parseDateTime(raw)).toISOString();

  it('reads ISO 8601 forms, taking no offset as UTC', () => {
    expect(iso('2024-03-05T06:07:08Z')).toBe('2024-03-05T06:07:08.000Z');
    expect(iso('2024-03-05t06:07:08z')).toBe('2024-03-05T06:07:08.000Z');
    expect(iso('2024-03-05_06:07')).toBe('2024-03-05T06:07:00.000Z');
    expect(iso('2024-03-05T06:07:08.9+0100')).toBe('2024-03-05T05:07:08.900Z');
    expect(iso('2024-02-29')).toBe('2024-02-29T00:00:00.000Z');
    expect(iso('0050-06-01T00:00:00Z')).toBe('0050-06-01T00:00:00.000Z');
  });

  it('reads Unix seconds, and milliseconds past 2e10', () => {
    expect(iso(1704067200)).toBe('2024-01-01T00:00:00.000Z');
    expect(iso('1704067200000')).toBe('2024-01-01T00:00:00.000Z');
  });

  it('reports errors like pydantic', () => {
    expect(parseDateTime('2023-02-29')).toEqual({
      ok: false,
      issue: {
        type: 'datetime_from_date_parsing',
        msg: 'Input should be a valid datetime or date, day value is outside expected range',
        ctx: { error: 'day value is outside expected range' },
      },
    });
    expect(parseDateTime('2024/01/01')).toMatchObject({ issue: { ctx: { error: 'invalid date separator, expected `-`' } } });
    expect(parseDateTime('2024-01-01T10:61:00')).toMatchObject({
      issue: { ctx: { error: 'unexpected extra characters at the end of the input' } },
    });
    expect(type(parseDateTime(true))).toBe('datetime_type');
    expect(type(parseDateTime(1e20))).toBe('datetime_parsing');
  });
});
