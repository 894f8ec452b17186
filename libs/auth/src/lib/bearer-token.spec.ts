import { bearerToken, headerValue } from './bearer-token';

const req = (headers: Record<string, string | string[] | undefined>) => ({ headers });

describe('bearerToken', () => {
  it('reads the token of a Bearer header, scheme in any case', () => {
    expect(bearerToken(req({ authorization: 'Bearer abc.def-ghi' }))).toBe('abc.def-ghi');
    expect(bearerToken(req({ authorization: 'bearer abc' }))).toBe('abc');
    expect(bearerToken(req({ authorization: 'BEARER   abc ' }))).toBe('abc');
  });

  it('gives nothing for other schemes, no token, or two tokens', () => {
    for (const authorization of [undefined, '', 'Bearer', 'Bearer ', 'Basic abc', 'Token abc', 'Bearer a b', 'Bearerabc']) {
      expect(bearerToken(req({ authorization }))).toBeUndefined();
    }
  });
});

describe('headerValue', () => {
  it('reads a single, non-empty header by its name in any case', () => {
    expect(headerValue(req({ 'x-api-key': 'k' }), 'X-API-Key')).toBe('k');
    expect(headerValue(req({ 'x-api-key': '' }), 'X-API-Key')).toBeUndefined();
    expect(headerValue(req({ 'x-api-key': ['a', 'b'] }), 'X-API-Key')).toBeUndefined();
  });
});
