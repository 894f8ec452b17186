import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { loadBeaconOpsSettings } from './settings';

const ROOT = join(__dirname, '..', '..', '..');

describe('beacon-ops settings', () => {
  it('defaults to the dev stack', () => {
    expect(loadBeaconOpsSettings({})).toMatchObject({ port: 8000, rpcUrl: 'http://127.0.0.1:8545' });
  });

  it('takes every override from the environment', () => {
    const settings = loadBeaconOpsSettings({ BEACON_OPS_PORT: '9000', RPC_URL: 'https://rpc.example', BEACON_OPS_ACCESS_TOKENS: 'a'.repeat(16) + ',' + 'b'.repeat(20) });
    expect(settings).toMatchObject({ port: 9000, rpcUrl: 'https://rpc.example', accessTokens: ['a'.repeat(16), 'b'.repeat(20)] });
  });

  it('rejects weak tokens without echoing them', () => {
    expect(() => loadBeaconOpsSettings({ BEACON_OPS_ACCESS_TOKENS: 'short' })).toThrow(/BEACON_OPS_ACCESS_TOKENS: item 1 must be at least 16 characters$/m);
  });

  it('the process refuses to start with a message naming the bad setting', () => {
    const run = spawnSync(process.execPath, ['-r', join(ROOT, 'tools', 'ts-register.js'), join(__dirname, 'main.ts')], {
      env: { ...process.env, RPC_URL: 'ftp://chain' },
      encoding: 'utf8',
      timeout: 60_000,
    });
    expect(run.status).toBe(1);
    expect(run.stderr).toContain('beacon-ops refuses to start');
    expect(run.stderr).toContain('RPC_URL: must be a http or https URL (got "ftp://chain")');
  });
});
