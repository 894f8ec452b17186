import { InvalidSettingsError, loadSettings, setting } from './settings';
import { maskUrlPasswords } from '@perp/store';
import { address, flag, httpUrl, integer, list, oneOf, port, postgresUrl, privateKey, secretList, secretToken } from './setting-parsers';

const spec = {
  port: setting('APP_PORT', port, { default: '8001' }),
  db: setting('APP_DB', postgresUrl, { default: 'postgres://u@h:5432/db' }),
  rpc: setting('APP_RPC', httpUrl),
  tokens: setting('APP_TOKENS', list(secretToken({ minLength: 4 }), { min: 1 }), { default: 'abcd', secret: true }),
};

describe('loadSettings', () => {
  it('uses defaults and lets every variable override them', () => {
    expect(loadSettings(spec, { APP_RPC: 'http://127.0.0.1:8545' })).toEqual({
      port: 8001,
      db: 'postgres://u@h:5432/db',
      rpc: 'http://127.0.0.1:8545',
      tokens: ['abcd'],
    });
    expect(loadSettings(spec, { APP_RPC: 'https://rpc', APP_PORT: '9000', APP_TOKENS: 'one1, two2 ,' })).toMatchObject({
      port: 9000,
      tokens: ['one1', 'two2'],
    });
  });

  it('treats an empty variable as unset', () => {
    expect(loadSettings(spec, { APP_RPC: 'http://x', APP_PORT: '  ' }).port).toBe(8001);
  });

  it('reports every bad setting at once, each by its variable name', () => {
    let error: unknown;
    try {
      loadSettings(spec, { APP_PORT: '70000', APP_DB: 'mysql://x' });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(InvalidSettingsError);
    expect((error as InvalidSettingsError).problems).toEqual([
      'APP_PORT: must be at most 65535 (got "70000")',
      'APP_DB: must be a postgres or postgresql URL (got "mysql://x")',
      'APP_RPC is required but not set',
    ]);
    expect((error as Error).message).toContain('Invalid settings:\n  - APP_PORT');
  });

  it('never echoes a secret back', () => {
    expect(() => loadSettings(spec, { APP_RPC: 'http://x', APP_TOKENS: 'ab,cdefgh' })).toThrow(/APP_TOKENS: item 1 must be at least 4 characters$/m);
  });
});

describe('setting parsers', () => {
  it('parse integers strictly', () => {
    expect(integer({ min: 0 })('12')).toBe(12);
    expect(() => integer()('1.5')).toThrow('must be an integer');
    expect(() => integer()('12abc')).toThrow('must be an integer');
    expect(() => integer({ min: 1 })('0')).toThrow('must be at least 1');
    expect(() => port('0')).toThrow('must be at least 1');
  });

  it('parse keys, addresses and enumerations', () => {
    const key = `0x${'Ab'.repeat(32)}`;
    expect(privateKey(key)).toBe(key.toLowerCase());
    expect(privateKey('ab'.repeat(32))).toBe(`0x${'ab'.repeat(32)}`);
    expect(() => privateKey('0x1234')).toThrow('32-byte hex');
    expect(address('0x' + 'A'.repeat(40))).toBe('0x' + 'a'.repeat(40));
    expect(() => address('0x123')).toThrow('20-byte hex address');
    expect(oneOf('a', 'b')('b')).toBe('b');
    expect(() => oneOf('a', 'b')('c')).toThrow('must be one of a, b');
  });

  it('parse URLs by scheme', () => {
    expect(() => httpUrl('not a url')).toThrow('must be a URL');
    expect(() => httpUrl('ws://x')).toThrow('must be a http or https URL');
    expect(list(String, { min: 2 })('a,b')).toEqual(['a', 'b']);
    expect(() => list(String, { min: 2 })('a')).toThrow('at least 2 comma-separated values');
  });
});

describe('secret settings', () => {
  it('need 32 characters by default, no blank entry and no repeat', () => {
    const strong = 'k'.repeat(32);
    expect(secretToken()(strong)).toBe(strong);
    expect(() => secretToken()('k'.repeat(31))).toThrow('must be at least 32 characters');
    expect(secretList()(` ${strong} , ${'j'.repeat(40)} `)).toEqual([strong, 'j'.repeat(40)]);
    expect(() => secretList()(',')).toThrow('is blank');
    expect(() => secretList()(`${strong},`)).toThrow('item 2 is blank');
    expect(() => secretList()(`${strong},short`)).toThrow('item 2 must be at least 32 characters');
    expect(() => secretList()(`${strong},${strong}`)).toThrow('lists the same value twice');
  });

  it('take private keys only in [1, n - 1] of secp256k1', () => {
    expect(privateKey(`0x${'00'.repeat(31)}01`)).toBe(`0x${'00'.repeat(31)}01`);
    expect(() => privateKey('00'.repeat(32))).toThrow('not a valid secp256k1 private key');
    expect(() => privateKey('fffffffffffffffffffffffffffffffebaaedce6af48a03bbfd25e8cd0364141')).toThrow('not a valid secp256k1 private key');
    expect(privateKey('fffffffffffffffffffffffffffffffebaaedce6af48a03bbfd25e8cd0364140')).toMatch(/^0x/);
  });

  it('take flags as true or false', () => {
    expect(flag('TRUE')).toBe(true);
    expect(flag('false')).toBe(false);
    expect(() => flag('yes')).toThrow('must be true or false');
  });
});

describe('maskUrlPasswords', () => {
  it('masks every URL password in a text, parseable or not, and leaves the rest', () => {
    expect(maskUrlPasswords('connect postgres://app:s3cret@db:5432/x failed; rpc https://u:p%40ss@rpc/')).toBe(
      'connect postgres://app:***@db:5432/x failed; rpc https://u:***@rpc/',
    );
    expect(maskUrlPasswords('"postgres://u:hunter2@[bad"')).toBe('"postgres://u:***@[bad"');
    expect(maskUrlPasswords('postgres://u:pa@ss@h/db')).toBe('postgres://u:***@h/db');
    expect(maskUrlPasswords('http://127.0.0.1:8545 and postgres://postgres@h/db')).toBe('http://127.0.0.1:8545 and postgres://postgres@h/db');
  });
});

describe('loadSettings masks URL passwords in what it shows', () => {
  it('a bad URL setting is echoed without its password', () => {
    expect(() => loadSettings(spec, { APP_RPC: 'ftp://user:hunter2@rpc' })).toThrow('APP_RPC: must be a http or https URL (got "ftp://user:***@rpc")');
  });
});
