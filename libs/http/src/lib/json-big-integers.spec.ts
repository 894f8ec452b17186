import { parseInteger, parseBigInteger, parseBoolean, parseDecimal, parseString } from './field-parsers';
import { bigIntsToStrings, parseJsonWithBigIntegers } from './json-big-integers';
import { parseJsonBody } from './json-body-parser';
import { MalformedJsonError } from './malformed-json.error';

describe('parseJsonWithBigIntegers', () => {
  it('keeps integer literals beyond ±2^53 exact as BigInt', () => {
    const x96 = 2n ** 96n * 12345n + 6789n;
    expect(parseJsonWithBigIntegers(`{"initial_data": ${x96}}`)).toEqual({ initial_data: x96 });
    expect(
      parseJsonWithBigIntegers('[9007199254740992, -9007199254740992, 115792089237316195423570985008687907853269984665640564039457584007913129639935]'),
    ).toEqual([9007199254740992n, -9007199254740992n, 2n ** 256n - 1n]);
  });

  it('leaves safe integers, floats and exponents as numbers', () => {
    expect(parseJsonWithBigIntegers('[9007199254740991, -9007199254740991, 1234567890123456.5, 1e21, 1E+30, 0, -0.5]')).toEqual([
      9007199254740991, -9007199254740991, 1234567890123456.5, 1e21, 1e30, 0, -0.5,
    ]);
  });

  it('never touches digits inside strings, escaped quotes included', () => {
    const text = '{"a": "12345678901234567890", "b\\"12345678901234567890": "x\\\\", "c": 12345678901234567890}';
    expect(parseJsonWithBigIntegers(text)).toEqual({ a: '12345678901234567890', 'b"12345678901234567890': 'x\\', c: 12345678901234567890n });
  });

  it('cannot be fooled by a string that looks like its internal marker', () => {
    const parsed = parseJsonWithBigIntegers('{"a": "\\u0000bigint:x:1", "b": 12345678901234567890}') as Record<string, unknown>;
    expect(parsed['a']).toBe('\u0000bigint:x:1');
    expect(parsed['b']).toBe(12345678901234567890n);
  });

  it('throws like JSON.parse on malformed text', () => {
    expect(() => parseJsonWithBigIntegers('{"a": 12345678901234567890,}')).toThrow(SyntaxError);
  });
});

describe('parseJsonBody with big integers', () => {
  it('returns BigInts nested anywhere, and still refuses prototype keys and malformed JSON', () => {
    expect(parseJsonBody('{"updates": [{"v": 18446744073709551616}]}')).toEqual({ updates: [{ v: 18446744073709551616n }] });
    expect(() => parseJsonBody('{"__proto__": {"v": 18446744073709551616}}')).toThrow(MalformedJsonError);
    expect(() => parseJsonBody('{"v": 18446744073709551616')).toThrow(MalformedJsonError);
  });
});

describe('field parsers given a BigInt', () => {
  const big = 2n ** 64n;
  it('BigIntField takes it as is, with its bounds', () => {
    expect(parseBigInteger(big)).toEqual({ ok: true, value: big });
    expect(parseBigInteger(big, { le: 2n ** 63n })).toMatchObject({ ok: false, issue: { type: 'less_than_equal' } });
  });

  it('IntField rejects it: a broken bound as such, else a value error', () => {
    expect(parseInteger(big, { ge: 1, le: 100 })).toMatchObject({ ok: false, issue: { type: 'less_than_equal', ctx: { le: 100 } } });
    expect(parseInteger(-big, { ge: 1 })).toMatchObject({ ok: false, issue: { type: 'greater_than_equal', ctx: { ge: 1 } } });
    expect(parseInteger(big)).toMatchObject({ ok: false, issue: { type: 'value_error' } });
  });

  it('DecimalField keeps every digit; string and boolean fields refuse it', () => {
    expect(parseDecimal(123456789012345678901234567890n)).toEqual({ ok: true, value: '123456789012345678901234567890' });
    expect(parseString(big)).toMatchObject({ ok: false, issue: { type: 'string_type' } });
    expect(parseBoolean(big)).toMatchObject({ ok: false, issue: { type: 'bool_parsing' } });
  });
});

describe('bigIntsToStrings', () => {
  it('replaces BigInts deeply and returns the same object when there is none', () => {
    expect(bigIntsToStrings({ a: [1n, { b: 2n }], c: 'x' })).toEqual({ a: ['1', { b: '2' }], c: 'x' });
    const plain = { a: [1, { b: 2 }] };
    expect(bigIntsToStrings(plain)).toBe(plain);
  });
});
