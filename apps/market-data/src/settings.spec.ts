import { join } from 'node:path';
import { runTsEntryPoint } from '@perp/local-infra';
import { InvalidSettingsError } from '@perp/service';
import { loadMarketDataSettings } from './settings';

describe('market-data settings', () => {
  it('defaults to the dev stack', () => {
    const settings = loadMarketDataSettings({});
    expect(settings.port).toBe(8001);
    expect(settings.indexDatabaseUrl).toBe('postgres://postgres@127.0.0.1:54320/perp_index');
    expect(settings.adminApiKeys).toHaveLength(1);
  });

  it('takes every override from the environment', () => {
    const settings = loadMarketDataSettings({ MARKET_DATA_PORT: '9001', ADMIN_API_KEYS: 'k1,k2', INDEX_DATABASE_URL: 'postgres://a@b/c' });
    expect(settings).toMatchObject({ port: 9001, adminApiKeys: ['k1', 'k2'], indexDatabaseUrl: 'postgres://a@b/c' });
  });

  it('rejects a bad setting by name', () => {
    expect(() => loadMarketDataSettings({ MARKET_DATA_PORT: 'eighty', SOURCE_DATABASE_URL: 'http://x' })).toThrow(InvalidSettingsError);
    expect(() => loadMarketDataSettings({ MARKET_DATA_PORT: 'eighty' })).toThrow(/MARKET_DATA_PORT: must be an integer/);
  });

  it('the process refuses to start with a message naming the bad setting', () => {
    const run = runTsEntryPoint(join(__dirname, 'main.ts'), { MARKET_DATA_PORT: '99999' });
    expect(run.status).toBe(1);
    expect(run.stderr).toContain('market-data refuses to start');
    expect(run.stderr).toContain('MARKET_DATA_PORT: must be at most 65535 (got "99999")');
  });
});
