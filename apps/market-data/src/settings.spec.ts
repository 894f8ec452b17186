import { join } from 'node:path';
import { runTsEntryPoint } from '@perp/local-infra';
import { DEV_DEFAULTS } from '@perp/dev-defaults';
import { devServiceEnv } from '@perp/service';
import { InvalidSettingsError } from '@perp/settings';
import { loadMarketDataSettings } from './settings';

const KEY_A = 'mdk_admin_a_0123456789abcdefghijklmnop';
const KEY_B = 'mdk_admin_b_0123456789abcdefghijklmnop';

/** The problems the loader reports for `env` (none: the settings loaded). */
function problems(env: NodeJS.ProcessEnv): string[] {
  try {
    loadMarketDataSettings(env);
    return [];
  } catch (error) {
    if (error instanceof InvalidSettingsError) return error.problems;
    throw error;
  }
}

describe('market-data settings', () => {
  it('load the dev environment the dev stack passes', () => {
    const settings = loadMarketDataSettings(devServiceEnv());
    expect(settings.port).toBe(8001);
    expect(settings.indexDatabaseUrl).toBe('postgres://postgres@127.0.0.1:54320/perp_index');
    expect(settings.adminApiKeys).toEqual([DEV_DEFAULTS.adminApiKey]);
  });

  it('takes every override from the environment', () => {
    const settings = loadMarketDataSettings(
      devServiceEnv({ MARKET_DATA_PORT: '9001', ADMIN_API_KEYS: `${KEY_A},${KEY_B}`, INDEX_DATABASE_URL: 'postgres://a@b/c' }),
    );
    expect(settings).toMatchObject({ port: 9001, adminApiKeys: [KEY_A, KEY_B], indexDatabaseUrl: 'postgres://a@b/c' });
  });

  it('rejects a bad setting by name', () => {
    expect(() => loadMarketDataSettings(devServiceEnv({ MARKET_DATA_PORT: 'eighty', SOURCE_DATABASE_URL: 'http://x' }))).toThrow(InvalidSettingsError);
    expect(() => loadMarketDataSettings(devServiceEnv({ MARKET_DATA_PORT: 'eighty' }))).toThrow(/MARKET_DATA_PORT: must be an integer/);
  });

  it('has no default for any secret, trust anchor or database: each missing one is named', () => {
    expect(problems({})).toEqual([
      'INDEX_DATABASE_URL is required but not set',
      'SOURCE_DATABASE_URL is required but not set',
      'MARKET_DATA_DATABASE_URL is required but not set',
      'ADMIN_API_KEYS is required but not set',
      'JWT_ISSUER is required but not set',
      'JWT_AUDIENCE is required but not set',
      'JWT_JWKS_URL or JWT_JWKS_FILE is required but not set',
    ]);
  });

  it('treats a blank admin key (or a blank entry) as missing, and refuses weak or repeated keys without echoing them', () => {
    expect(problems(devServiceEnv({ ADMIN_API_KEYS: '  ' }))).toEqual(['ADMIN_API_KEYS is required but not set']);
    expect(problems(devServiceEnv({ ADMIN_API_KEYS: ' , ' }))).toEqual(['ADMIN_API_KEYS: is blank']);
    expect(problems(devServiceEnv({ ADMIN_API_KEYS: `${KEY_A},,${KEY_B}` }))).toEqual(['ADMIN_API_KEYS: item 2 is blank']);
    expect(problems(devServiceEnv({ ADMIN_API_KEYS: 'a' }))).toEqual(['ADMIN_API_KEYS: item 1 must be at least 32 characters']);
    const weak = 'x'.repeat(31);
    expect(problems(devServiceEnv({ ADMIN_API_KEYS: `${KEY_A},${weak}` }))).toEqual(['ADMIN_API_KEYS: item 2 must be at least 32 characters']);
    expect(problems(devServiceEnv({ ADMIN_API_KEYS: `${KEY_A}, ${KEY_A}` }))).toEqual(['ADMIN_API_KEYS: lists the same value twice']);
  });

  it('refuses the published dev admin key unless ALLOW_DEV_KEYS=true, and ALLOW_DEV_KEYS=true under NODE_ENV=production', () => {
    expect(problems(devServiceEnv({ ALLOW_DEV_KEYS: '' }))).toEqual([
      'ADMIN_API_KEYS: item 1 is the dev stack admin key, which is public: refused unless ALLOW_DEV_KEYS=true (dev stack only)',
    ]);
    expect(problems(devServiceEnv({ ALLOW_DEV_KEYS: 'true', NODE_ENV: 'production' }))).toEqual([
      'ALLOW_DEV_KEYS: must not be true when NODE_ENV=production (dev secrets are public)',
      'ADMIN_API_KEYS: item 1 is the dev stack admin key, which is public: refused unless ALLOW_DEV_KEYS=true (dev stack only)',
    ]);
    expect(problems(devServiceEnv({ ALLOW_DEV_KEYS: 'true', NODE_ENV: 'production', ADMIN_API_KEYS: KEY_A }))).toEqual([
      'ALLOW_DEV_KEYS: must not be true when NODE_ENV=production (dev secrets are public)',
    ]);
    expect(problems(devServiceEnv({ ALLOW_DEV_KEYS: 'false', NODE_ENV: 'production', ADMIN_API_KEYS: KEY_A }))).toEqual([]);
  });

  it('masks the password of a database URL it shows', () => {
    const shown = problems(
      devServiceEnv({ INDEX_DATABASE_URL: 'mysql://reader:hunter2-secret@db.internal/index', SOURCE_DATABASE_URL: 'postgres://u:hunter2@[bad' }),
    );
    expect(shown).toEqual([
      'INDEX_DATABASE_URL: must be a postgres or postgresql URL (got "mysql://reader:***@db.internal/index")',
      'SOURCE_DATABASE_URL: must be a URL (got "postgres://u:***@[bad")',
    ]);
  });

  it('the process refuses to start with a message naming the bad setting', () => {
    const run = runTsEntryPoint(join(__dirname, 'main.ts'), { ...devServiceEnv(), MARKET_DATA_PORT: '99999' });
    expect(run.status).toBe(1);
    expect(run.stderr).toContain('market-data refuses to start');
    expect(run.stderr).toContain('MARKET_DATA_PORT: must be at most 65535 (got "99999")');
  });

  it('started as the image starts it (NODE_ENV=production, nothing set), the process exits 1 naming every missing setting', () => {
    const unset = Object.fromEntries(Object.keys(devServiceEnv()).map((name) => [name, '']));
    const run = runTsEntryPoint(join(__dirname, 'main.ts'), { ...unset, NODE_ENV: 'production', INDEX_DATABASE_URL: 'postgres://u:hunter2-secret@db/x' });
    expect(run.status).toBe(1);
    for (const name of ['SOURCE_DATABASE_URL', 'MARKET_DATA_DATABASE_URL', 'ADMIN_API_KEYS', 'JWT_ISSUER', 'JWT_AUDIENCE']) {
      expect(run.stderr).toContain(`${name} is required but not set`);
    }
    expect(run.stderr).toContain('JWT_JWKS_URL or JWT_JWKS_FILE is required but not set');
    expect(`${run.stdout}${run.stderr}`).not.toContain('hunter2');
    expect(`${run.stdout}${run.stderr}`).not.toContain(DEV_DEFAULTS.adminApiKey);
  });
});
