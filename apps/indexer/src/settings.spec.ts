import { loadIndexerSettings } from './settings';

const required = { INDEX_DATABASE_URL: 'postgres://indexer:secret@db:5432/perp_index', RPC_URL: 'https://node.example/rpc' };

describe('indexer settings', () => {
  it('has no default for the store or the chain, and names each missing one', () => {
    expect(() => loadIndexerSettings({})).toThrow(/INDEX_DATABASE_URL is required[\s\S]*RPC_URL is required/);
  });

  it('defaults the rest', () => {
    const settings = loadIndexerSettings(required);
    expect(settings).toMatchObject({ port: 8002, startBlock: 0, confirmations: 12, pollIntervalMs: 2000, maxLagBlocks: 50, chainId: undefined });
    expect([settings.logWindowMinBlocks, settings.logWindowInitialBlocks, settings.logWindowMaxBlocks]).toEqual([1, 500, 5000]);
  });

  it('refuses inconsistent window bounds and masks the URL password', () => {
    expect(() => loadIndexerSettings({ ...required, LOG_WINDOW_MIN_BLOCKS: '100', LOG_WINDOW_MAX_BLOCKS: '10' })).toThrow(
      'LOG_WINDOW_MIN_BLOCKS must not exceed',
    );
    expect(() => loadIndexerSettings({ ...required, LOG_WINDOW_INITIAL_BLOCKS: '9000' })).toThrow('LOG_WINDOW_INITIAL_BLOCKS must lie between');
    let message = '';
    try {
      loadIndexerSettings({ ...required, INDEX_DATABASE_URL: 'mysql://u:hunter2@db/x' });
    } catch (error) {
      message = (error as Error).message;
    }
    expect(message).toContain('INDEX_DATABASE_URL');
    expect(message).not.toContain('hunter2');
  });
});
