import { locateJsonError } from './json-syntax-error';
import { parseJsonBody } from './json-body-parser';
import { MalformedJsonError } from './malformed-json.error';

describe('locateJsonError', () => {
  // Expected values are CPython 3.11's json.JSONDecodeError (pos, msg) for the same text.
  it.each([
    ['{"name": }', 9, 'Expecting value'],
    ['{bad', 1, 'Expecting property name enclosed in double quotes'],
    ['{"a":1}x', 7, 'Extra data'],
    ['[1,]', 3, 'Expecting value'],
    ['{"a" 1}', 5, "Expecting ':' delimiter"],
    ['"abc', 0, 'Unterminated string starting at'],
    ['{"a":1,}', 7, 'Expecting property name enclosed in double quotes'],
    ['[1 2]', 3, "Expecting ',' delimiter"],
    ['{"a": tru}', 6, 'Expecting value'],
    ['{"a": "x\\q"}', 8, 'Invalid \\escape'],
    ['{"a": "\\u12G4"}', 8, 'Invalid \\uXXXX escape'],
    ['{"a": "x\ty"}', 8, 'Invalid control character at'],
    ['-', 0, 'Expecting value'],
    ['01', 1, 'Extra data'],
    ['[', 1, 'Expecting value'],
    ['{', 1, 'Expecting property name enclosed in double quotes'],
    ['{"a"', 4, "Expecting ':' delimiter"],
    ['{"a":', 5, 'Expecting value'],
    ['  ', 2, 'Expecting value'],
    ['[1,2,', 5, 'Expecting value'],
    ['nul', 0, 'Expecting value'],
    ['{"a":1 "b":2}', 7, "Expecting ',' delimiter"],
    ['[-]', 1, 'Expecting value'],
    ['1.', 1, 'Extra data'],
    ['1e', 1, 'Extra data'],
    ['{"a":[1,{"b":}]}', 13, 'Expecting value'],
    ['"\\', 0, 'Unterminated string starting at'],
    ['["a",]', 5, 'Expecting value'],
  ])('finds the error in %j at %i: %s', (text, position, message) => {
    expect(() => JSON.parse(text)).toThrow();
    expect(locateJsonError(text)).toEqual({ position, message });
  });

  it('finds nothing in valid JSON', () => {
    for (const text of ['{}', '[]', '0', '-1.5e+3', '"a\\u00e9"', '{"a": [true, false, null, {"b": "c"}]}', ' 1 ']) {
      expect(locateJsonError(text)).toBeUndefined();
    }
  });
});

describe('parseJsonBody', () => {
  it('parses JSON and treats an empty body as absent', () => {
    expect(parseJsonBody('{"a": [1, "x"]}')).toEqual({ a: [1, 'x'] });
    expect(parseJsonBody('\uFEFF{"a": 1}')).toEqual({ a: 1 });
    expect(parseJsonBody('')).toBeUndefined();
    expect(parseJsonBody('null')).toBeNull();
  });

  it('throws MalformedJsonError with the position', () => {
    const error = (() => {
      try {
        parseJsonBody('{"a": }');
      } catch (err) {
        return err;
      }
      return undefined;
    })();
    expect(error).toBeInstanceOf(MalformedJsonError);
    expect(error).toMatchObject({ position: 6, reason: 'Expecting value', statusCode: 400 });
  });

  it('rejects prototype poisoning, also when nested', () => {
    expect(() => parseJsonBody('{"__proto__": {"x": 1}}')).toThrow(MalformedJsonError);
    expect(() => parseJsonBody('{"a": [{"constructor": {"prototype": {}}}]}')).toThrow(MalformedJsonError);
    expect(parseJsonBody('{"constructor": "fine"}')).toEqual({ constructor: 'fine' });
  });
});
